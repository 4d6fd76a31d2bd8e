import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { pageInit } from "./build/page-init.ts";
import { prerenderLanding } from "./build/prerender-landing.ts";
import { CHECKOUT_PREFIXES } from "./src/checkout/route.ts";

/** Paths the gateway answers; `vite dev` forwards them to the API on port 8787 (same origin in production). */
export const API_PATHS = [
  "/v1",
  "/api",
  "/onboarding",
  "/x402",
  "/fx",
  "/health",
  "/sdk",
  "/docs",
  "/blog",
  "/pay",
];

const apiTarget = process.env.SPAY_API_URL ?? "http://localhost:8787";

export function apiProxy(paths: readonly string[]): Record<string, ProxyOptions> {
  return Object.fromEntries(paths.map((p) => [p, { target: apiTarget, changeOrigin: true }]));
}

/** A browser's page request under a checkout path: the gateway answers it with checkout.html. */
export function isCheckoutPage(url: string | undefined, accept: string | undefined): boolean {
  const pathname = (url ?? "/").split("?")[0] ?? "/";
  return (
    CHECKOUT_PREFIXES.some((p) => pathname.startsWith(p)) &&
    !/\.[a-z0-9]+$/i.test(pathname) &&
    (accept ?? "").includes("text/html")
  );
}

/**
 * `vite dev`: the payment link page and the hosted checkout are checkout.html, as in production
 * (run before the proxy, which would send `/pay/…` to the gateway). Under this config it renders
 * with React; `vite -c vite.checkout.config.ts` serves it with Preact, as built.
 */
export const checkoutPagesInDev: Plugin = {
  name: "spay-checkout-pages",
  apply: "serve",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (isCheckoutPage(req.url, req.headers.accept)) req.url = "/checkout.html";
      next();
    });
  },
};

export default defineConfig({
  base: "/",
  plugins: [react(), checkoutPagesInDev, pageInit, prerenderLanding()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: apiProxy(API_PATHS),
  },
});
