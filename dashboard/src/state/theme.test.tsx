import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";
import { initialTheme, ThemeProvider } from "./theme.tsx";

function mockSystemDark(dark: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: dark && query.includes("dark"), media: query }));
}

describe("theme (SPEC.md §2, §9)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("defaults to the system preference", () => {
    mockSystemDark(true);
    expect(initialTheme()).toBe("dark");
    mockSystemDark(false);
    expect(initialTheme()).toBe("light");
  });

  it("prefers the stored theme", () => {
    mockSystemDark(true);
    localStorage.setItem("theme", "light");
    expect(initialTheme()).toBe("light");
  });

  it("toggles, stores the choice under 'theme' and animates for 300 ms", () => {
    vi.useFakeTimers();
    mockSystemDark(false);
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe("light");
    act(() => screen.getByRole("button", { name: "Switch to dark theme" }).click());
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(document.documentElement.classList.contains("theme-transition")).toBe(true);
    act(() => vi.advanceTimersByTime(300));
    expect(document.documentElement.classList.contains("theme-transition")).toBe(false);
  });
});
