import { MemoryRouter } from "react-router-dom";
import { AuthModal, type AuthMode } from "../auth/AuthModal.tsx";
import { SESSION_KEY, SessionProvider } from "../state/session.tsx";
import { readStored } from "../state/storage.ts";

/**
 * The auth dialog of the stand-alone landing page (LandingRoot), loaded when opened: the session
 * provider it signs in with, and a router of its own (the dialog navigates to "/", where it is).
 * The dialog signs in, which stores the session, then closes: closed with a session stored, the
 * app takes over ("/" becomes the signed-in home).
 */
export function LandingAuth({
  initialMode,
  onClose,
  onSignedIn,
}: {
  initialMode: AuthMode;
  onClose(): void;
  onSignedIn(): void;
}) {
  const close = () => (readStored<string | null>(SESSION_KEY, null) ? onSignedIn() : onClose());
  return (
    <MemoryRouter>
      <SessionProvider>
        <AuthModal initialMode={initialMode} onClose={close} />
      </SessionProvider>
    </MemoryRouter>
  );
}
