import { defineConfig } from "vitest/config";

/** Each pairing pays on the devnet and waits on the gateway's watcher: seconds per test, more under load. */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own devnet and gateway on free ports; vitest's default here is one worker.
    maxWorkers: 2,
  },
});
