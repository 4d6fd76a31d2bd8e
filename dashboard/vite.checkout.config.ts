import { defineConfig } from "vite";
import { pageInit } from "./build/page-init.ts";
import { API_PATHS, apiProxy, checkoutPagesInDev } from "./vite.config.ts";

/**
 * React → Preact, as in the SDK's drop-in (sdk/tsup.config.ts PREACT_ALIASES); here preact/compat,
 * since the dashboard's pages and the SDK's React components use the React API as it is.
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
];

/**
 * The second build: checkout.html (src/checkout/main.tsx), the payment link page and the hosted
 * checkout a customer opens, with Preact standing in for React and no router (the page reads its id
 * from the URL) — the JavaScript budget is checked by src/checkout/bundle-budget.test.ts. It writes
 * into the main app's dist/ without emptying it (run it after `vite build`), every file named
 * `checkout-…` so none collides with the app's. `vite -c vite.checkout.config.ts` serves it in
 * development, as built (open /payment-links/:id or /pay/:id on port 5174).
 */
export default defineConfig({
  base: "/",
  // Its own pre-bundled dependencies in `vite dev`: the app's cache holds React itself.
  cacheDir: "node_modules/.vite-checkout",
  resolve: {
    alias: PREACT_ALIASES,
    // One Preact, resolved from here, whoever imports it (the SDK's React components included).
    dedupe: ["preact"],
  },
  plugins: [checkoutPagesInDev, pageInit],
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: false,
    // The wallet module (`@stacks/connect`) is a large dynamic-import chunk, as in the main app.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { checkout: "checkout.html" },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/checkout-[name]-[hash].js",
        assetFileNames: ({ names }) =>
          names[0]?.startsWith("checkout")
            ? "assets/[name]-[hash][extname]"
            : "assets/checkout-[name]-[hash][extname]",
      },
    },
  },
  server: {
    port: 5174,
    proxy: apiProxy(API_PATHS),
  },
});
