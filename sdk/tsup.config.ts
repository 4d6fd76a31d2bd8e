import { existsSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { defineConfig, type Options } from "tsup";
import { SHARED_MODULES, SHARED_RUNTIME_KEY } from "./src/dropin/sharedModules.js";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

/**
 * Three builds into dist/:
 * 1. the package entries (ESM + CJS + .d.ts/.d.cts); ESM is split so the wallet module, with
 *    `@stacks/connect` behind it, is a chunk loaded only by `loadWallet()`;
 * 2. the drop-in `spay.js` (IIFE, Preact standing in for React, everything the QR overlay needs);
 * 3. `spay-wallet-ui.js`, the checkout's wallet payment steps and the wallet picker, an ESM file
 *    the drop-in imports on the first wallet payment, sharing spay.js's Preact and classes;
 * 4. `spay-wallet.js`, the wallet module (`@stacks/connect` inlined), an ESM file the drop-in
 *    imports on demand.
 */

const REACT_EXTERNALS = ["react", "react-dom", "react/jsx-runtime", "react-dom/client"];

/**
 * React → Preact in the drop-in: `react` and `react-dom/client` are the thin adapters of
 * src/dropin/preact/ (the React API the components use; `preact/compat` would add about 2 KB
 * gzipped to spay.js), JSX is Preact's own runtime.
 */
const PREACT_ALIASES: Record<string, string> = {
  react: "./src/dropin/preact/react.ts",
  "react-dom/client": "./src/dropin/preact/react-dom-client.ts",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

export const preactAlias: Plugin = {
  name: "spay-preact-alias",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
      const target = PREACT_ALIASES[args.path];
      if (!target) {
        return {
          errors: [{ text: `${args.path}: the drop-in has no stand-in for it (see PREACT_ALIASES)` }],
        };
      }
      if (target.startsWith(".")) return { path: path.resolve(target) };
      return build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir });
    });
  },
};

/** The files the drop-in imports on demand, next to spay.js: the wallet module and the wallet UI. */
export const DROPIN_WALLET_FILE = "spay-wallet.js";
export const DROPIN_WALLET_UI_FILE = "spay-wallet-ui.js";

/**
 * Each module the drop-in loads from a sibling file: the module importing it, the specifier, the
 * sibling file, and the names imported from it (the stand-in in spay.js has them, undefined).
 */
const DROPIN_SIBLINGS = [
  {
    importer: path.join("core", "wallet", "index.ts"),
    specifier: "./connect.js",
    file: DROPIN_WALLET_FILE,
    names: ["walletModule"],
  },
  {
    importer: path.join("core", "checkout.ts"),
    specifier: "./checkout-wallet.js",
    file: DROPIN_WALLET_UI_FILE,
    names: ["payWithWallet"],
  },
  {
    importer: path.join("ui", "checkout", "walletUi.ts"),
    specifier: "./walletUiModule.js",
    file: DROPIN_WALLET_UI_FILE,
    names: ["walletUi"],
  },
];

/**
 * The drop-in's lazily loaded modules are files next to spay.js. In the ESM files (the wallet UI
 * file importing the wallet module) they stay relative imports of the sibling. An IIFE cannot
 * split code: left alone, esbuild would inline them into spay.js, so there they become stand-ins
 * with the same (undefined) exports, and the drop-in imports the siblings by URL instead (`setWalletStepsUrl`,
 * `setWalletUiUrl`, set from its script tag before anything renders). (Not an external import
 * there: in an IIFE that adds esbuild's unused `require` shims to spay.js.)
 */
export const lazySiblingFiles: Plugin = {
  name: "spay-lazy-siblings",
  setup(build) {
    const iife = build.initialOptions.format === "iife";
    build.onResolve({ filter: /^\.\/(connect|checkout-wallet|walletUiModule)\.js$/ }, (args) => {
      const sibling = DROPIN_SIBLINGS.find(
        (s) => s.specifier === args.path && args.importer.endsWith(s.importer),
      );
      if (!sibling) return undefined;
      if (!iife) return { path: `./${sibling.file}`, external: true };
      return { path: sibling.specifier, namespace: "spay-sibling", pluginData: sibling.names };
    });
    build.onLoad({ filter: /.*/, namespace: "spay-sibling" }, (args) => ({
      contents: (args.pluginData as string[]).map((name) => `export const ${name} = undefined;`).join("\n"),
      loader: "js",
    }));
  },
};

/**
 * spay-wallet.js takes `WalletError` from spay-wallet-ui.js (which loads it), so the wallet steps
 * recognise the wallet's errors (`instanceof`): one class, not two copies.
 */
export const walletErrorFromWalletUi: Plugin = {
  name: "spay-wallet-error-from-wallet-ui",
  setup(build) {
    build.onResolve({ filter: /\/wallet-error\.js$/ }, () => ({
      path: `./${DROPIN_WALLET_UI_FILE}`,
      external: true,
    }));
  },
};

/**
 * The files spay.js loads later take some modules from it instead of bundling copies (see
 * src/dropin/sharedModules.ts): Preact for `react` and `react/jsx-runtime`, and the modules whose
 * identity matters (error classes, the wallet loader). Each becomes a module reading spay.js's
 * global; importing a name spay.js does not share fails the build.
 */
export const sharedWithSpayJs: Plugin = {
  name: "spay-shared-with-spay-js",
  setup(build) {
    const shared = (key: string) =>
      key in SHARED_MODULES ? { path: key, namespace: "spay-shared" } : undefined;
    build.onResolve({ filter: /^react\/jsx-dev-runtime$/ }, () => shared("react/jsx-runtime"));
    build.onResolve({ filter: /^(react|react\/jsx-runtime)$/ }, (args) => shared(args.path));
    build.onResolve({ filter: /^(react-dom|preact)(\/.*)?$/ }, (args) => ({
      errors: [{ text: `${args.path}: a file loaded by spay.js renders with spay.js's Preact` }],
    }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path).replace(/\.js$/, ".ts");
      return shared(path.relative(process.cwd(), file).split(path.sep).join("/"));
    });
    build.onLoad({ filter: /.*/, namespace: "spay-shared" }, (args) => ({
      contents: `export const { ${SHARED_MODULES[args.path as keyof typeof SHARED_MODULES].join(", ")} } = globalThis[Symbol.for(${JSON.stringify(SHARED_RUNTIME_KEY)})][${JSON.stringify(args.path)}];`,
      loader: "js",
    }));
  },
};

/**
 * The components' stylesheets (`*.css.ts`, one rule per line in the source) without their line
 * breaks and indentation in the browser bundles.
 */
export const minifyCssStrings: Plugin = {
  name: "spay-minify-css-strings",
  setup(build) {
    build.onLoad({ filter: /\.css\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replace(
        /`([^`]*)`/g,
        (_, css: string) => `\`${css.replace(/\s*\n\s*/g, "")}\``,
      ),
      loader: "ts",
    }));
  },
};

/**
 * Parts of `@stacks/connect` the SDK never reaches, left out of the drop-in's wallet file: its
 * own wallet modal (sPay has its picker and always names the provider) and WalletConnect (only
 * loaded when a project id is configured, which sPay does not do). Saves about 1.8 MB.
 */
const STUBS: Record<string, string> = {
  "@stacks/connect-ui/loader":
    "export function defineCustomElements() { throw new Error('sPay: pick a wallet with sPay\\'s wallet picker'); }",
  "@reown/appkit-universal-connector": "export const UniversalConnector = undefined;",
};

export const stubUnusedWalletUi: Plugin = {
  name: "spay-stub-wallet-ui",
  setup(build) {
    build.onResolve(
      { filter: /^(@stacks\/connect-ui\/loader|@reown\/appkit-universal-connector)$/ },
      (args) => ({
        path: args.path,
        namespace: "spay-stub",
      }),
    );
    build.onLoad({ filter: /.*/, namespace: "spay-stub" }, (args) => ({
      contents: STUBS[args.path],
      loader: "js",
    }));
  },
};

const entries: Record<string, string> = {
  index: "src/index.ts",
  server: "src/server.ts",
  snippets: "src/snippets.ts",
  x402: "src/x402.ts",
};
// The React entry and the drop-in are written alongside; build them once they exist.
if (existsSync("src/react.ts")) entries.react = "src/react.ts";
const hasDropin = existsSync("src/dropin/spay.ts");

const packageBuild: Options = {
  entry: entries,
  format: ["esm", "cjs"],
  dts: true,
  splitting: true,
  treeshake: true,
  sourcemap: false,
  target: "es2022",
  platform: "neutral",
  external: REACT_EXTERNALS,
  outDir: "dist",
  esbuildOptions(options) {
    options.jsx = "automatic";
    options.chunkNames = "chunks/[name]-[hash]";
  },
};

const browserBundle: Options = {
  format: ["esm"],
  platform: "browser",
  // Class fields and private members as written: lowering them to es2020 adds helpers to spay.js.
  target: "es2022",
  minify: true,
  dts: false,
  sourcemap: false,
  noExternal: [/.*/],
  outDir: "dist",
  outExtension: () => ({ js: ".js" }),
};

const dropinBuild: Options = {
  ...browserBundle,
  entry: { spay: "src/dropin/spay.ts" },
  format: ["iife"],
  esbuildPlugins: [preactAlias, lazySiblingFiles, minifyCssStrings],
  esbuildOptions(options) {
    options.jsx = "automatic";
  },
};

/**
 * `spay-x402.js`: the x402 paywall page's script (an IIFE with its own Preact, like spay.js); it
 * loads the drop-in's `spay-wallet.js` from next to itself for a wallet payment.
 */
const x402PageBuild: Options = {
  ...browserBundle,
  entry: { "spay-x402": "src/dropin/x402Page.ts" },
  format: ["iife"],
  esbuildPlugins: [preactAlias, lazySiblingFiles, minifyCssStrings],
  esbuildOptions(options) {
    options.jsx = "automatic";
  },
};

/** `spay-wallet-ui.js`: the wallet payment steps and the wallet picker, sharing spay.js's Preact. */
const walletUiBuild: Options = {
  ...browserBundle,
  entry: { "spay-wallet-ui": "src/dropin/walletChunk.ts" },
  splitting: false,
  esbuildPlugins: [sharedWithSpayJs, lazySiblingFiles, minifyCssStrings],
  esbuildOptions(options) {
    options.jsx = "automatic";
  },
};

const walletBuild: Options = {
  ...browserBundle,
  entry: { "spay-wallet": "src/core/wallet/connect.ts" },
  splitting: false,
  esbuildPlugins: [walletErrorFromWalletUi, stubUnusedWalletUi],
};

export default defineConfig((options) => {
  // One clean before all builds (per-build `clean` would race: the builds run in parallel).
  if (!options.watch) rmSync("dist", { recursive: true, force: true });
  return hasDropin
    ? [packageBuild, dropinBuild, walletUiBuild, walletBuild, x402PageBuild]
    : [packageBuild, walletBuild];
});
