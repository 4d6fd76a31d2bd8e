import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { markdownPlugin } from "./build/markdown-plugin.ts";
import { openapiPlugin } from "./build/openapi-plugin.ts";
import { prerenderPlugin } from "./build/prerender-plugin.ts";

/**
 * Served by the gateway under /docs and /blog on the product's origin; built files live in
 * /docs-assets/ (the dashboard owns /assets/).
 */
export default defineConfig({
  base: "/",
  plugins: [react(), markdownPlugin(), openapiPlugin(), prerenderPlugin()],
  build: {
    outDir: "dist",
    assetsDir: "docs-assets",
    emptyOutDir: true,
  },
  server: {
    proxy: { "/v1": "http://localhost:8787" },
  },
});
