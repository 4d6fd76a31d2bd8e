import { defineConfig } from "vitest/config";
import { BaseSequencer } from "vitest/node";
import { heavyFirst } from "../scripts/lib/heavy-first-sequencer.ts";

/**
 * Components run in jsdom beside their code (src/**\/*.test.tsx); checks of the build output
 * (src/**\/*.build.test.ts) read dist/ in Node; the end-to-end tests drive
 * Debian's Chromium against the real server and devnet (test/e2e), in Node.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // vitest's default on 2 cores is one worker.
    maxWorkers: 2,
    sequence: { sequencer: heavyFirst(BaseSequencer) },
    // The browser tests first: they are the long ones, and files start in project order.
    projects: [
      {
        extends: true,
        test: { name: "e2e", environment: "node", include: ["test/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/**/*.build.test.ts"],
          setupFiles: ["./src/test-setup.ts"],
          // One jsdom and one module graph per worker (Testing Library unmounts after each test):
          // a fresh jsdom per file cost 110 s for 64 files, shared 14 s.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        // Checks of the build output in dist/ (`pnpm test` builds first), in Node.
        extends: true,
        test: { name: "build", environment: "node", include: ["src/**/*.build.test.ts"] },
      },
    ],
  },
});
