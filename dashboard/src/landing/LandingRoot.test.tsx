import { screen } from "@testing-library/react";
import { act, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { LandingRoot } from "./LandingRoot.tsx";
import { LANDING } from "./messages.ts";
import { renderLanding } from "./prerender.tsx";

// hydrateRoot outside Testing Library's render: let React know act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the pre-rendered landing page", () => {
  it("hydrates without a mismatch for a visitor whose stored theme differs from the build's", async () => {
    // Built without a visitor (light); hydrated for one who chose dark.
    const container = document.createElement("div");
    container.innerHTML = renderLanding();
    document.body.append(container);
    localStorage.setItem("theme", "dark");
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <StrictMode>
          <LandingRoot onSignedIn={() => {}} />
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      ),
    );
    expect(errors).toEqual([]);
    // After hydration the toggle shows the visitor's theme.
    expect(screen.getByTestId("theme-toggle").getAttribute("aria-label")).toBe(LANDING.themeToLight);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(LANDING.heroTitle);
    await act(async () => root.unmount());
    container.remove();
  });
});
