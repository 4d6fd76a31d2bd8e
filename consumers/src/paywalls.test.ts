/**
 * The paywall adapters from the installed tarball, each in a process of its own as a merchant
 * runs it (`tsx` in the shop project): Express 5, Hono and a fetch handler, and the docs' plain
 * Node sample. Each is paid on the devnet by agents from the agent project — x402-stacks' client
 * and Coinbase's `@x402/fetch` with sPay's scheme — and, for the docs' sample, by the docs' agent.
 * The gateway settles every payment and records it in the merchant's workspace.
 */
import { ACCOUNTS } from "@spay/devnet";
import { createMerchantAccount, gatewayCall, type RunningGateway, startGateway } from "@spay/server/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, type RunningProgram, runProgram, startProgram } from "./processes.ts";

const { dirs } = inject("packed");

let gateway: RunningGateway;
let sk: string;
const running: RunningProgram[] = [];
const urls: Record<string, string> = {};

/** Payers that never receive: wallet_1 … wallet_7 (wallet_8 is the merchant's payout wallet). */
const PAYERS = ACCOUNTS.filter((a) => /^wallet_[1-7]$/.test(a.name));
let nextPayer = 0;
const payer = () => PAYERS[nextPayer++ % PAYERS.length]!;

/** The paid APIs: the three adapters, and the docs' plain Node sample (`paywall` of `@spay/sdk/server`). */
const SELLERS = {
  express: { file: "app/paywalls/express.ts", path: "/weather", answer: { served_by: "express" } },
  hono: { file: "app/paywalls/hono.ts", path: "/weather", answer: { served_by: "hono" } },
  fetch: { file: "app/paywalls/fetch.ts", path: "/weather", answer: { served_by: "fetch" } },
  "docs sample (node:http)": {
    file: "samples/docs-site/x402/paid-api.ts",
    path: "/forecast",
    answer: { city: "Lisbon" },
  },
} as const;
type Seller = keyof typeof SELLERS;

const AGENTS = {
  "x402-stacks' client": { file: "app/pay-with-x402-stacks.ts", preload: "./app/hiro-to-devnet.ts" },
  "@x402/fetch + sPay's scheme": { file: "app/pay-with-x402-fetch.ts", preload: undefined },
} as const;

beforeAll(async () => {
  gateway = await startGateway();
  const merchant = await createMerchantAccount(gateway.url, { name: "Weather Co" });
  sk = merchant.sk;
  for (const [name, seller] of Object.entries(SELLERS)) {
    const port = await freePort();
    running.push(
      await startProgram(
        dirs.shop,
        seller.file,
        { SPAY_SECRET_KEY: sk, SPAY_API_URL: gateway.url, PORT: String(port) },
        /listening on http:\/\/127\.0\.0\.1:\d+/,
      ),
    );
    urls[name] = `http://127.0.0.1:${port}${seller.path}`;
  }
});

afterAll(async () => {
  for (const program of running) program.stop();
  await gateway?.close();
});

interface RecordedPayment {
  txid: string | null;
  status: string;
}

/**
 * The merchant's payment with this txid, as its Payments page lists it, once the gateway's
 * settlement watcher has seen the transfer confirm (the paywall answers after the broadcast).
 */
async function settledPayment(txid: string): Promise<RecordedPayment | undefined> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await gatewayCall(gateway.url, "GET", "/v1/payment_intents?limit=50", undefined, sk);
    const found = (page.data as RecordedPayment[]).find((i) => i.txid === txid);
    if (found?.status === "payment_settled" || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the installed paywalls, paid by third-party agents on the devnet", () => {
  it("serves 402 with x402 v2 requirements to a caller without payment", async () => {
    for (const seller of Object.keys(SELLERS) as Seller[]) {
      const res = await fetch(urls[seller]!, { headers: { accept: "application/json" } });
      expect(res.status, seller).toBe(402);
      expect(res.headers.get("payment-required"), seller).toBeTruthy();
    }
  });

  it.each(Object.keys(AGENTS) as (keyof typeof AGENTS)[])(
    "%s pays each installed paywall a tenth of a cent in USDC: served by it, settled and recorded",
    async (agent) => {
      const from = payer();
      const { file, preload } = AGENTS[agent];
      const sellers = Object.keys(SELLERS) as Seller[];
      const { code, output } = await runProgram(
        dirs.agent,
        file,
        {
          PAYER_PRIVATE_KEY: from.privateKey,
          URLS: sellers.map((seller) => urls[seller]).join(","),
          STACKS_API_URL: gateway.devnetUrl,
          DEVNET_URL: gateway.devnetUrl,
        },
        preload ? { preload } : {},
      );
      expect(code, output).toBe(0);
      const answers = output
        .trim()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map(
          (line) =>
            JSON.parse(line) as {
              url: string;
              status: number;
              body: Record<string, unknown>;
              receipt: { success: boolean; payer: string; transaction: string; network: string };
            },
        );
      expect(answers.map((a) => a.url)).toEqual(sellers.map((seller) => urls[seller]));
      for (const [i, answer] of answers.entries()) {
        const seller = sellers[i]!;
        expect(answer.status, seller).toBe(200);
        expect(answer.body, seller).toMatchObject(SELLERS[seller].answer);
        expect(answer.receipt, seller).toMatchObject({
          success: true,
          payer: from.address,
          network: "stacks:2147483648",
        });
        expect(await settledPayment(answer.receipt.transaction), seller).toMatchObject({
          payment_method: "x402",
          asset: "usdc",
          amount_asset: "1000",
          status: "payment_settled",
        });
      }
    },
  );

  it("the docs' agent sample pays the docs' paid API sample, as the docs run them", async () => {
    const from = payer();
    const { code, output } = await runProgram(dirs.shop, "samples/docs-site/x402/agent.ts", {
      AGENT_PRIVATE_KEY: from.privateKey,
      STACKS_API_URL: gateway.devnetUrl,
      API_URL: new URL(urls["docs sample (node:http)"]!).origin,
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^200 \{/m);
    const txid = /paid 1000 USDC units \+ \d+ µSTX fee, txid (0x[0-9a-f]{64})/.exec(output)?.[1];
    expect(txid, output).toBeDefined();
    expect(await settledPayment(txid!)).toMatchObject({ payment_method: "x402", status: "payment_settled" });
  });

  it("the docs' server-client sample lists the day's settled payments with the secret key", async () => {
    const { code, output } = await runProgram(dirs.shop, "samples/docs-site/sdks/server-client.ts", {
      SPAY_SECRET_KEY: sk,
      SPAY_API_URL: gateway.url,
    });
    expect(code, output).toBe(0);
    // The payments above, each on its own line with its id and amount.
    expect(output.match(/^pi_\w+ {2}\d+ cents {2}usdc/gm)?.length, output).toBeGreaterThanOrEqual(
      2 * Object.keys(SELLERS).length,
    );
    expect(output).toMatch(/^\d+ settled payment\(s\) in the latest page$/m);
  });
});
