import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { errorCode } from "../api/http.ts";
import type { SecondFactorProof } from "../api/two-factor.ts";
import type { PasskeyRequestOptions, SecondFactorMethod } from "../api/types.ts";
import { secondFactorErrorText } from "./auth-errors.ts";
import { SECOND_FACTOR } from "./messages.ts";
import { passkeyCeremony, passkeyRefusal, passkeysSupported } from "./passkey-ceremony.ts";

type Mode = "totp" | "recovery_code";

/**
 * The answer to "prove it's you": the 6-digit code from the authenticator app, or — a link away —
 * one of the recovery codes, or a passkey; whichever the account has (`methods`). Used by the
 * second step of a sign-in and by the step-up asked before a guarded action. `prove` sends the
 * answer and does what follows; when it throws, the refusal shows here (`describe` may word it for
 * the caller first) and a wrong code is cleared for the next try.
 */
export function SecondFactorForm({
  methods,
  prove,
  passkeyOptions,
  describe,
  actions,
}: {
  methods: readonly SecondFactorMethod[];
  prove(proof: SecondFactorProof): Promise<void>;
  /** The server's options for a passkey to answer; without it no passkey is offered. */
  passkeyOptions?: () => Promise<PasskeyRequestOptions>;
  describe?: (err: unknown) => string | null;
  /** Buttons beside Verify (Cancel, Back). */
  actions?: ReactNode;
}) {
  const hasCode = methods.includes("totp");
  const hasRecovery = methods.includes("recovery_code");
  const hasPasskey = methods.includes("passkey") && passkeyOptions !== undefined && passkeysSupported();
  const [mode, setMode] = useState<Mode | null>(hasCode ? "totp" : hasRecovery ? "recovery_code" : null);
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const promptId = useId();
  const errorId = useId();

  // Focus follows the question: the field on arrival and when switching to the other kind of code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the kind of code changes
  useEffect(() => {
    (input.current ?? passkeyButton.current)?.focus();
  }, [mode]);

  const fail = (err: unknown) => {
    setError(describe?.(err) ?? secondFactorErrorText(err));
    // A wrong code is not worth keeping: the next try starts from an empty field.
    if (errorCode(err) === "invalid_second_factor_code") setValue("");
    input.current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    // Authenticator apps show the code as "492 039"; recovery codes are read back with spaces too.
    const typed = value.replace(/\s+/g, "");
    if (!typed) {
      setError(SECOND_FACTOR.codeRequired);
      input.current?.focus();
      return;
    }
    setBusy("code");
    setError(null);
    try {
      await prove(mode === "totp" ? { code: typed } : { recovery_code: typed });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const withPasskey = async () => {
    if (!passkeyOptions) return;
    setBusy("passkey");
    setError(null);
    try {
      const assertion = await passkeyCeremony.answer(await passkeyOptions());
      await prove({ passkey: assertion });
    } catch (err) {
      if (passkeyRefusal(err) === "canceled") setError(SECOND_FACTOR.passkeyCanceled);
      else fail(err);
    } finally {
      setBusy(null);
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setValue("");
    setError(null);
  };

  const errorLine = (
    <p role="alert" id={errorId} className="error-text">
      {error}
    </p>
  );

  return (
    <div className="stack second-factor">
      {mode ? (
        <form className="stack" onSubmit={submit} noValidate>
          <p id={promptId}>{mode === "totp" ? SECOND_FACTOR.codePrompt : SECOND_FACTOR.recoveryPrompt}</p>
          <label htmlFor={inputId}>
            {mode === "totp" ? SECOND_FACTOR.codeLabel : SECOND_FACTOR.recoveryLabel}
          </label>
          <input
            ref={input}
            id={inputId}
            // A new element per kind of code: the browser's one-time-code autofill applies to the app's only.
            key={mode}
            className="code-input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode={mode === "totp" ? "numeric" : "text"}
            autoComplete={mode === "totp" ? "one-time-code" : "off"}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={mode === "totp" ? 16 : 32}
            aria-describedby={error ? `${promptId} ${errorId}` : promptId}
            aria-invalid={error ? true : undefined}
          />
          {mode === "recovery_code" ? <p className="muted">{SECOND_FACTOR.recoveryHint}</p> : null}
          {errorLine}
          <div className="row">
            <button type="submit" className="button button-primary" disabled={busy !== null}>
              {busy === "code" ? SECOND_FACTOR.verifying : SECOND_FACTOR.verify}
            </button>
            {actions}
          </div>
        </form>
      ) : (
        <>
          <p>{hasPasskey ? SECOND_FACTOR.passkeyPrompt : SECOND_FACTOR.passkeyUnsupported}</p>
          {errorLine}
        </>
      )}
      <div className="row second-factor-alternatives">
        {mode === "totp" && hasRecovery ? (
          <button type="button" className="text-link" onClick={() => switchTo("recovery_code")}>
            {SECOND_FACTOR.useRecovery}
          </button>
        ) : null}
        {mode === "recovery_code" && hasCode ? (
          <button type="button" className="text-link" onClick={() => switchTo("totp")}>
            {SECOND_FACTOR.useCode}
          </button>
        ) : null}
        {hasPasskey ? (
          <button
            ref={passkeyButton}
            type="button"
            className={mode ? "button" : "button button-primary"}
            disabled={busy !== null}
            onClick={() => void withPasskey()}
          >
            {busy === "passkey" ? SECOND_FACTOR.waitingForPasskey : SECOND_FACTOR.usePasskey}
          </button>
        ) : null}
        {mode ? null : actions}
      </div>
    </div>
  );
}
