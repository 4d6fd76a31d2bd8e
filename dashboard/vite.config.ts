import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Paths the gateway answers; `vite dev` forwards them to the API on port 8787 (same origin in production). */
export const API_PATHS = ["/v1", "/api", "/onboarding", "/fx", "/health", "/sdk", "/docs", "/blog", "/pay"];

const apiTarget = process.env.SPAY_API_URL ?? "http://localhost:8787";

export default defineConfig({
  base: "/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PATHS.map((p) => [p, { target: apiTarget, changeOrigin: true }])),
  },
});
