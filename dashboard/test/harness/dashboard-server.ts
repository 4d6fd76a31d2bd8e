import { createReadStream, existsSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHECKOUT_PREFIXES } from "../../src/checkout/route.ts";

export const DIST_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
// `/pay/:id` is a dashboard page (the hosted checkout), not an API path. The gateway serves the
// docs and blog (`/docs`, `/blog`, their files under `/docs-assets`) from the docs site's build.
const API_PREFIXES = ["/v1", "/api", "/onboarding", "/fx", "/health", "/sdk", "/docs", "/blog"];
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/**
 * What the gateway does in production, for the tests: the built dashboard from dist/ with an SPA
 * fallback — checkout.html for the customer's pages under `/payment-links/` and `/pay/` when it is
 * built, else index.html — and every API path forwarded to the API server (one origin).
 */
export async function serveDashboard(hostname = "127.0.0.1"): Promise<{
  url: string;
  setApi(url: string): void;
  close(): Promise<void>;
}> {
  if (!existsSync(path.join(DIST_DIR, "index.html")))
    throw new Error("dist/ is missing: run `vite build` first");
  let api = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (API_PREFIXES.some((p) => url.pathname.startsWith(p))) return forward(api, req, res);
    const file = path.join(DIST_DIR, path.normalize(url.pathname));
    const found = file.startsWith(DIST_DIR) && existsSync(file) && statSync(file).isFile();
    // The customer's pages: checkout.html (its own small entry) when built, as the gateway does.
    const checkout = path.join(DIST_DIR, "checkout.html");
    const page =
      CHECKOUT_PREFIXES.some((p) => url.pathname.startsWith(p)) && existsSync(checkout)
        ? checkout
        : path.join(DIST_DIR, "index.html");
    const served = found ? file : page;
    res.writeHead(200, { "content-type": TYPES[path.extname(served)] ?? "application/octet-stream" });
    createReadStream(served).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${port}`,
    setApi: (url) => {
      api = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function forward(api: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const target = new URL(req.url ?? "/", api);
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // A browser leaving an event stream closes it upstream too, so the API can shut down.
  res.on("close", () => upstream.destroy());
  upstream.on("error", () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}
