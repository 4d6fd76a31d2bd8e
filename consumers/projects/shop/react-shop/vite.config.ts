import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The shop as `vite build app/react-shop` makes it: relative asset URLs, so any static host serves `dist/`. */
export default defineConfig({
  base: "./",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
});
