/**
 * Page weights and time to first render of the pages the gateway serves (the built dashboard,
 * docs and blog, the hosted payment pages), each loaded cold in Chromium from the server in its
 * own process: bytes transferred (gzip where the server compresses), requests, and first
 * contentful paint. Needs the front ends built (`pnpm bench` builds them).
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

/** Our targets for a cold load on this machine (not SPEC figures)… */
const TARGETS = { weightKb: 400, fcpMs: 1500 };
/** …and the customer's pages load ≤ 80 KB gzip of JavaScript before the wallet chunk. */
const CHECKOUT_JS_KB = 80;

const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const server = await startServerProcess({ SPAY_DEVNET: "embedded", DEVNET_PORT: String(devnetPort) });
const rows: string[] = [];
let failures = 0;
try {
  const { sk, pk, session } = await createMerchant(server.url);
  const json = { "content-type": "application/json" };
  const product = (await (
    await fetch(`${server.url}/v1/products`, {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${sk}` },
      body: JSON.stringify({ name: "Bench Beans", price_minor: 1999, stock: 5 }),
    })
  ).json()) as { payment_link: { id: string } };
  const intent = (await (
    await fetch(`${server.url}/v1/payment_intents`, {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${pk}` },
      // A publishable key sells a product or link at its catalogue price.
      body: JSON.stringify({ payment_link: product.payment_link.id }),
    })
  ).json()) as { id: string };
  const pages: [string, string, { signedIn?: boolean; checkout?: boolean }?][] = [
    ["landing page", "/"],
    ["payments (signed in)", "/payments", { signedIn: true }],
    ["docs overview", "/docs"],
    ["docs API reference", "/docs/api-reference"],
    ["blog index", "/blog"],
    ["blog post", "/blog/accept-bitcoin-payments-stacks"],
    ["payment link page", `/payment-links/${product.payment_link.id}`, { checkout: true }],
    ["hosted checkout", `/pay/${intent.id}`, { checkout: true }],
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    for (const [name, path, options = {}] of pages) {
      const context = await browser.newContext();
      if (options.signedIn) {
        await context.addInitScript((s) => {
          // Runs in the page (the dashboard's stored session), not in Node.
          const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
            .localStorage;
          storage.setItem("spay_session_token", s.token);
          storage.setItem("spay_user", JSON.stringify(s.user));
        }, session);
      }
      const page = await context.newPage();
      const responses: Promise<number>[] = [];
      const scripts: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        const size = request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize);
        responses.push(size);
        if (request.resourceType() === "script")
          scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      const status = (await page.goto(`${server.url}${path}`, { waitUntil: "load" }))?.status() ?? 0;
      // Pages that follow a payment keep an event stream open: idle means no other request for 500 ms.
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
      const fcp = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      );
      const bytes = (await Promise.all(responses)).reduce((a, b) => a + b, 0);
      const jsKb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
      await context.close();
      const kb = bytes / 1024;
      const ok =
        status === 200 &&
        kb <= TARGETS.weightKb &&
        fcp <= TARGETS.fcpMs &&
        (!options.checkout || jsKb <= CHECKOUT_JS_KB);
      if (!ok) failures += 1;
      rows.push(
        `| ${name} | \`${path.replace(/\/(plink|pi)_[^/]+/, "/$1_…")}\` | ${status} | ${responses.length} | ${kb.toFixed(1)} KB | ${jsKb.toFixed(1)} KB${options.checkout ? ` (≤ ${CHECKOUT_JS_KB})` : ""} | ${Math.round(fcp)} ms | ${ok ? "pass" : "FAIL"} |`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const lines = [
  "Page weight and first contentful paint, cold load in Chromium (headless), the server in its own process on this machine",
  "",
  `| page | path | status | requests | transferred | of it JavaScript | first contentful paint | target ≤ ${TARGETS.weightKb} KB, ≤ ${TARGETS.fcpMs} ms (ours) |`,
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/pages.md", import.meta.url), `${lines.join("\n")}\n`);
console.log(failures === 0 ? "every page within target" : `${failures} page(s) over target`);
