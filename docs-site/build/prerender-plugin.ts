import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { type PrerenderEntry, writePrerenderedPages } from "./prerender.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SSR_OUT = path.join(ROOT, "node_modules/.cache/spay-docs/ssr");

/**
 * After the client build: builds src/entry-server.tsx for Node (same Vite config, so `?raw`
 * imports and the OpenAPI module work as in the browser build), then writes the static page of
 * every docs and blog route into the client's output.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "spay-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: path.join(ROOT, "vite.config.ts"),
        logLevel: "warn",
        build: { ssr: "src/entry-server.tsx", outDir: SSR_OUT, emptyOutDir: true, copyPublicDir: false },
      });
      const entry = (await import(
        pathToFileURL(path.join(SSR_OUT, "entry-server.js")).href
      )) as PrerenderEntry;
      const pages = await writePrerenderedPages(entry, path.resolve(ROOT, config.build.outDir));
      config.logger.info(`pre-rendered ${pages.length} pages`);
      await rm(SSR_OUT, { recursive: true, force: true });
    },
  };
}
