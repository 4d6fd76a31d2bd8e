import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createMerchantAccount,
  gatewayCall,
  type Json,
  type RunningGateway,
  startGateway,
} from "@spay/server/testing";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../sdk/src/core/messages.ts";
import { launchChromium } from "../../../sdk/test/browser/harness/chromium.ts";
import {
  openWithTestWallet,
  walletPaymentSettles,
} from "../../../sdk/test/browser/harness/wallet-checkout.ts";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));

let gateway: RunningGateway;
let browser: Browser;
let dataDir: string;
let site: Server;
let siteUrl: string;
let sk: string;
let pk: string;
let beans: Json;
let mug: Json;

/** A call to the gateway that must succeed. */
const api = (method: string, route: string, body?: unknown, token: string = sk) =>
  gatewayCall(gateway.url, method, route, body, token);

async function setUpShop(): Promise<void> {
  // The gateway as `pnpm start` runs it (settlement watcher in-process), and a merchant made
  // through the API: account, organization, workspace, payout wallet → test keys.
  gateway = await startGateway();
  const merchant = await createMerchantAccount(gateway.url, { name: "Beans Co" });
  await api(
    "PATCH",
    `/v1/workspaces/${merchant.workspaceId}/business-profile`,
    { display_name: "Beans & Mugs" },
    merchant.session,
  );
  // The $5 tip is an amount of the page's own: the workspace allows custom amounts from the browser
  // (off by default; the product card and buy button need no such setting).
  await api(
    "PATCH",
    `/v1/workspaces/${merchant.workspaceId}`,
    { allow_browser_amounts: true },
    merchant.session,
  );
  sk = merchant.sk;
  pk = merchant.pk;
  beans = await api("POST", "/v1/products", { name: "House Blend Beans", price_minor: 1499, stock: 10 });
  mug = await api("POST", "/v1/products", { name: "Stoneware Mug", price_minor: 1200, stock: 10 });
}

/** `vite build` as a developer's CI runs it, with the VITE_SPAY_* variables in its environment. */
async function buildApp(outDir: string): Promise<void> {
  Object.assign(process.env, {
    VITE_SPAY_PUBLISHABLE_KEY: pk,
    VITE_SPAY_API_URL: gateway.url,
    VITE_SPAY_PRODUCT_ID: beans.id,
    VITE_SPAY_LINK_ID: mug.payment_link.id,
  });
  await build({ root: APP_DIR, logLevel: "error", build: { outDir, emptyOutDir: true } });
}

/** Serves the built files (any static host would do), index.html for other paths. */
async function serve(dir: string): Promise<void> {
  const types: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
  };
  site = createHttpServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const file = path.join(dir, path.normalize(pathname === "/" ? "/index.html" : pathname));
    const body = file.startsWith(dir) ? await readFile(file).catch(() => null) : null;
    if (body) res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
    else res.writeHead(200, { "content-type": types[".html"] });
    res.end(body ?? (await readFile(path.join(dir, "index.html"))));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
}

beforeAll(async () => {
  [, browser] = await Promise.all([setUpShop(), launchChromium()]);
  dataDir = await mkdtemp(path.join(tmpdir(), "spay-react-storefront-"));
  const outDir = path.join(dataDir, "dist");
  await buildApp(outDir);
  await serve(outDir);
}, 120_000);

afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await browser?.close();
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const open = () => openWithTestWallet(browser, gateway.devnetUrl, siteUrl);

/** The app's own list of payments its onSuccess callbacks recorded: the intent ids. */
async function paidIntentIds(page: Page): Promise<string[]> {
  const items = await page.getByTestId("payments").getByRole("listitem").allTextContents();
  return items.map((text) => /^(pi_\w+)/.exec(text)?.[1] ?? text);
}

describe("examples/react-storefront (vite build) in Chromium against the gateway on the devnet", () => {
  it("renders <PaymentLinkCard>, <BuyButton> and the <Checkout> trigger from the build's settings", async () => {
    const { page, errors, close } = await open();
    await expect.poll(() => page.getByText("House Blend Beans").isVisible(), { timeout: 15_000 }).toBe(true);
    // $14.99 at the gateway's $100,000/BTC: 14,990 sats.
    await expect.poll(() => page.getByText("14,990 sats").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /^Buy \$12\.00/ }).isVisible()).toBe(true);
    await expect(page.getByRole("button", { name: "Tip the roaster $5" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it("<BuyButton> opens the mug's checkout and takes a wallet payment through to settled", async () => {
    const { page, errors, close } = await open();
    await page.getByRole("button", { name: /^Buy \$12\.00/ }).click();
    const buyDialog = page.getByRole("dialog", { name: "Stoneware Mug" });
    await buyDialog.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
    await buyDialog.getByRole("button", { name: MESSAGES.pay }).click();
    await walletPaymentSettles(page);

    await expect.poll(() => paidIntentIds(page), { timeout: 10_000 }).toHaveLength(1);
    const [id] = await paidIntentIds(page);
    expect(await api("GET", `/v1/payment_intents/${id}`)).toMatchObject({
      status: "payment_settled",
      product_id: mug.id,
      amount_minor: 1200,
      payment_method: "wallet",
    });
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it("<Checkout method='wallet'> pays a $5 tip without a product", async () => {
    const { page, errors, close } = await open();
    await page.getByRole("button", { name: "Tip the roaster $5" }).click();
    await walletPaymentSettles(page);
    await expect.poll(() => paidIntentIds(page), { timeout: 10_000 }).toHaveLength(1);
    const [id] = await paidIntentIds(page);
    expect(await api("GET", `/v1/payment_intents/${id}`)).toMatchObject({
      status: "payment_settled",
      amount_minor: 500,
      product_id: null,
      metadata: { purpose: "tip" },
    });
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
