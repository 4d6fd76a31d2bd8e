import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context, Next } from "hono";
import type { Config } from "../config.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

/** The docs site's paths (its built files live under `docs-assets/`). */
const DOCS_PREFIXES = ["/docs", "/blog", "/docs-assets"];

/** Pages a customer opens (payment link, hosted checkout): served from their own entry when built. */
const CHECKOUT_PREFIXES = ["/payment-links/", "/pay/"];

/** Paths the API owns: never answered with a file or the app's index.html. */
const API_PREFIXES = ["/v1/", "/api/", "/onboarding/", "/x402/", "/fx", "/health"];

/** A file inside `root` for a URL path, or null (missing, a directory, or outside `root`). */
async function fileIn(root: string, urlPath: string): Promise<{ file: string; size: number } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size } : null;
}

/** Text formats worth compressing (images and fonts here are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

async function send(
  c: Context,
  found: { file: string; size: number },
  cacheControl: string,
  extra: Record<string, string> = {},
  status: 200 | 404 = 200,
) {
  const type = CONTENT_TYPES[path.extname(found.file).toLowerCase()] ?? "application/octet-stream";
  const gzip =
    COMPRESSIBLE.test(type) && found.size > 1024 && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": cacheControl,
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : { "Content-Length": String(found.size) }),
    ...(type.startsWith("text/html") ? { "Content-Security-Policy": await pageCspOf(found.file) } : {}),
    ...extra,
  };
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  const file = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
  const body = gzip
    ? file.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>)
    : file;
  return c.body(body, status, headers);
}

/**
 * The policy of every page the gateway serves: scripts, styles, fonts and API calls from this
 * origin only (inline scripts only by their hash: pageCsp; components set inline styles), images
 * also as data:/blob: (QR codes), nothing framed, no plugins.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The `'sha256-…'` sources of a page's inline scripts (`<script>` without `src`), as CSP hashes
 * them: the exact text between the tags, UTF-8.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || !body) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** PAGE_CSP allowing, besides this origin's script files, the inline scripts of `html` by their hashes. */
export function pageCsp(html: string): string {
  const hashes = inlineScriptHashes(html);
  return hashes.length
    ? PAGE_CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(" ")}`)
    : PAGE_CSP;
}

/**
 * A served page's policy: the built pages inline a script in <head> that sets the theme before
 * first paint (dashboard/build/page-init.js), allowed by the hash of the file as served, so the
 * policy follows every rebuild. Kept per file until its size or modification time changes.
 */
const cspCache = new Map<string, { key: string; csp: string }>();
async function pageCspOf(file: string): Promise<string> {
  const info = await stat(file);
  const key = `${info.size}:${info.mtimeMs}`;
  const cached = cspCache.get(file);
  if (cached?.key === key) return cached.csp;
  const csp = pageCsp(await readFile(file, "utf8"));
  cspCache.set(file, { key, csp });
  return csp;
}

/**
 * Hashed build output (`assets/…-hash.js`, `chunks/…-hash.js`, the docs site's
 * `docs-assets/…-hash.js`) never changes under its name.
 */
const cacheFor = (urlPath: string) =>
  /\/(assets|chunks|docs-assets)\/[^/]+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+$/.test(urlPath)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=300";

/**
 * The built front ends on the API's origin: the SDK's browser files at `/sdk/` (any origin may
 * load them, as module scripts need CORS); the docs and blog at `/docs`, `/blog` — a pre-rendered
 * page when there is one, else the docs app's index.html; and the dashboard at `/` — its files, and
 * its index.html for any other page a browser asks for, so deep links and reloads work. API paths and
 * non-GET requests fall through to the API's 404.
 */
export function staticFiles(config: Pick<Config, "dashboardDir" | "sdkDir" | "docsDir">) {
  const sdkRoot = path.resolve(config.sdkDir);
  const dashboardRoot = path.resolve(config.dashboardDir);
  const docsRoot = path.resolve(config.docsDir);
  return async (c: Context, next: Next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const urlPath = c.req.path;
    if (urlPath.startsWith("/sdk/")) {
      const found = await fileIn(sdkRoot, urlPath.slice("/sdk/".length));
      if (!found) return next();
      return send(c, found, cacheFor(urlPath), { "Access-Control-Allow-Origin": "*" });
    }
    if (API_PREFIXES.some((p) => urlPath === p.replace(/\/$/, "") || urlPath.startsWith(p))) return next();
    const root = DOCS_PREFIXES.some((p) => urlPath === p || urlPath.startsWith(`${p}/`))
      ? docsRoot
      : dashboardRoot;
    // Browsers ask for /favicon.ico whatever a page links: the dashboard's SVG mark answers it.
    const found = await fileIn(root, urlPath === "/favicon.ico" ? "/favicon.svg" : urlPath);
    if (found) return send(c, found, cacheFor(urlPath));
    const wantsPage = (c.req.header("accept") ?? "").includes("text/html");
    if (!wantsPage || path.extname(urlPath)) return next();
    // A pre-rendered page (`/docs/webhooks` → `docs/webhooks/index.html`); the customer-facing
    // checkout pages' own small entry (`checkout.html`); else the app's shell.
    const page =
      root === docsRoot
        ? await fileIn(root, `${urlPath.replace(/\/$/, "")}/index.html`)
        : CHECKOUT_PREFIXES.some((p) => urlPath.startsWith(p))
          ? await fileIn(root, "checkout.html")
          : null;
    const index = page ?? (await fileIn(root, "index.html"));
    // Every docs and blog page is pre-rendered: any other path there is not found, and says so with
    // its status (the docs app's shell still renders its not-found page for the reader).
    if (index) return send(c, index, "no-cache", {}, root === docsRoot && !page ? 404 : 200);
    return next();
  };
}
