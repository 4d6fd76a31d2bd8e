import { createRequire } from "node:module";
import path from "node:path";
import { DIST_DIR } from "./static-server.js";

/** The slice of esbuild's API the test uses (esbuild comes with tsup; no types of its own here). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
}

const require = createRequire(import.meta.url);
const esbuild = createRequire(require.resolve("tsup/package.json"))("esbuild") as Esbuild;

/**
 * Bundles a test app as a merchant's build would: `@spay/sdk` and `@spay/sdk/react` are the
 * built dist files (not the sources), React is the real one. WalletConnect, which `@stacks/connect`
 * imports only when a project id is configured, stays out.
 */
export async function bundleApp(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
    alias: {
      "@spay/sdk/react": path.join(DIST_DIR, "react.js"),
      "@spay/sdk/x402": path.join(DIST_DIR, "x402.js"),
      "@spay/sdk": path.join(DIST_DIR, "index.js"),
    },
    external: ["@reown/appkit-universal-connector"],
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error("esbuild produced no output");
  return file.text;
}
