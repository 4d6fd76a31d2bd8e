/**
 * One sPay stack per test file, as third-party x402 code meets it: the devnet (Stacks testnet's
 * stand-in), the gateway on a real socket with its settlement watcher, and a merchant whose
 * payout wallet is verified. Third-party Stacks code that reaches Hiro's public testnet API at its
 * hard-coded address (x402-stacks signs through @stacks/network 6, which does) is sent to the
 * devnet instead — here, in the test harness only.
 */
import type { AddressInfo, Server } from "node:net";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "@spay/server/testing";

/** The public API the ecosystem's Stacks libraries default to for testnet. */
export const HIRO_TESTNET = "https://api.testnet.hiro.so";

/** A payment the gateway recorded as an x402 intent in the merchant's workspace. */
export interface RecordedX402Payment {
  id: string;
  txid: string;
  asset: string;
  amount_asset: string;
  payment_method: "x402";
}

export interface InteropStack {
  devnet: Devnet;
  gateway: TestApi;
  gatewayUrl: string;
  merchant: Merchant;
  /** The merchant's public facilitator URL (`{gateway}/x402/{pk}`): what a third-party server is given. */
  facilitatorUrl: string;
  /** The merchant's 50 newest x402 payments, as its Payments page lists them. */
  x402Payments(): Promise<RecordedX402Payment[]>;
  close(): Promise<void>;
}

/** An API under test listening on loopback (a Hono `serve(…)` or an Express `app.listen(0, "127.0.0.1")`). */
export async function onLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  if (!server.listening) await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Payers nobody else in the file uses: each test takes the next. */
const PAYERS = ACCOUNTS.filter((a) => /^wallet_[2-8]$/.test(a.name));
let nextPayerIndex = 0;
export const nextPayer = () => PAYERS[nextPayerIndex++ % PAYERS.length] as (typeof ACCOUNTS)[number];

/**
 * Sends `fetch` calls for Hiro's testnet API to the devnet; every other call goes through
 * untouched. Returns the calls redirected, so a test can show which endpoints a library used.
 */
function redirectHiroTo(devnetUrl: string): { calls: string[]; restore(): void } {
  const original = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(HIRO_TESTNET)) return original(input, init);
    const path = url.slice(HIRO_TESTNET.length);
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${path}`);
    if (input instanceof Request) return original(new Request(`${devnetUrl}${path}`, input), init);
    return original(`${devnetUrl}${path}`, init);
  };
  return {
    calls,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

export async function startInteropStack(): Promise<InteropStack & { hiroCalls: string[] }> {
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const gateway = await startTestApi({ stacksApiUrl: devnet.url });
  const listening = await gateway.listen();
  const merchant = await setupMerchant(gateway);
  const hiro = redirectHiroTo(devnet.url);
  return {
    devnet,
    gateway,
    gatewayUrl: listening.url,
    merchant,
    facilitatorUrl: `${listening.url}/x402/${merchant.pk}`,
    async x402Payments() {
      const res = await gateway.request("GET", "/v1/payment_intents?limit=50", { token: merchant.sk });
      return (res.body.data as (RecordedX402Payment | { payment_method: string })[]).filter(
        (i): i is RecordedX402Payment => i.payment_method === "x402",
      );
    },
    hiroCalls: hiro.calls,
    async close() {
      hiro.restore();
      await listening.close();
      await gateway.close();
      await devnet.stop();
    },
  };
}
