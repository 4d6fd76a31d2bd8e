import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { openapiPlugin } from "./build/openapi-plugin.ts";

export default defineConfig({
  plugins: [react(), openapiPlugin()],
  test: {
    include: ["src/**/*.test.{ts,tsx}", "samples/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
