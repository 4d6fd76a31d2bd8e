import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { markdownPlugin } from "./build/markdown-plugin.ts";
import { openapiPlugin } from "./build/openapi-plugin.ts";
import { prerenderPlugin } from "./build/prerender-plugin.ts";

/**
 * The browser build runs on Preact (its React compatibility layer, ~10× smaller than react-dom):
 * it hydrates the HTML that React pre-renders (build/prerender-plugin.ts builds the pre-render
 * without these aliases). The dev server keeps React, for Fast Refresh.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
];

/**
 * Served by the gateway under /docs and /blog on the product's origin; built files live in
 * /docs-assets/ (the dashboard owns /assets/).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  base: "/",
  plugins: [react(), markdownPlugin(), openapiPlugin(), prerenderPlugin()],
  resolve: { alias: command === "build" && !isSsrBuild ? PREACT_ALIASES : [] },
  build: {
    outDir: "dist",
    assetsDir: "docs-assets",
    emptyOutDir: true,
  },
  server: {
    proxy: { "/v1": "http://localhost:8787" },
  },
}));
