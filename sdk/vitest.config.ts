import { defineConfig } from "vitest/config";

/**
 * Two projects: components and the drop-in run in jsdom, everything else (core, server helpers,
 * snippets, packaging, browser tests driving Chromium) in Node. A file may still pick its own
 * environment with a `// @vitest-environment` comment.
 */
const DOM_TESTS = ["src/ui/**/*.test.{ts,tsx}", "src/dropin/**/*.test.{ts,tsx}", "src/react*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
          exclude: [...DOM_TESTS, "**/node_modules/**"],
        },
      },
      {
        extends: true,
        test: { name: "dom", environment: "jsdom", include: DOM_TESTS },
      },
    ],
  },
});
