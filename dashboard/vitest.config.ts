import { defineConfig } from "vitest/config";

/**
 * Components run in jsdom beside their code (src/**\/*.test.tsx); the end-to-end tests drive
 * Debian's Chromium against the real server and devnet (test/e2e), in Node.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "e2e", environment: "node", include: ["test/**/*.test.ts"] },
      },
    ],
  },
});
