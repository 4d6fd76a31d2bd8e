import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig, SettingError, workspaceRoot } from "./config.ts";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

function settingError(env: NodeJS.ProcessEnv): SettingError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof SettingError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted the settings");
}

describe("a bad setting", () => {
  it("names the environment variable to change", () => {
    const error = settingError({ PORT: "eighty" });
    expect(error.variable).toBe("PORT");
    expect(error.message).toMatch(/^set PORT to a valid value \(.+\)$/);
    expect(settingError({ DEVNET_PORT: "70000" }).variable).toBe("DEVNET_PORT");
    expect(settingError({ SPAY_WATCHER: "sometimes" }).variable).toBe("SPAY_WATCHER");
  });

  it("does not repeat the value (some carry secrets)", () => {
    const error = settingError({ SPAY_ENCRYPTION_KEY: "hunter2-hunter2" });
    expect(error.variable).toBe("SPAY_ENCRYPTION_KEY");
    expect(error.message).not.toContain("hunter2");
  });

  it("several API processes on PGlite names SPAY_API_PROCESSES", () => {
    expect(settingError({ SPAY_API_PROCESSES: "2" }).variable).toBe("SPAY_API_PROCESSES");
  });
});

describe("an empty variable", () => {
  it("is unset: the default applies (not 0, which would disable a limit)", () => {
    const config = loadConfig({ PORT: "", SPAY_RATE_LIMIT_KEY_RPS: "", SPAY_CHAIN: "" });
    expect(config.port).toBe(8787);
    expect(config.rateLimitKeyPerSecond).toBe(100);
    expect(config.chain).toBe("devnet");
  });

  it("means no extra CORS origins for SPAY_CORS_ORIGINS", () => {
    expect(loadConfig({ SPAY_CORS_ORIGINS: "" }).corsOrigins).toBe("");
  });
});

describe("the front-end folders", () => {
  it("default to the workspace's builds, found from the source and from the built files alike", () => {
    expect(existsSync(path.join(REPO, "pnpm-workspace.yaml"))).toBe(true);
    expect(workspaceRoot()).toBe(path.resolve(REPO));
    expect(workspaceRoot(path.join(REPO, "server", "dist", "cli"))).toBe(path.resolve(REPO));
    const config = loadConfig({});
    expect(config.dashboardDir).toBe(path.join(REPO, "dashboard", "dist"));
    expect(config.docsDir).toBe(path.join(REPO, "docs-site", "dist"));
    expect(config.sdkDir).toBe(path.join(REPO, "sdk", "dist"));
  });

  it("outside a workspace there is none to find", () => {
    expect(workspaceRoot(tmpdir())).toBeNull();
  });

  it("come from SPAY_DASHBOARD_DIR, SPAY_DOCS_DIR and SPAY_SDK_DIR", () => {
    const config = loadConfig({
      SPAY_DASHBOARD_DIR: "/srv/spay/dashboard",
      SPAY_DOCS_DIR: "/srv/spay/docs",
      SPAY_SDK_DIR: "/srv/spay/sdk",
    });
    expect([config.dashboardDir, config.docsDir, config.sdkDir]).toEqual([
      "/srv/spay/dashboard",
      "/srv/spay/docs",
      "/srv/spay/sdk",
    ]);
  });
});
