import { existsSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { defineConfig, type Options } from "tsup";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

/**
 * The builds into dist/:
 * 1. the package entries (ESM + CJS + .d.ts/.d.cts); ESM is split so the wallet module (with
 *    `@stacks/connect`), the wallet UI and `qrcode` are chunks loaded on first use;
 * 2. the drop-in's ES modules in dist/dropin/ (entry `spay.js`), split into chunks: React is
 *    `preact/compat`, and the checkout overlay, `qrcode` and the wallet code are chunks imported
 *    when needed; the x402 paywall page's the same way in dist/x402-page/;
 * 3. the classic scripts a page's `<script src>` loads, `spay.js` and `spay-x402.js`, each
 *    importing its ES module (src/dropin/loadEntry.ts).
 */

const REACT_EXTERNALS = ["react", "react-dom", "react/jsx-runtime", "react-dom/client"];

/** React → Preact in the drop-in: the components (src/ui) run on `preact/compat`. */
const PREACT_ALIASES: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

/**
 * The components' stylesheets (`*.css.ts`, template strings of CSS rules) through esbuild's CSS
 * minifier (`transform` with the `css` loader) in the drop-in. Each literal part of a template (between `${…}` interpolations of other
 * stylesheets) is a whole list of rules.
 */
export const minifyCssStrings: Plugin = {
  name: "spay-minify-css-strings",
  setup(build) {
    build.onLoad({ filter: /\.css\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      let contents = "";
      let at = 0;
      for (const m of source.matchAll(/`([^`]*)`/g)) {
        const parts = m[1]!.split(/(\$\{[^}]*\})/);
        const minified = await Promise.all(
          parts.map(async (part) =>
            part.startsWith("${") || !part.trim()
              ? part.trim()
              : (await build.esbuild.transform(part, { loader: "css", minify: true })).code.trim(),
          ),
        );
        contents += `${source.slice(at, m.index)}\`${minified.join("")}\``;
        at = m.index + m[0].length;
      }
      return { contents: contents + source.slice(at), loader: "ts" };
    });
  },
};

/**
 * Parts of `@stacks/connect` the SDK never reaches, left out of the drop-in's wallet chunk: its
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
  // The HTTP transport and SSE reader, for apps with credentials of their own (the dashboard).
  transport: "src/transport.ts",
  x402: "src/x402.ts",
  // The x402 paywall's adapters over its framework-free core (src/x402/paywall/core.ts).
  "x402/hono": "src/x402/paywall/hono.ts",
  "x402/express": "src/x402/paywall/express.ts",
  "x402/fetch": "src/x402/paywall/fetch.ts",
  // Stacks for Coinbase's x402 framework (@x402/core, an optional peer: types only).
  "x402/exact-stacks": "src/x402/exact-stacks/index.ts",
};
// The React entry and the drop-in are written alongside; build them once they exist.
if (existsSync("src/react.ts")) entries.react = "src/react.ts";
const hasDropin = existsSync("src/dropin/spay.ts");

const packageBuild: Options = {
  entry: entries,
  format: ["esm", "cjs"],
  // @spay/protocol is a devDependency bundled into the JS: its types are inlined too (resolved
  // as source, so the declarations name no package a consumer does not install).
  dts: {
    compilerOptions: {
      paths: {
        "@spay/protocol": ["../protocol/src/index.ts"],
        "@spay/protocol/x402": ["../protocol/src/x402/index.ts"],
      },
    },
  },
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

/**
 * The drop-in's ES modules: `dist/dropin/spay.js` (./src/dropin/install.ts) and its chunks. React
 * is `preact/compat`; the checkout overlay, `qrcode`, the wallet UI and the wallet module are
 * chunks imported when needed.
 */
const dropinModulesBuild: Options = {
  ...browserBundle,
  entry: { spay: "src/dropin/install.ts" },
  splitting: true,
  outDir: "dist/dropin",
  esbuildPlugins: [minifyCssStrings, stubUnusedWalletUi],
  esbuildOptions(options) {
    options.jsx = "automatic";
    options.alias = PREACT_ALIASES;
    options.chunkNames = "[name]-[hash]";
  },
};

/**
 * The x402 paywall page's ES module, `dist/x402-page/x402-page.js`, and its chunks: built apart
 * from the drop-in, so that chunks shared by the two do not split the drop-in's card path.
 */
const x402PageModulesBuild: Options = {
  ...dropinModulesBuild,
  entry: { "x402-page": "src/dropin/x402Page.ts" },
  outDir: "dist/x402-page",
};

/** The classic scripts of `<script src>`: `spay.js` and the x402 paywall page's `spay-x402.js`. */
const dropinLoadersBuild: Options = {
  ...browserBundle,
  entry: { spay: "src/dropin/spay.ts", "spay-x402": "src/dropin/x402Loader.ts" },
  format: ["iife"],
};

export default defineConfig((options) => {
  // One clean before all builds (per-build `clean` would race: the builds run in parallel).
  if (!options.watch) rmSync("dist", { recursive: true, force: true });
  return hasDropin
    ? [packageBuild, dropinModulesBuild, x402PageModulesBuild, dropinLoadersBuild]
    : [packageBuild];
});
