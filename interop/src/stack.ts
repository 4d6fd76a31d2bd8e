/**
 * One sPay stack per test file, as third-party x402 code meets it: the devnet (Stacks testnet's
 * stand-in), the gateway on a real socket with its settlement watcher, and a merchant whose
 * payout wallet is verified. Third-party Stacks code that reaches Hiro's public testnet API at its
 * hard-coded address (x402-stacks signs through @stacks/network 6, which does) is sent to the
 * devnet instead — here, in the test harness only.
 */
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "@spay/server/testing";

/** The public API the ecosystem's Stacks libraries default to for testnet. */
export const HIRO_TESTNET = "https://api.testnet.hiro.so";

export interface InteropStack {
  devnet: Devnet;
  gateway: TestApi;
  gatewayUrl: string;
  merchant: Merchant;
  close(): Promise<void>;
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
    hiroCalls: hiro.calls,
    async close() {
      hiro.restore();
      await listening.close();
      await gateway.close();
      await devnet.stop();
    },
  };
}
