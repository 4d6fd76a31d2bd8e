import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own product (gateway, devnet, data folder) and browser on free ports.
    maxWorkers: 2,
  },
});
