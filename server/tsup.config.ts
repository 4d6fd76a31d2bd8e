import path from "node:path";
import { defineConfig, type Options } from "tsup";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

/**
 * The devnet's modules carry no side effects a bundle depends on: an entry taking only its
 * account list (the CLI) gets that list, not the Clarity VM behind `startDevnet`.
 */
const devnetWithoutSideEffects: Plugin = {
  name: "spay-devnet-without-side-effects",
  setup(build) {
    const devnetSource = `${path.sep}devnet${path.sep}src${path.sep}`;
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === "devnet") return undefined;
      const insideDevnet = args.importer.includes(devnetSource) && args.path.startsWith(".");
      if (args.path !== "@spay/devnet" && !insideDevnet) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "devnet",
      });
      return resolved.errors.length > 0 ? resolved : { ...resolved, sideEffects: false };
    });
  },
};

/**
 * `dist/main.js` (the server, `spay-server`), `dist/devnet-child.js` (the embedded devnet's process)
 * and `dist/cli/spay.js` (`spay`): plain Node ESM, the
 * workspace packages (TypeScript source) bundled in, npm dependencies left to `node_modules`. The
 * embedded devnet is no part of them: main.ts loads it at run time, when asked for, from the
 * development install. No `clean`: `pnpm start` rebuilds while another start may be reading dist/.
 */
export default defineConfig({
  entry: {
    main: "src/main.ts",
    "devnet-child": "src/embedded-devnet/child.ts",
    "cli/spay": "src/cli/spay.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  splitting: true,
  sourcemap: true,
  dts: false,
  clean: false,
  outDir: "dist",
  skipNodeModulesBundle: true,
  noExternal: [/^@spay\/(protocol|devnet)(\/|$)/],
  // Development tools main.ts imports only for the embedded devnet (devDependencies: not bundled).
  external: ["tsx"],
  esbuildPlugins: [devnetWithoutSideEffects],
  banner: { js: "#!/usr/bin/env node" },
});
