import { qrDataUrl } from "@spay/sdk";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorCode } from "../api/http.ts";
import { confirmTotp, startTotp } from "../api/two-factor.ts";
import type { TotpEnrollment } from "../api/types.ts";
import { useSession } from "../state/session.tsx";
import { CopyButton } from "../ui/CopyButton.tsx";
import { FormActions } from "../ui/FormActions.tsx";
import { Modal } from "../ui/Modal.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { ENROLL, RECOVERY_CODES } from "./messages.ts";
import { useRecoveryCodes } from "./RecoveryCodes.tsx";
import { isStepUpCanceled, type StepUp } from "./useStepUp.tsx";

/** The QR code's size: large enough for a phone at arm's length, small enough for a 390 px screen. */
const QR = { width: 200, margin: 2 } as const;

/** The base32 secret in groups of four, as authenticator apps show what was typed. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

type Start =
  | { kind: "starting" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; enrollment: TotpEnrollment };

/**
 * Adding an authenticator app: the server makes a secret (pending), shown as a QR code to scan and
 * as text to type; the app's first code confirms it, and the answer carries the ten recovery codes,
 * shown once, in this same dialog. Confirming needs a fresh second factor from someone whose
 * passkey is already one (`stepUp`).
 */
export function EnrollTotpModal({
  stepUp,
  onEnabled,
  onClose,
}: {
  stepUp: StepUp;
  /** The app is active (recovery codes on screen): the caller refreshes what depends on it. */
  onEnabled(): void;
  onClose(): void;
}) {
  const { token } = useSession();
  const [start, setStart] = useState<Start>({ kind: "starting" });
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const recovery = useRecoveryCodes(codes, onClose);

  const begin = () => {
    if (!token) return;
    setStart({ kind: "starting" });
    startTotp(token).then(
      (enrollment) => setStart({ kind: "ready", enrollment }),
      (err: unknown) => setStart({ kind: "failed", message: ENROLL.startFailed(fieldErrorOf(err).message) }),
    );
  };

  // One secret per opening: a second start would replace the secret the QR code shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, when the dialog opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, []);

  return (
    <Modal title={codes ? RECOVERY_CODES.title : ENROLL.title} onClose={codes ? recovery.close : onClose}>
      {codes ? (
        recovery.panel
      ) : start.kind === "starting" ? (
        <Loading label={ENROLL.starting} />
      ) : start.kind === "failed" ? (
        <ErrorNotice message={start.message} onRetry={begin} />
      ) : (
        <EnrollForm
          enrollment={start.enrollment}
          confirm={(code) => {
            if (!token) throw new Error("not signed in");
            return stepUp.run(() => confirmTotp(token, code));
          }}
          onConfirmed={(recoveryCodes) => {
            setCodes(recoveryCodes);
            onEnabled();
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function EnrollForm({
  enrollment,
  confirm,
  onConfirmed,
  onCancel,
}: {
  enrollment: TotpEnrollment;
  confirm(code: string): Promise<{ recovery_codes: string[] }>;
  onConfirmed(codes: string[]): void;
  onCancel(): void;
}) {
  const [qr, setQr] = useState<{ src: string } | "drawing" | "failed">("drawing");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const promptId = useId();
  const secretId = useId();

  // The secret arrived after the dialog opened: the field the next step needs takes the focus.
  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    let active = true;
    setQr("drawing");
    qrDataUrl(enrollment.otpauth_url, QR).then(
      (src) => active && setQr({ src }),
      () => active && setQr("failed"),
    );
    return () => {
      active = false;
    };
  }, [enrollment.otpauth_url]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!typed) {
      setError(ENROLL.codeRequired);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onConfirmed((await confirm(typed)).recovery_codes);
    } catch (err) {
      setBusy(false);
      if (isStepUpCanceled(err)) return;
      if (errorCode(err) === "invalid_second_factor_code") {
        setError(ENROLL.wrongCode);
        setCode("");
      } else setError(ENROLL.confirmFailed(fieldErrorOf(err).message));
      input.current?.focus();
    }
  };

  return (
    <form className="stack enroll-totp" onSubmit={submit} noValidate>
      <p>{ENROLL.scan}</p>
      <figure className="totp-qr" data-testid="totp-qr" data-otpauth-url={enrollment.otpauth_url}>
        {typeof qr === "object" ? (
          <img src={qr.src} alt={ENROLL.qrAlt} width={QR.width} height={QR.width} />
        ) : qr === "drawing" ? (
          <span className="totp-qr-placeholder" role="img" aria-label={ENROLL.drawing} />
        ) : (
          <span role="alert" className="error-text">
            {ENROLL.qrFailed}
          </span>
        )}
      </figure>
      <p id={secretId}>{ENROLL.manual}</p>
      <div className="row totp-secret">
        <code className="key" data-testid="totp-secret">
          {groupedSecret(enrollment.secret)}
        </code>
        <CopyButton text={enrollment.secret} label={ENROLL.secretLabel} />
      </div>
      <p id={promptId}>{ENROLL.codePrompt}</p>
      <label htmlFor={codeId}>{ENROLL.codeLabel}</label>
      <input
        ref={input}
        id={codeId}
        className="code-input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        aria-describedby={`${secretId} ${promptId}`}
        aria-invalid={error ? true : undefined}
      />
      <FormActions
        error={error}
        busy={busy}
        submit={ENROLL.confirm}
        busyText={ENROLL.confirming}
        cancel={ENROLL.cancel}
        onCancel={onCancel}
      />
    </form>
  );
}
