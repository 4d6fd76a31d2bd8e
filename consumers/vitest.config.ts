import { defineConfig } from "vitest/config";

/**
 * The files share one packed project (src/global-setup.ts). Each of the two slow files starts its
 * own gateway on the devnet; they wait on the chain, npm and a browser more than on a core.
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
  },
});
