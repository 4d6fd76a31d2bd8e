import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file starts its own simnet (CPU-bound WASM, ~2.5 s): two at a time fits a 2-core machine.
    maxWorkers: 2,
  },
});
