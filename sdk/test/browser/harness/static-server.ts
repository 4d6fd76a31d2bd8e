import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** sdk/dist, as a merchant's page loads it. */
export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../dist");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css",
};

/** A merchant's web server: fixed pages plus the SDK's built files under `/sdk/`. */
export interface StaticSite {
  url: string;
  /** Adds (or replaces) a page or script at `pathname`. */
  set(pathname: string, body: string): void;
  close(): Promise<void>;
}

/** Serves on a free port of 127.0.0.1 (another origin than the API, as in production). */
export async function startStaticSite(): Promise<StaticSite> {
  for (const file of ["spay.js", "dropin/spay.js", "react.js", "index.js"]) {
    if (!existsSync(path.join(DIST_DIR, file)))
      throw new Error(`dist/${file} is missing: run \`npx tsup\` first`);
  }
  const files = new Map<string, string>();
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    let body: string | Buffer | undefined = files.get(pathname);
    if (body === undefined && pathname.startsWith("/sdk/")) {
      const file = path.join(DIST_DIR, path.normalize(pathname.slice("/sdk/".length)));
      if (file.startsWith(DIST_DIR)) body = await readFile(file).catch(() => undefined);
    }
    if (body === undefined) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(pathname)] ?? "application/octet-stream" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (pathname, body) => files.set(pathname, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
