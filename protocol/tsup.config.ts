import { defineConfig } from "tsup";

/**
 * The published package: each entry as ESM and CJS with its types. In the workspace the entries
 * point at the sources (`exports` in package.json); `publishConfig.exports` points a packed
 * tarball at this build instead, so consumers outside the workspace never compile our TypeScript.
 */
export default defineConfig({
  entry: { index: "src/index.ts", x402: "src/x402/index.ts", chainhooks: "src/chainhooks.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  outDir: "dist",
  sourcemap: false,
  splitting: true,
});
