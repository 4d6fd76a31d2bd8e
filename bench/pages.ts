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

/** Our targets for a cold load on this machine (not SPEC figures). */
const TARGETS = { weightKb: 400, fcpMs: 1500 };

const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const server = await startServerProcess({ SPAY_DEVNET: "embedded", DEVNET_PORT: String(devnetPort) });
const rows: string[] = [];
let failures = 0;
try {
  const { sk, pk } = await createMerchant(server.url);
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
      body: JSON.stringify({ amount_minor: 1999 }),
    })
  ).json()) as { id: string };
  const pages: [string, string][] = [
    ["landing page", "/"],
    ["docs overview", "/docs"],
    ["docs API reference", "/docs/api-reference"],
    ["blog index", "/blog"],
    ["blog post", "/blog/accept-bitcoin-payments-stacks"],
    ["payment link page", `/payment-links/${product.payment_link.id}`],
    ["hosted checkout", `/pay/${intent.id}`],
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
    for (const [name, path] of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const responses: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        responses.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
      });
      const status = (await page.goto(`${server.url}${path}`, { waitUntil: "load" }))?.status() ?? 0;
      // Pages that follow a payment keep an event stream open: idle means no other request for 500 ms.
      await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
      const fcp = await page.evaluate(
        () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      );
      const bytes = (await Promise.all(responses)).reduce((a, b) => a + b, 0);
      await context.close();
      const kb = bytes / 1024;
      const ok = status === 200 && kb <= TARGETS.weightKb && fcp <= TARGETS.fcpMs;
      if (!ok) failures += 1;
      rows.push(
        `| ${name} | \`${path.replace(/\/(plink|pi)_[^/]+/, "/$1_…")}\` | ${status} | ${responses.length} | ${kb.toFixed(1)} KB | ${Math.round(fcp)} ms | ${ok ? "pass" : "FAIL"} |`,
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
  `| page | path | status | requests | transferred | first contentful paint | target ≤ ${TARGETS.weightKb} KB, ≤ ${TARGETS.fcpMs} ms (ours) |`,
  "| --- | --- | ---: | ---: | ---: | ---: | --- |",
  ...rows,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/pages.md", import.meta.url), `${lines.join("\n")}\n`);
console.log(failures === 0 ? "every page within target" : `${failures} page(s) over target`);
