/**
 * The built site through the real gateway (`startServer` with `docsDir` = dist): the pre-rendered
 * HTML as a crawler sees it (no JavaScript), the app in Chromium under a strict CSP, and hostile
 * Markdown on the real post page where nothing may execute. Run after `vite build`.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownPlugin } from "../build/markdown-plugin.ts";
import { openapiPlugin } from "../build/openapi-plugin.ts";
import { OPENAPI_FILE } from "../scripts/paths.ts";
import type { OpenApiDocument } from "../src/api-reference/openapi.ts";
import { DOCS_PAGES, docsPath } from "../src/docs/nav.ts";
import { PAY_HOST } from "../src/site.ts";
import { guardPage, launchChromium } from "./harness/chromium.ts";
import { createMerchantWithProduct } from "./harness/merchant.ts";
import { startStack, type TestStack } from "./harness/stack.ts";
import { serveFolder } from "./harness/static-server.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Switches the page to the dark theme once React has hydrated it. The toggle answers only after
 * hydration, and a click on the pre-rendered button before that does nothing (no handler yet): on
 * a busy machine hydration comes seconds after the button is visible, so click until it answers.
 */
async function switchToDarkOnceHydrated(page: Page): Promise<void> {
  const dark = page.getByRole("button", { name: /Switch to dark theme/ });
  const light = page.getByRole("button", { name: /Switch to light theme/ });
  await expect
    .poll(
      async () => {
        if ((await dark.count()) > 0) await dark.click();
        return light.count();
      },
      { timeout: 25_000, interval: 250 },
    )
    .toBe(1);
}
const DIST = path.join(ROOT, "dist");
const POSTS = {
  "accept-bitcoin-payments-stacks": "How to Accept Bitcoin Payments on Stacks with sBTC",
  "bitcoin-payment-api-developers": "A Bitcoin Payment API Built for Developers",
  "sbtc-vs-stablecoin-ecommerce": "sBTC vs Stablecoins for E-commerce: Which Should You Accept?",
};

/** Uncompressed JavaScript a pre-rendered docs page or post may load before it is interactive. */
const JS_BUDGET_BYTES = 120_000;

let stack: TestStack;
let browser: Browser;
let xssSite: { url: string; close(): Promise<void> };
let xssDir = "";

beforeAll(async () => {
  if (!existsSync(path.join(DIST, "docs", "index.html")))
    throw new Error("Build the site first: npx vite build");
  xssDir = await mkdtemp(path.join(tmpdir(), "spay-docs-xss-"));
  await build({
    root: path.join(ROOT, "test/xss-page"),
    configFile: false,
    base: "./",
    logLevel: "warn",
    plugins: [react(), markdownPlugin(), openapiPlugin()],
    build: { outDir: xssDir, emptyOutDir: true },
  });
  [stack, browser, xssSite] = await Promise.all([
    startStack({ overrides: { docsDir: DIST } }),
    launchChromium(),
    serveFolder(xssDir),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await xssSite?.close();
  await stack?.close();
  if (xssDir) await rm(xssDir, { recursive: true, force: true });
});

/** The raw HTML a crawler gets for a page. */
async function rawPage(pagePath: string): Promise<string> {
  const res = await fetch(`${stack.apiUrl}${pagePath}`, { headers: { accept: "text/html" } });
  expect(res.status, pagePath).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  return res.text();
}

const metaContent = (html: string, attr: "name" | "property", key: string) =>
  html.match(new RegExp(`<meta data-page-head ${attr}="${key}" content="([^"]*)"`))?.[1];

describe("pre-rendered HTML (no JavaScript)", () => {
  const pages = [...DOCS_PAGES.map(docsPath), "/blog", ...Object.keys(POSTS).map((s) => `/blog/${s}`)];

  it.each(pages)(
    "%s has its title, description, canonical URL, social meta and content",
    async (pagePath) => {
      const html = await rawPage(pagePath);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(metaContent(html, "name", "description")?.length).toBeGreaterThan(20);
      expect(html).toContain(`<link data-page-head rel="canonical" href="${PAY_HOST}${pagePath}" />`);
      expect(metaContent(html, "property", "og:title")).toBe(html.match(/<title>([^<]+)<\/title>/)?.[1]);
      expect(metaContent(html, "property", "og:image")).toMatch(/^https:\/\/pay\.spay\.dev\//);
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      expect(html).toMatch(/<div id="root">[\s\S]*<h1[^>]*>[^<]+/);
      // No inline script: the gateway's CSP allows scripts from the origin only.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      // Nothing holds the first paint: every script is a module (deferred) or async/defer.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
        expect(tag, pagePath).toMatch(/\btype="module"|\b(async|defer)\b/);
    },
  );

  it("Getting Started carries its five steps and the samples' code", async () => {
    const html = await rawPage("/docs/getting-started");
    expect(html).toContain("<title>Getting Started | sPay Docs</title>");
    for (const step of [
      "Step 1: Create a developer account",
      "Step 2: Connect a wallet",
      "Step 3: Get API keys",
      "Step 4: Create a payment intent",
      "Step 5: Handle payment status",
    ])
      expect(html).toContain(step);
    expect(html).toContain("/v1/auth/register");
    expect(html).toContain("Idempotency-Key: order-$ORDER_ID");
  });

  it("the API reference lists every operation of the server's OpenAPI document", async () => {
    const html = await rawPage("/docs/api-reference");
    const doc = JSON.parse(await readFile(OPENAPI_FILE, "utf8")) as OpenApiDocument;
    for (const [route, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item)) {
        const id = `${method}-${route}`
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "");
        expect(html, `${method} ${route}`).toContain(`id="${id}"`);
      }
  });

  it("a post page has the post's title with the blog suffix, article meta and body", async () => {
    const html = await rawPage("/blog/accept-bitcoin-payments-stacks");
    expect(html).toContain(`<title>${POSTS["accept-bitcoin-payments-stacks"]} | sPay Blog</title>`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "article:published_time")).toBe("2025-09-12");
    expect(html).toContain("September 12, 2025");
    expect(html).toContain("What sBTC is, in one paragraph");
  });

  it("the blog index lists the three bundled posts", async () => {
    const html = await rawPage("/blog");
    for (const title of Object.values(POSTS)) expect(html).toContain(title.replace(/&/g, "&amp;"));
    expect(html).toContain("Featured");
  });
});

describe("the site in Chromium, served by the gateway under a strict CSP", () => {
  it("docs: renders, navigates from the sidebar, sets the title, loads the API reference", async () => {
    const page = await browser.newPage();
    const { problems } = await guardPage(page, stack.apiUrl);
    await page.goto(`${stack.apiUrl}/docs/getting-started`);
    await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
    await page
      .getByRole("navigation", { name: "Documentation" })
      .getByRole("link", { name: "Webhooks" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    expect(await page.title()).toBe("Webhooks | sPay Docs");
    expect(page.url()).toBe(`${stack.apiUrl}/docs/webhooks`);
    // Samples name the gateway the docs came from, never a port it does not listen on.
    await page.waitForFunction(
      (origin) => document.querySelector(".prose")?.textContent?.includes(origin),
      stack.apiUrl,
    );
    expect(await page.locator(".prose").textContent()).not.toContain("http://localhost:8787");
    await page
      .getByRole("navigation", { name: "Documentation" })
      .getByRole("link", { name: "API Reference" })
      .click();
    await page.locator("#post-v1-payment-intents").waitFor();
    expect(await page.locator(".endpoint").count()).toBeGreaterThan(40);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("blog: index, Read More to the featured post, back to the blog", async () => {
    const page = await browser.newPage();
    const { problems } = await guardPage(page, stack.apiUrl);
    await page.goto(`${stack.apiUrl}/blog`);
    await page.getByText("Featured").waitFor();
    await page.getByRole("link", { name: /^Read More/ }).click();
    await page.getByRole("heading", { level: 1, name: POSTS["accept-bitcoin-payments-stacks"] }).waitFor();
    expect(await page.title()).toBe(`${POSTS["accept-bitcoin-payments-stacks"]} | sPay Blog`);
    await page.getByRole("link", { name: /Back to Blog/ }).click();
    await page.getByRole("heading", { level: 1, name: "sPay Blog" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(["/docs/getting-started", `/blog/accept-bitcoin-payments-stacks`])(
    "%s hydrates the pre-rendered page: no nodes replaced, no Markdown renderer loaded",
    async (pagePath) => {
      const page = await browser.newPage();
      const { problems } = await guardPage(page, stack.apiUrl);
      const scripts: string[] = [];
      page.on("request", (req) => {
        if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
      });
      const scriptBytes: Promise<number>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() === "script") scriptBytes.push(res.body().then((b) => b.length));
      });
      // Records elements removed from the page: a re-render (or a hydration mismatch) removes the
      // pre-rendered content, hydration keeps it; moving an element (a mismatch of markers) also
      // takes it out of the page and puts it back. Only the page's head meta is replaced.
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedContent: string[] }).removedContent = removed;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node instanceof Element && !node.closest("head") && record.target !== document.head)
                removed.push(`${node.tagName}.${node.className}`);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${stack.apiUrl}${pagePath}`);
      await switchToDarkOnceHydrated(page);
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => (window as unknown as { removedContent: string[] }).removedContent),
      ).toEqual([]);
      expect(scripts.filter((s) => /RuntimeMarkdown|ApiReference/.test(s))).toEqual([]);
      // The page's JavaScript (uncompressed) stays within its budget: ~100 KB with Preact in the
      // browser, ~290 KB with react-dom (Lighthouse's Total Blocking Time grows with it).
      const bytes = (await Promise.all(scriptBytes)).reduce((sum, n) => sum + n, 0);
      expect(bytes, scripts.join(" ")).toBeLessThan(JS_BUDGET_BYTES);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("the API reference, opened directly, hydrates its pre-rendered page", async () => {
    const page = await browser.newPage();
    const { problems } = await guardPage(page, stack.apiUrl);
    await page.goto(`${stack.apiUrl}/docs/api-reference`);
    await switchToDarkOnceHydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await page.locator(".endpoint").count()).toBeGreaterThan(40);
    expect(await page.locator("#post-v1-payment-intents code.language-sh").textContent()).toContain(
      stack.apiUrl,
    );
    expect(await page.locator("#post-v1-payment-intents").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("theme toggle switches to dark and remembers it; the sidebar is a menu on small screens", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, colorScheme: "light" });
    const { problems } = await guardPage(page, stack.apiUrl);
    await page.goto(`${stack.apiUrl}/docs`);
    await page.getByRole("heading", { level: 1, name: "sPay Documentation" }).waitFor();
    await switchToDarkOnceHydrated(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    const sidebar = page.locator("#docs-sidebar");
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await sidebar.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("hostile Markdown in Chromium", () => {
  it("renders the post and executes none of the XSS payloads", async () => {
    const page = await browser.newPage();
    // Without a CSP: the sanitizer alone must stop every payload (the CSP is a second wall).
    const { problems, dialogs } = await guardPage(page, xssSite.url, { csp: false });
    await page.goto(`${xssSite.url}/index.html`);
    await page.getByRole("heading", { level: 1, name: "Hostile payloads" }).waitFor();
    // The title shows before the body: the Markdown renderer is a lazy chunk, slow on a busy machine.
    await page.locator(".prose p strong", { hasText: "Raw HTML is allowed" }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500); // let any onerror/onload/ontoggle fire
    expect(dialogs).toEqual([]);
    const result = await page.evaluate(() => {
      const prose = document.querySelector(".prose");
      const urls = [...(prose?.querySelectorAll("[href],[src],[action],[formaction]") ?? [])].flatMap((el) =>
        ["href", "src", "action", "formaction"].map((a) => el.getAttribute(a) ?? "").filter(Boolean),
      );
      return {
        xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
        dangerousUrls: urls.filter(
          (u) =>
            /^\s*(javascript|vbscript|file|data):/i.test(u) &&
            !/^data:image\/(gif|png|jpeg|webp)[;,]/i.test(u),
        ),
        dangerousElements:
          prose?.querySelectorAll("script,iframe,object,embed,form,svg,math,style,base,meta").length ?? -1,
        handlers: [...(prose?.querySelectorAll("*") ?? [])].flatMap((el) =>
          [...el.attributes].map((a) => a.name).filter((n) => n.startsWith("on")),
        ),
        safeLink: prose?.querySelector('a[href="https://example.com/page"]')?.textContent ?? null,
        rawHtml: prose?.querySelector("p strong")?.textContent ?? null,
      };
    });
    expect(result).toEqual({
      xss: null,
      dangerousUrls: [],
      dangerousElements: 0,
      handlers: [],
      safeLink: "safe link",
      rawHtml: "Raw HTML is allowed",
    });
    expect(problems.filter((p) => p.startsWith("pageerror"))).toEqual([]);
    await page.close();
  });
});

describe("the drop-in sample in Chromium", () => {
  it("samples/sdks/dropin.html, with real ids filled in, renders the product card and the buy button", async () => {
    const merchant = await createMerchantWithProduct(stack.apiUrl, "Drop-in Sample Tea");
    const sample = await readFile(path.join(ROOT, "samples/sdks/dropin.html"), "utf8");
    const html = sample
      .replaceAll("http://localhost:8787", stack.apiUrl)
      .replace("pk_test_REPLACE_ME", merchant.pk)
      .replace("prod_REPLACE_ME", merchant.product.id)
      .replace("plink_REPLACE_ME", merchant.product.linkId);
    await writeFile(
      path.join(xssDir, "dropin.html"),
      `<!doctype html><html lang="en"><body>${html}</body></html>`,
    );
    const page = await browser.newPage();
    const { problems } = await guardPage(page, xssSite.url);
    // The shop page is on another origin than the gateway, as a merchant's would be.
    await page.unroute("**/*");
    await page.goto(`${xssSite.url}/dropin.html`);
    await page.getByText("Drop-in Sample Tea").first().waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: /Buy \$19\.99/ }).waitFor();
    expect(problems.filter((p) => p.startsWith("pageerror"))).toEqual([]);
    await page.close();
  });
});
