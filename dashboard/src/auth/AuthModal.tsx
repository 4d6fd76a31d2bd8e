import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { isSecondFactorChallenge, login, register, walletSignIn } from "../api/auth.ts";
import { errorCode } from "../api/http.ts";
import { passkeySignIn, secondFactorPasskeyOptions, signInPasskeyOptions } from "../api/passkeys.ts";
import { type SecondFactorProof, verifySecondFactor } from "../api/two-factor.ts";
import type { SecondFactorChallenge, SessionGrant, SignInResult } from "../api/types.ts";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { authErrorMessage } from "./auth-errors.ts";
import { AUTH, SECOND_FACTOR } from "./messages.ts";
import { passkeyCeremony, passkeyRefusal, passkeysSupported } from "./passkey-ceremony.ts";
import { SecondFactorForm } from "./SecondFactorForm.tsx";
import { signWalletChallenge } from "./wallet-signature.ts";

export type AuthMode = "register" | "signin";

/**
 * Register / Sign In with email and password, or with a wallet signature verified by the server,
 * or with a passkey alone. An account with a second factor is asked for it next (the server
 * answered a challenge instead of a session): a code from the authenticator app, a recovery code
 * or a passkey; a challenge that expired or ran out of attempts goes back to the first step.
 * After sign-in the signed-in home sends the user to /dashboard or /getting-started, unless
 * `onSignedIn` keeps them where they are (the invitation page, to accept once signed in).
 */
export function AuthModal({
  initialMode,
  initialEmail = "",
  onClose,
  onSignedIn,
}: {
  initialMode: AuthMode;
  initialEmail?: string;
  onClose(): void;
  onSignedIn?(): void;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const emailId = useId();
  const passwordId = useId();
  const passwordInput = useRef<HTMLInputElement>(null);
  const challenged = useRef(false);

  // Back from the second step (expired, or by choice): the password is asked again, focused.
  useEffect(() => {
    if (challenge) challenged.current = true;
    else if (challenged.current) passwordInput.current?.focus();
  }, [challenge]);

  const finish = (grant: SessionGrant) => {
    signIn(grant);
    onClose();
    if (onSignedIn) onSignedIn();
    else navigate("/", { replace: true });
  };

  /** A first factor's answer: signed in, or on to the second step. */
  const firstFactorDone = (result: SignInResult) => {
    if (!isSecondFactorChallenge(result)) return finish(result);
    setBusy(false);
    setChallenge(result);
  };

  const startOver = (message: string | null) => {
    setChallenge(null);
    setPassword("");
    setError(message);
  };

  const proveSecondFactor = async (proof: SecondFactorProof) => {
    if (!challenge) return;
    try {
      finish(await verifySecondFactor(challenge.challenge_token, proof));
    } catch (err) {
      // The challenge is spent, expired or out of attempts: only a new sign-in gets another.
      if (errorCode(err) === "second_factor_challenge_invalid")
        return startOver(SECOND_FACTOR.challengeExpired);
      throw err;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "register") finish(await register(email.trim(), password));
      else firstFactorDone(await login(email.trim(), password));
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  const withWallet = async () => {
    setBusy(true);
    setError(null);
    try {
      firstFactorDone(await walletSignIn(await signWalletChallenge("sign_in")));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : AUTH.failed);
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      finish(await passkeySignIn(await passkeyCeremony.answer(await signInPasskeyOptions())));
    } catch (err) {
      const refusal = passkeyRefusal(err);
      setError(
        refusal === "canceled"
          ? AUTH.passkeyCanceled
          : errorCode(err) === "passkey_invalid"
            ? AUTH.passkeyFailed
            : authErrorMessage(err),
      );
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <Modal title={SECOND_FACTOR.title} onClose={onClose}>
        <SecondFactorForm
          methods={challenge.methods}
          prove={proveSecondFactor}
          passkeyOptions={() => secondFactorPasskeyOptions(challenge.challenge_token)}
          actions={
            <button type="button" className="button" onClick={() => startOver(null)}>
              {SECOND_FACTOR.startOver}
            </button>
          }
        />
      </Modal>
    );
  }

  const title = mode === "register" ? AUTH.register : AUTH.signIn;
  return (
    <Modal title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label htmlFor={emailId}>{AUTH.email}</label>
        <input
          id={emailId}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-autofocus
        />
        <label htmlFor={passwordId}>{AUTH.password}</label>
        <input
          ref={passwordInput}
          id={passwordId}
          type="password"
          required
          minLength={mode === "register" ? 8 : undefined}
          autoComplete={mode === "register" ? "new-password" : "current-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div role="alert" className="error-text">
          {error}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? AUTH.working : title}
        </button>
      </form>
      <p className="divider">{AUTH.or}</p>
      <div className="stack">
        <button type="button" className="button button-block" onClick={withWallet} disabled={busy}>
          {AUTH.withWallet}
        </button>
        {mode === "signin" && passkeysSupported() ? (
          <button
            type="button"
            className="button button-block"
            onClick={() => void withPasskey()}
            disabled={busy}
          >
            {AUTH.withPasskey}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="text-link switch-mode"
        onClick={() => {
          setMode(mode === "register" ? "signin" : "register");
          setError(null);
        }}
      >
        {mode === "register" ? AUTH.toSignIn : AUTH.toRegister}
      </button>
    </Modal>
  );
}
