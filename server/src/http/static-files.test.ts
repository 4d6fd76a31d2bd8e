import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../test/harness.ts";
import { inlineScriptHashes, PAGE_CSP } from "./static-files.ts";

let root: string;
let api: TestApi;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "spay-static-"));
  const dashboardDir = path.join(root, "dashboard");
  const sdkDir = path.join(root, "sdk");
  await mkdir(path.join(dashboardDir, "assets"), { recursive: true });
  await mkdir(sdkDir, { recursive: true });
  await writeFile(path.join(dashboardDir, "index.html"), "<!doctype html><title>sPay</title>");
  await writeFile(path.join(dashboardDir, "checkout.html"), "<!doctype html><title>checkout</title>");
  await writeFile(path.join(dashboardDir, "assets", "app-AbC123xy.js"), "console.log('app')");
  await writeFile(path.join(sdkDir, "spay.js"), "window.SPay={}");
  await writeFile(path.join(sdkDir, "big.js"), "// sPay\n".padEnd(4096, "x").repeat(10));
  await writeFile(path.join(root, "secret.txt"), "not served");
  const docsDir = path.join(root, "docs");
  await mkdir(path.join(docsDir, "docs", "webhooks"), { recursive: true });
  await writeFile(path.join(docsDir, "index.html"), "<title>docs shell</title>");
  await mkdir(path.join(docsDir, "docs-assets"), { recursive: true });
  await writeFile(path.join(docsDir, "docs-assets", "index-CoupLyz7.js"), "console.log('docs')");
  await writeFile(path.join(docsDir, "docs-assets", "favicon.svg"), "<svg></svg>");
  await writeFile(path.join(docsDir, "docs", "webhooks", "index.html"), "<title>Webhooks</title>");
  await writeFile(path.join(docsDir, "docs", "index.html"), "<title>Docs home</title>");
  await mkdir(path.join(docsDir, "blog"), { recursive: true });
  await writeFile(path.join(docsDir, "blog", "index.html"), "<title>Blog</title>");
  api = await startTestApi({ dashboardDir, sdkDir, docsDir });
});
afterAll(async () => {
  await api?.close();
  await rm(root, { recursive: true, force: true });
});

const page = (p: string) => api.request("GET", p, { headers: { accept: "text/html" } });

describe("front ends on the API's origin", () => {
  it("serves the dashboard's index.html at / and for any page a browser reloads", async () => {
    for (const p of ["/", "/dashboard", "/payments", "/getting-started", "/settings/keys"]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("serves the checkout pages' own entry for payment links and the hosted checkout", async () => {
    for (const p of ["/payment-links/plink_1", "/pay/pi_1"]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.body, p).toContain("<title>checkout</title>");
    }
    expect((await page("/payments")).body).toContain("<title>sPay</title>");
  });

  it("serves the docs' pre-rendered pages; any other docs or blog path is a 404 with the docs app's not-found page", async () => {
    const webhooks = await page("/docs/webhooks");
    expect(webhooks.status).toBe(200);
    expect(webhooks.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(webhooks.body).toContain("<title>Webhooks</title>");
    expect((await page("/docs/webhooks/")).body).toContain("<title>Webhooks</title>");
    expect(await page("/docs")).toMatchObject({ status: 200, body: "<title>Docs home</title>" });
    expect(await page("/blog")).toMatchObject({ status: 200, body: "<title>Blog</title>" });
    for (const p of ["/docs/unknown-page", "/blog/some-post"]) {
      const res = await page(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toContain("docs shell");
    }
  });

  it("serves built files with their type, hashed ones cached for good", async () => {
    const res = await api.request("GET", "/assets/app-AbC123xy.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const docs = await api.request("GET", "/docs-assets/index-CoupLyz7.js");
    expect(docs.status).toBe(200);
    expect(docs.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // An unhashed name may change content: cached briefly.
    const icon = await api.request("GET", "/docs-assets/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("gzips text files for clients that accept it", async () => {
    const big = await api.request("GET", "/sdk/big.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("gzip");
    expect(big.headers.get("vary")).toContain("Accept-Encoding");
    const plain = await api.request("GET", "/sdk/big.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(4096 * 10));
  });

  it("serves the SDK's browser files at /sdk/ to any origin", async () => {
    const res = await api.request("GET", "/sdk/spay.js", { headers: { origin: "https://shop.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((await api.request("HEAD", "/sdk/spay.js")).status).toBe(200);
  });

  it("never answers an API path, a missing file or a path outside the folders with a file", async () => {
    expect((await page("/v1/nope")).body.error.code).toBe("route_not_found");
    expect((await page("/api/nope")).status).toBe(404);
    expect((await api.request("GET", "/assets/missing.js")).status).toBe(404);
    expect((await api.request("GET", "/sdk/missing.js")).status).toBe(404);
    for (const p of ["/sdk/../secret.txt", "/sdk/%2e%2e/secret.txt", "/%2e%2e/secret.txt", "/sdk/%00"]) {
      const res = await api.request("GET", p);
      expect(res.status, p).toBe(404);
    }
    expect((await api.request("POST", "/dashboard", { body: {} })).status).toBe(404);
  });

  it("allows a page's inline scripts by the sha256 of the file as served, following a rebuild", async () => {
    const file = path.join(root, "dashboard", "inline.html");
    const csp = async () => (await page("/inline.html")).headers.get("content-security-policy") ?? "";
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;
    const init = "document.documentElement.dataset.theme='dark'";
    await writeFile(file, `<head><script>${init}</script><script type="module" src="/a.js"></script></head>`);
    expect(await csp()).toContain(`script-src 'self' ${sha(init)};`);
    expect(inlineScriptHashes(`<script src="/a.js"></script><script></script>`)).toEqual([]);
    // Rebuilt with another script (another size): the policy follows.
    const next = `${init};document.documentElement.dataset.shell='app'`;
    await writeFile(file, `<head><script>${next}</script></head>`);
    expect(await csp()).toContain(`script-src 'self' ${sha(next)};`);
    expect(await csp()).not.toContain(sha(init));
    // A page without inline scripts keeps the bare policy.
    expect((await page("/")).headers.get("content-security-policy")).toBe(PAGE_CSP);
  });
});
