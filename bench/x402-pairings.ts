/**
 * x402 per interop pairing, as a client sees it: the embedded devnet (DEVNET_BLOCK_MS=0), the
 * gateway as its own process, each resource server on a loopback socket in this process, and each
 * pairing's own client paying $0.001 USDC from a funded devnet account (one account per payer, so
 * no two payers share a nonce; the merchant's sponsor is an account no payer uses):
 *  1. per pairing, N sequential paid requests (the 402, signing, the paid retry, until the whole
 *     answer is read), each beside the same client's request to the same server's free route, so
 *     the overhead of paying (paid − free) shows; and the payer's µSTX per paid call (and the
 *     sponsor's, where the paywall sponsors fees — for sPay's agent and for `@x402/fetch` with
 *     sPay's scheme, which both sign sponsored when the requirement names a `feePayer`);
 *  2. payments per second, sPay's agent → sPay's paywall, several payers at once for a while,
 *     unsponsored then with sponsored fees; what each call cost the payer (and the sponsor) in µSTX,
 *     read from balances once every transaction was mined.
 * The pairings are the ones interop/src/ tests (see there for how each is wired).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { serve } from "@hono/node-server";
import { ACCOUNTS, type DevnetAccount, USDC_CONTRACT_ID } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment as spayAgentFetch } from "@spay/sdk/x402";
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { paywall } from "@spay/sdk/x402/hono";
import { HTTPFacilitatorClient } from "@x402/core/server";
import { x402Client, wrapFetchWithPayment as x402Fetch } from "@x402/fetch";
import { paymentMiddleware as x402HonoPaymentMiddleware, x402ResourceServer } from "@x402/hono";
import axios from "axios";
import express from "express";
import { Hono } from "hono";
import {
  createPaymentClient,
  privateKeyToAccount,
  paymentMiddleware as x402StacksPaymentMiddleware,
} from "x402-stacks";
import { redirectHiroTestnetTo } from "./lib/hiro-testnet.ts";
import { type Loopback, onLoopback } from "./lib/loopback.ts";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const SAMPLES = Number(process.env.BENCH_X402_PAIRING_SAMPLES ?? 50);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_X402_PAIRING_SECONDS ?? 10);
const TESTNET = "stacks:2147483648";
const PRICE = "$0.001";
const PRICE_MICRO_USDC = 1000n;

/** The merchant's fee sponsor; every other wallet pays. */
const sponsorAccount = ACCOUNTS.find((a) => a.name === "wallet_1") as DevnetAccount;
const payers = ACCOUNTS.filter((a) => /^wallet_[2-9]$/.test(a.name));

/** One answer as the bench needs it: its status, whether it carries a payment receipt, its body. */
interface Answer {
  status: number;
  receipt: boolean;
  body: string;
  /** x402's reason when the answer is a 402 (the `payment-required` header). */
  required?: string | undefined;
}
/** A pairing's client bound to one payer: GETs a path of its server, the answer read to the end. */
type Client = (path: string) => Promise<Answer>;

interface Pairing {
  label: string;
  /** The paywall sponsors the fee on `paidPath`: the sponsor's µSTX per call is shown too. */
  sponsoredFees?: boolean;
  /** The server the client calls: `paidPath` is paywalled, `/free` the same handler, free. */
  baseUrl: string;
  client: (payer: DevnetAccount, baseUrl: string) => Client;
  paidPath: string;
}

interface PairingResult {
  free: number[];
  paid: number[];
  paidCalls: number;
  payerMicroStx: bigint;
  sponsorMicroStx: bigint;
}

interface ThroughputResult {
  calls: number;
  seconds: number;
  payerMicroStx: bigint;
  sponsorMicroStx: bigint;
}

/** The machine is shared: its 1-minute load average when the run starts, printed beside the figures. */
const loadAtStart = os.loadavg()[0] ?? Number.NaN;
const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
const chainUrl = `http://127.0.0.1:${devnetPort}`;
const server = await startServerProcess({
  SPAY_WATCHER: "on",
  SPAY_DEVNET: "embedded",
  DEVNET_BLOCK_MS: "0",
  DEVNET_PORT: String(devnetPort),
});
const restoreFetch = redirectHiroTestnetTo(chainUrl);
const listening: Loopback[] = [];

// --- chain reads -----------------------------------------------------------------------------

/** An account's STX and USDC, both in atomic units (µSTX, µUSDC). */
interface Holdings {
  stx: bigint;
  usdc: bigint;
}

async function holdings(address: string): Promise<Holdings> {
  const res = await fetch(`${chainUrl}/extended/v1/address/${address}/balances`);
  if (!res.ok) throw new Error(`balances of ${address}: ${res.status}`);
  const body = (await res.json()) as {
    stx: { balance: string };
    fungible_tokens: Record<string, { balance: string }>;
  };
  const usdc = Object.entries(body.fungible_tokens).find(([id]) => id.startsWith(`${USDC_CONTRACT_ID}::`));
  return { stx: BigInt(body.stx.balance), usdc: BigInt(usdc?.[1].balance ?? 0) };
}

async function totalHoldings(addresses: string[]): Promise<Holdings> {
  const all = await Promise.all(addresses.map(holdings));
  return all.reduce((sum, h) => ({ stx: sum.stx + h.stx, usdc: sum.usdc + h.usdc }), { stx: 0n, usdc: 0n });
}

/** Every call counted as paid moved $0.001 from the payers on chain, or the figures mean nothing. */
function checkPaidOnChain(what: string, usdcSpent: bigint, calls: number): void {
  if (usdcSpent !== BigInt(calls) * PRICE_MICRO_USDC)
    throw new Error(`${what}: ${calls} paid calls, but the payers' USDC fell by ${usdcSpent} µUSDC`);
}

/** Waits until the devnet mined every transaction it accepted (balances are final then). */
async function mempoolDrained(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${chainUrl}/extended/v1/tx/mempool?limit=1`);
    if (((await res.json()) as { total: number }).total === 0) return;
    if (Date.now() > deadline) throw new Error("the devnet's mempool did not drain in 60 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}

// --- clients ---------------------------------------------------------------------------------

const fetchAnswer = async (res: Response): Promise<Answer> => ({
  body: await res.text(),
  status: res.status,
  receipt: res.headers.has("payment-response"),
  required: res.headers.get("payment-required") ?? undefined,
});

/** sPay's agent (`@spay/sdk/x402`), default fee; it pays sponsored when an offer names a feePayer. */
const spayAgent = (payer: DevnetAccount, baseUrl: string): Client => {
  const paidFetch = spayAgentFetch(fetch, {
    privateKey: payer.privateKey,
    network: "testnet",
    stacksApiUrl: chainUrl,
    maxAmount: { usdc: 10_000n },
  });
  return async (path) => {
    const res = await paidFetch(`${baseUrl}${path}`);
    const answer = await fetchAnswer(res);
    const payment = getPayment(res);
    if (!payment || payment.status === "paid") return answer;
    const why = `the agent's payment: ${payment.status} (${payment.rejectionReason ?? "no reason given"})`;
    return { ...answer, body: `${why}; ${answer.body}` };
  };
};

/**
 * x402-stacks' axios client. It pays again whenever a paid retry answers 402 (without bound), so a
 * call making a third request is stopped and reported.
 */
const x402StacksClient = (payer: DevnetAccount, baseUrl: string): Client => {
  const client = createPaymentClient(privateKeyToAccount(payer.privateKey, "testnet"), { baseURL: baseUrl });
  let requests = 0;
  client.interceptors.request.use((config) => {
    if (++requests > 2) throw new Error("x402-stacks kept paying: the paid retry was refused");
    return config;
  });
  return async (path) => {
    requests = 0;
    // Its interceptor pays on a 402 *error*: axios' default status check must stay.
    const res = await client.get(path, { responseType: "text" }).catch((error: unknown) => {
      if (axios.isAxiosError(error) && error.response) return error.response;
      throw error;
    });
    return {
      status: res.status,
      receipt: res.headers["payment-response"] !== undefined,
      body: String(res.data),
      required: res.headers["payment-required"],
    };
  };
};

/** Coinbase's `@x402/fetch` with sPay's Stacks scheme registered. */
const coinbaseFetch = (payer: DevnetAccount, baseUrl: string): Client => {
  const client = registerExactStacksScheme(new x402Client(), {
    privateKey: payer.privateKey,
    stacksApiUrl: chainUrl,
  });
  const paidFetch = x402Fetch(fetch, client);
  return async (path) => fetchAnswer(await paidFetch(`${baseUrl}${path}`));
};

// --- resource servers --------------------------------------------------------------------------

const merchant = await createMerchant(server.url).catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
const facilitatorUrl = `${server.url}/x402/${merchant.pk}`;
const handler = { quote: "Stay hungry" };

/** sPay's Hono paywall: `/paid`, `/sponsored` (the merchant sponsors the fee) and `/free`. */
async function spayPaywallServer(): Promise<string> {
  const sell = (sponsored: boolean) =>
    paywall({
      price: PRICE,
      asset: "usdc",
      apiKey: merchant.sk,
      gatewayUrl: server.url,
      ...(sponsored ? { sponsor: { privateKey: sponsorAccount.privateKey, stacksApiUrl: chainUrl } } : {}),
    });
  const app = new Hono();
  app.get("/paid", sell(false), (c) => c.json(handler));
  app.get("/sponsored", sell(true), (c) => c.json(handler));
  app.get("/free", (c) => c.json(handler));
  const loopback = await onLoopback(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }));
  listening.push(loopback);
  return loopback.url;
}

/** x402-stacks' Express middleware with sPay's public facilitator. */
async function x402StacksExpressServer(): Promise<string> {
  const app = express();
  app.get(
    "/paid",
    x402StacksPaymentMiddleware({
      network: "testnet",
      amount: "1000",
      asset: USDC_CONTRACT_ID,
      payTo: merchant.payoutAddress,
      facilitatorUrl,
      description: "A quote",
    }),
    (_req, res) => {
      res.json(handler);
    },
  );
  app.get("/free", (_req, res) => {
    res.json(handler);
  });
  const loopback = await onLoopback(app.listen(0, "127.0.0.1"));
  listening.push(loopback);
  return loopback.url;
}

/** Coinbase's `@x402/hono` resource server, sPay's Stacks server scheme, sPay's public facilitator. */
async function x402HonoServer(): Promise<string> {
  const resourceServer = registerExactStacksScheme(
    new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitatorUrl })),
    { asset: { testnet: USDC_CONTRACT_ID } },
  );
  const app = new Hono();
  app.use(
    x402HonoPaymentMiddleware(
      {
        "GET /paid": {
          accepts: { scheme: "exact", network: TESTNET, price: PRICE, payTo: merchant.payoutAddress },
          description: "A quote",
          mimeType: "application/json",
        },
      },
      resourceServer,
    ),
  );
  app.get("/paid", (c) => c.json(handler));
  app.get("/free", (c) => c.json(handler));
  const loopback = await onLoopback(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }));
  listening.push(loopback);
  return loopback.url;
}

// --- measuring ---------------------------------------------------------------------------------

async function timed(client: Client, path: string, paid: boolean): Promise<number> {
  const t = performance.now();
  const answer = await client(path);
  const ms = performance.now() - t;
  if (answer.status !== 200 || answer.receipt !== paid)
    throw new Error(
      `${path} answered ${answer.status} (receipt: ${answer.receipt}), expected 200 ${paid ? "paid" : "free"}: ` +
        `${answer.body.slice(0, 300)} ${answer.required ? Buffer.from(answer.required, "base64").toString().slice(0, 600) : ""}`,
    );
  return ms;
}

/** SAMPLES paid requests by one payer, each after a free one (a warm-up pair first, untimed). */
async function measurePairing(pairing: Pairing, payer: DevnetAccount): Promise<PairingResult> {
  try {
    return await measurePairingOnce(pairing, payer);
  } catch (error) {
    throw new Error(`${pairing.label}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

async function measurePairingOnce(pairing: Pairing, payer: DevnetAccount): Promise<PairingResult> {
  const client = pairing.client(payer, pairing.baseUrl);
  const [before, sponsorBefore] = await Promise.all([
    holdings(payer.address),
    holdings(sponsorAccount.address),
  ]);
  await timed(client, "/free", false);
  await timed(client, pairing.paidPath, true);
  const result: PairingResult = { free: [], paid: [], paidCalls: 1, payerMicroStx: 0n, sponsorMicroStx: 0n };
  for (let i = 0; i < SAMPLES; i++) {
    result.free.push(await timed(client, "/free", false));
    result.paid.push(await timed(client, pairing.paidPath, true));
    result.paidCalls += 1;
  }
  await mempoolDrained();
  const [after, sponsorAfter] = await Promise.all([
    holdings(payer.address),
    holdings(sponsorAccount.address),
  ]);
  checkPaidOnChain("the sequential run", before.usdc - after.usdc, result.paidCalls);
  result.payerMicroStx = before.stx - after.stx;
  result.sponsorMicroStx = sponsorBefore.stx - sponsorAfter.stx;
  return result;
}

/** sPay's agents paying `path` back to back, one per payer, for THROUGHPUT_SECONDS. */
async function measureThroughput(baseUrl: string, path: string): Promise<ThroughputResult> {
  const addresses = payers.map((p) => p.address);
  const [payersBefore, sponsorBefore] = await Promise.all([
    totalHoldings(addresses),
    holdings(sponsorAccount.address),
  ]);
  let calls = 0;
  const started = performance.now();
  const deadline = started + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    payers.map(async (payer) => {
      const client = spayAgent(payer, baseUrl);
      while (performance.now() < deadline) {
        await timed(client, path, true);
        calls += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await mempoolDrained();
  const [payersAfter, sponsorAfter] = await Promise.all([
    totalHoldings(addresses),
    holdings(sponsorAccount.address),
  ]);
  checkPaidOnChain(`${path} for ${THROUGHPUT_SECONDS} s`, payersBefore.usdc - payersAfter.usdc, calls);
  return {
    calls,
    seconds,
    payerMicroStx: payersBefore.stx - payersAfter.stx,
    sponsorMicroStx: sponsorBefore.stx - sponsorAfter.stx,
  };
}

const pairingResults: PairingResult[] = [];
let unsponsored: ThroughputResult | undefined;
let sponsored: ThroughputResult | undefined;
let pairings: Pairing[] = [];
try {
  const [spayUrl, expressUrl, x402HonoUrl] = await Promise.all([
    spayPaywallServer(),
    x402StacksExpressServer(),
    x402HonoServer(),
  ]);
  pairings = [
    { label: "sPay agent → sPay paywall", baseUrl: spayUrl, client: spayAgent, paidPath: "/paid" },
    {
      label: "x402-stacks client → sPay paywall",
      baseUrl: spayUrl,
      client: x402StacksClient,
      paidPath: "/paid",
    },
    {
      label: "x402-stacks client → x402-stacks middleware (Express) + sPay facilitator",
      baseUrl: expressUrl,
      client: x402StacksClient,
      paidPath: "/paid",
    },
    {
      label: "@x402/fetch + exact-stacks → sPay paywall",
      baseUrl: spayUrl,
      client: coinbaseFetch,
      paidPath: "/paid",
    },
    {
      label: "@x402/fetch + exact-stacks → @x402/hono + sPay facilitator",
      baseUrl: x402HonoUrl,
      client: coinbaseFetch,
      paidPath: "/paid",
    },
    {
      label: "sPay agent → sPay paywall, sponsored fees",
      baseUrl: spayUrl,
      client: spayAgent,
      paidPath: "/sponsored",
      sponsoredFees: true,
    },
    {
      label: "@x402/fetch + sPay's scheme → sPay paywall, sponsored fees",
      baseUrl: spayUrl,
      client: coinbaseFetch,
      paidPath: "/sponsored",
      sponsoredFees: true,
    },
  ];
  for (const [i, pairing] of pairings.entries()) {
    pairingResults.push(await measurePairing(pairing, payers[i % payers.length] as DevnetAccount));
  }
  unsponsored = await measureThroughput(spayUrl, "/paid");
  sponsored = await measureThroughput(spayUrl, "/sponsored");
} finally {
  restoreFetch();
  await Promise.all(listening.map((l) => l.close()));
  await server.stop();
}

// --- the table ---------------------------------------------------------------------------------

/** Nearest-rank percentile, ms. */
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number) => value.toFixed(1);
const perCall = (microStx: bigint, calls: number) => {
  const value = Number(microStx) / calls;
  return calls === 0 ? "—" : Number.isInteger(value) ? String(value) : value.toFixed(1);
};
const throughputCells = (t: ThroughputResult | undefined, sponsoredFees: boolean) =>
  t
    ? [
        (t.calls / t.seconds).toFixed(1),
        `${perCall(t.payerMicroStx, t.calls)}${sponsoredFees ? ` (sponsor ${perCall(t.sponsorMicroStx, t.calls)})` : ""}`,
      ]
    : ["—", "—"];

const rows = pairings.map((pairing, i) => {
  const r = pairingResults[i] as PairingResult;
  const [p50free, p99free, p50paid, p99paid] = [
    pct(r.free, 50),
    pct(r.free, 99),
    pct(r.paid, 50),
    pct(r.paid, 99),
  ];
  // Rows 1 and 6 are the pairings the throughput runs repeat with every payer: theirs are shown.
  const [perSecond, microStx] =
    i === 0
      ? throughputCells(unsponsored, false)
      : i === 5
        ? throughputCells(sponsored, true)
        : [
            "—",
            `${perCall(r.payerMicroStx, r.paidCalls)}${pairing.sponsoredFees ? ` (sponsor ${perCall(r.sponsorMicroStx, r.paidCalls)})` : ""}`,
          ];
  return `| ${i + 1}. ${pairing.label} | ${ms(p50free)} / ${ms(p99free)} | ${ms(p50paid)} / ${ms(p99paid)} | ${ms(p50paid - p50free)} / ${ms(p99paid - p99free)} | ${perSecond} | ${microStx} |`;
});
const lines = [
  `x402 per pairing, $0.001 USDC, client-observed: ${SAMPLES} sequential paid requests per pairing (each beside a free request to the same server), then ${THROUGHPUT_SECONDS} s of sPay agents paying with ${payers.length} payers at once, unsponsored and sponsored; DEVNET_BLOCK_MS=0, ${os.cpus().length} cores (load average ${loadAtStart.toFixed(1)} at the start, ${(os.loadavg()[0] ?? Number.NaN).toFixed(1)} at the end), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  `| pairing (client → server) | free p50 / p99 ms | paid p50 / p99 ms | overhead (paid − free) p50 / p99 ms | payments/s, ${payers.length} payers | payer µSTX per call |`,
  "| --- | ---: | ---: | ---: | ---: | ---: |",
  ...rows,
  "",
  `A paid request is the client's whole call: the 402, signing, the paid retry, verify and settle (into the mempool) before the answer. Payments per second are sPay's agent → sPay's paywall (rows 1 and 6, the same run), where the payer's µSTX per call is measured; rows 2–5 and 7 show it from their sequential run. µSTX per call = the payers' STX balance change ÷ paid calls, once every transaction was mined. p99 of ${SAMPLES} samples is (nearly) the slowest one.`,
  "",
  "Where the rows differ by design: x402-stacks' middleware (row 3) asks its facilitator once, to settle, with no verify before; sPay's paywall and `@x402/hono` verify, serve, then settle. The payer's fee is its client's: sPay's agent signs 3000 µSTX by default, x402-stacks and the exact-stacks scheme estimate it from the Stacks API. Sponsored payments (rows 6 and 7: sPay's agent, and `@x402/fetch` with sPay's scheme, sign a fee-0 sponsored transfer when the requirement names a `feePayer`) are co-signed in the sponsor's turn — one sponsor nonce at a time, through verify and again through settle — so all payers share one queue there, where unsponsored payers each have their own.",
  "",
  "Run: `pnpm --filter @spay/bench exec tsx x402-pairings.ts` (in `pnpm bench`); `BENCH_X402_PAIRING_SAMPLES` (default 50) and `BENCH_X402_PAIRING_SECONDS` (default 10) change its size.",
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/x402-pairings.md", import.meta.url), `${lines.join("\n")}\n`);
