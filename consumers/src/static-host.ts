/**
 * A plain static host, as a merchant's CDN or web server serves files: each URL prefix maps to a
 * folder, nothing is transformed, unknown paths are 404.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

/** Serves `folders` (URL prefix → folder) on a free loopback port. */
export async function serveStatic(folders: Record<string, string>): Promise<StaticHost> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://host").pathname);
    const prefix = Object.keys(folders)
      .sort((a, b) => b.length - a.length)
      .find((p) => pathname.startsWith(p));
    if (prefix === undefined) return res.writeHead(404).end();
    const root = folders[prefix]!;
    const relative = pathname.slice(prefix.length) || "index.html";
    const file = path.resolve(root, relative.endsWith("/") ? `${relative}index.html` : relative);
    if (!file.startsWith(path.resolve(root) + path.sep)) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
