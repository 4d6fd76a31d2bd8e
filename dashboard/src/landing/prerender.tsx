import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { LandingRoot } from "./LandingRoot.tsx";

/** The landing page's HTML for index.html (build/prerender-landing.ts), as src/main.tsx hydrates it. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingRoot onSignedIn={() => {}} />
    </StrictMode>,
  );
}
