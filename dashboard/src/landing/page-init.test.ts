import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import SCRIPT from "../../build/page-init.js?raw";
import { SESSION_KEY, USER_KEY } from "../state/session.tsx";
import { writeStored } from "../state/storage.ts";

/** build/page-init.js, the script index.html and checkout.html run in <head> before first paint. */
const run = (pathname = "/") => {
  history.replaceState(null, "", pathname);
  new Function(SCRIPT)();
  return document.documentElement.dataset;
};

beforeEach(() => {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, "", "/");
  delete document.documentElement.dataset.shell;
  delete document.documentElement.dataset.theme;
});

describe("the page init script", () => {
  it("shows the pre-rendered landing at / to a visitor without a stored session", () => {
    expect(run("/").shell).toBe("landing");
  });

  it("gives a visitor with the session's stored token and user the app, at / too", () => {
    writeStored(SESSION_KEY, "sess_1");
    writeStored(USER_KEY, { id: "usr_1", email: "a@example.com" });
    expect(run("/").shell).toBe("app");
  });

  it("gives the app on any other path (the app sends a signed-out visitor back to /)", () => {
    expect(run("/settings").shell).toBe("app");
  });

  it("applies the stored theme, else the system's", () => {
    expect(run().theme).toBe("light");
    localStorage.setItem("theme", "dark");
    expect(run().theme).toBe("dark");
  });
});
