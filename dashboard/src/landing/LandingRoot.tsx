import { lazy } from "react";
import { ThemeProvider } from "../state/theme.tsx";
import { LandingPage } from "./LandingPage.tsx";

const LandingAuth = lazy(() => import("./LandingAuth.tsx").then((m) => ({ default: m.LandingAuth })));

/**
 * The signed-out landing page on its own, as pre-rendered into index.html and hydrated by
 * src/main.tsx without the merchant app (router, server state, signed-in pages). Its sign-in
 * dialog brings the session with it; once signed in, `onSignedIn` hands the page to the app.
 */
export function LandingRoot({ onSignedIn }: { onSignedIn(): void }) {
  return (
    <ThemeProvider>
      <LandingPage renderAuth={(props) => <LandingAuth {...props} onSignedIn={onSignedIn} />} />
    </ThemeProvider>
  );
}
