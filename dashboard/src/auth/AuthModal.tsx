import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { login, register, walletSignIn } from "../api/auth.ts";
import type { SessionGrant } from "../api/types.ts";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { authErrorMessage } from "./auth-errors.ts";
import { AUTH } from "./messages.ts";
import { signWalletChallenge } from "./wallet-signature.ts";

export type AuthMode = "register" | "signin";

/**
 * Register / Sign In with email and password, or with a wallet signature verified by the server.
 * After sign-in the signed-in home sends the user to /dashboard or /getting-started.
 */
export function AuthModal({ initialMode, onClose }: { initialMode: AuthMode; onClose(): void }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const emailId = useId();
  const passwordId = useId();

  const finish = (grant: SessionGrant) => {
    signIn(grant);
    onClose();
    navigate("/", { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      finish(
        mode === "register" ? await register(email.trim(), password) : await login(email.trim(), password),
      );
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  };

  const withWallet = async () => {
    setBusy(true);
    setError(null);
    try {
      finish(await walletSignIn(await signWalletChallenge("sign_in")));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : AUTH.failed);
      setBusy(false);
    }
  };

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
      <button type="button" className="button button-block" onClick={withWallet} disabled={busy}>
        {AUTH.withWallet}
      </button>
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
