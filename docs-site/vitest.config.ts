import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { markdownPlugin } from "./build/markdown-plugin.ts";
import { openapiPlugin } from "./build/openapi-plugin.ts";

export default defineConfig({
  plugins: [react(), markdownPlugin(), openapiPlugin()],
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "build/**/*.test.ts",
      "samples/**/*.test.{ts,tsx}",
      "test/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
