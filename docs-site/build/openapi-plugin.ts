import { execFile } from "node:child_process";
import { access, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Plugin } from "vite";
import { OPENAPI_FILE } from "../scripts/paths.ts";

const VIRTUAL_ID = "virtual:spay-openapi";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Runs scripts/openapi.ts (tsx: the server is TypeScript source) to refresh the document. */
async function generate(): Promise<void> {
  await promisify(execFile)(
    fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url)),
    ["scripts/openapi.ts"],
    {
      cwd: ROOT,
    },
  );
}

/**
 * `import doc from "virtual:spay-openapi"`: the server's OpenAPI document. A client build fetches it
 * afresh from `@spay/server` (so the API reference always matches the code); other runs (the SSR
 * pass, tests) reuse the cached file and generate it only when it is missing.
 */
export function openapiPlugin(): Plugin {
  let fresh: Promise<void> | null = null;
  return {
    name: "spay-openapi",
    async buildStart() {
      if (this.environment?.config.build.ssr) return;
      if (this.environment?.config.command !== "build" && this.environment !== undefined) return;
      fresh ??= generate();
      await fresh;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (fresh) await fresh;
      else if (
        !(await access(OPENAPI_FILE).then(
          () => true,
          () => false,
        ))
      )
        await generate();
      const json = await readFile(OPENAPI_FILE, "utf8");
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(json)))});`;
    },
  };
}
