import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { loadConfig, type RunningServer, startServer, verifyWallet } from "@spay/server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../sdk/src/core/messages.ts";
import { launchChromium } from "../../../sdk/test/browser/harness/chromium.ts";
import { installTestWallet } from "../../../sdk/test/browser/harness/test-wallet.ts";

const SERVE = fileURLToPath(new URL("../serve.ts", import.meta.url));
const PAYOUT = ACCOUNTS.find((a) => a.name === "wallet_8")!;

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON answers by field name.
type Json = Record<string, any>;

let devnet: Devnet;
let gateway: RunningServer;
let browser: Browser;
let dataDir: string;
let sk: string;
let pk: string;
let beans: Json;
let mug: Json;
let shop: ChildProcess | undefined;
let shopOutput = "";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A call to the gateway that must succeed. */
async function api(method: string, route: string, body?: unknown, token: string = sk): Promise<Json> {
  const res = await fetch(`${gateway.url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function startGateway(): Promise<void> {
  // The gateway as `pnpm start` runs it: settlement watcher in-process, SDK files at /sdk/.
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  dataDir = await mkdtemp(path.join(tmpdir(), "spay-html-storefront-"));
  const port = await freePort();
  gateway = await startServer(
    loadConfig(
      {},
      {
        port,
        host: "127.0.0.1",
        dataDir,
        devnet: "off",
        stacksApiUrl: devnet.url,
        fxSource: "fixed:100000",
        publicUrl: `http://127.0.0.1:${port}`,
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        scryptLog2N: 10,
        watchIntervalMs: 100,
        webhookIntervalMs: 50,
      },
    ),
    { devnetUrl: devnet.url },
  );
  // A merchant through the API: account, organization, workspace, payout wallet → test keys.
  const { session_id: session } = await api(
    "POST",
    "/v1/auth/register",
    { email: `shop-${Date.now()}@example.com`, password: "a-long-password" },
    "",
  );
  const org = await api(
    "POST",
    "/v1/organizations",
    { name: "Beans Co", slug: `beans-${Date.now()}` },
    session,
  );
  const ws = await api("POST", `/v1/organizations/${org.id}/workspaces`, { name: "Store" }, session);
  await api("PATCH", `/v1/workspaces/${ws.id}/business-profile`, { display_name: "Beans & Mugs" }, session);
  const { keys } = await verifyWallet({
    apiUrl: gateway.url,
    session,
    workspaceId: ws.id,
    privateKey: PAYOUT.privateKey,
  });
  sk = keys.find((k) => k.type === "sk")!.key;
  pk = keys.find((k) => k.type === "pk")!.key;
  beans = await api("POST", "/v1/products", { name: "House Blend Beans", price_minor: 1499, stock: 10 });
  mug = await api("POST", "/v1/products", { name: "Stoneware Mug", price_minor: 1200, stock: 10 });
}

beforeAll(async () => {
  [, browser] = await Promise.all([startGateway(), launchChromium()]);
  // The example as a developer runs it: `tsx serve.ts` with the gateway, key and products.
  shop = spawn(process.execPath, ["--import", "tsx", SERVE], {
    env: {
      ...process.env,
      SPAY_GATEWAY_URL: gateway.url,
      SPAY_PUBLISHABLE_KEY: pk,
      PRODUCT_IDS: `${beans.id},${mug.id}`,
      PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  shop.stdout?.on("data", (d: Buffer) => {
    shopOutput += d.toString();
  });
  shop.stderr?.on("data", (d: Buffer) => {
    shopOutput += d.toString();
  });
  const deadline = Date.now() + 15_000;
  while (!/Shop on http:\/\//.test(shopOutput)) {
    if (Date.now() > deadline || shop.exitCode !== null)
      throw new Error(`serve.ts did not start:\n${shopOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  shop?.kill("SIGTERM");
  await browser?.close();
  await gateway?.close();
  await devnet?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("examples/html-storefront in Chromium against the gateway on the devnet", () => {
  it("shows both products from the drop-in and pays the mug with a wallet until it is settled", async () => {
    const shopUrl = /Shop on (http:\/\/127\.0\.0\.1:\d+)/.exec(shopOutput)![1]!;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await installTestWallet(page, devnet.url);
    await page.goto(shopUrl);

    // The drop-in, loaded from the gateway, renders one checkout card per data-spay-product.
    const beansCard = page.locator(`[data-spay-product="${beans.id}"]`);
    const mugCard = page.locator(`[data-spay-product="${mug.id}"]`);
    await expect
      .poll(() => beansCard.getByText("House Blend Beans").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => mugCard.getByText("Stoneware Mug").isVisible()).toBe(true);
    // $12.00 at the gateway's $100,000/BTC: 12,000 sats.
    await expect.poll(() => mugCard.getByText("12,000 sats").isVisible()).toBe(true);

    await mugCard.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
    await mugCard.getByRole("button", { name: MESSAGES.pay }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText(MESSAGES.paymentSettled).first().isVisible(), { timeout: 30_000 })
      .toBe(true);

    // The page's own spay:success listener thanks the customer with the intent id…
    const status = page.locator("#order-status");
    await expect.poll(() => status.textContent()).toMatch(/^Thank you! Payment pi_\w+ is confirmed\.$/);
    const intentId = /(pi_\w+)/.exec((await status.textContent()) ?? "")![1]!;
    // …and the gateway confirms: the mug's intent is settled, paid from the injected wallet.
    expect(await api("GET", `/v1/payment_intents/${intentId}`)).toMatchObject({
      status: "payment_settled",
      product_id: mug.id,
      amount_minor: 1200,
      payment_method: "wallet",
      asset: "sbtc",
    });
    const calls = await page.evaluate(
      () => (window as unknown as { __walletCalls: { method: string }[] }).__walletCalls,
    );
    expect(calls.map((c) => c.method)).toContain("stx_callContract");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
