import { randomBytes } from "node:crypto";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { Webhook } from "standardwebhooks";
import { expect } from "vitest";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../src/cli/pay.ts";
import type { Db } from "../src/db/database.ts";
import { type ApiResponse, type Merchant, setupMerchant, startTestApi, type TestApi } from "./harness.ts";
import { spawnServer } from "./server-process.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.ts";

/**
 * Shared parts of the fault tests: a real devnet, a real webhook receiver that checks every
 * signature, real server processes on one PostgreSQL database, and a load generator that records
 * exactly what the API acknowledged, so the checks after the fault compare against that.
 */
export const onPostgres = process.env.SPAY_TEST_DB === "postgres";
export const PG_ONLY =
  "fault tests need PostgreSQL: they run several server processes on one database (PGlite serves one process)";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The API over real HTTP at a URL that may change (a restarted process gets a new port). */
export function httpApi(baseUrl: () => string): Pick<TestApi, "request"> {
  return {
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(10_000),
        ...(body !== undefined ? { body } : {}),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // kept as text
      }
      return { status: res.status, headers: res.headers, body: parsed } satisfies ApiResponse;
    },
  };
}

/** A webhook receiver that verifies each delivery's Standard Webhooks signature as it arrives. */
export interface CheckedReceiver {
  receiver: WebhookReceiver;
  /** webhook-id → how many times it arrived. */
  counts(): Map<string, number>;
  /** Deliveries whose signature did not verify with the endpoint's secret. */
  badSignatures(): string[];
  setSecret(secret: string): void;
}

export async function startCheckedReceiver(delayMs = 0): Promise<CheckedReceiver> {
  let verifier: Webhook | null = null;
  const bad: string[] = [];
  const receiver = await startWebhookReceiver((req) => {
    try {
      if (!verifier) throw new Error("no secret yet");
      verifier.verify(req.body, req.headers);
    } catch (err) {
      bad.push(`${req.headers["webhook-id"]}: ${(err as Error).message}`);
    }
    return { status: 200, body: "ok", delayMs };
  });
  return {
    receiver,
    counts() {
      const out = new Map<string, number>();
      for (const r of receiver.received) {
        const id = r.headers["webhook-id"] as string;
        out.set(id, (out.get(id) ?? 0) + 1);
      }
      return out;
    },
    badSignatures: () => bad,
    setSecret(secret) {
      verifier = new Webhook(secret);
    },
  };
}

export interface FaultStack {
  api: TestApi;
  devnet: Devnet;
  hooks: CheckedReceiver;
  merchant: Merchant;
  /** Environment for spawned server processes on this stack's database and chain. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** Private PostgreSQL database, devnet, merchant with a verified wallet and a webhook endpoint. */
export async function startFaultStack(options: { receiverDelayMs?: number } = {}): Promise<FaultStack> {
  const api = await startTestApi();
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const hooks = await startCheckedReceiver(options.receiverDelayMs);
  const merchant = await setupMerchant(api);
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: merchant.sk,
    body: { url: `${hooks.receiver.url}/hooks` },
  });
  expect(endpoint.status).toBe(201);
  hooks.setSecret(endpoint.body.secret);
  const databaseUrl = api.databaseUrl;
  if (!databaseUrl) throw new Error("fault tests need SPAY_TEST_DB=postgres");
  return {
    api,
    devnet,
    hooks,
    merchant,
    env: (extra = {}) => ({
      DATABASE_URL: databaseUrl,
      SPAY_STACKS_API_URL: devnet.url,
      SPAY_WATCH_INTERVAL_MS: "100",
      SPAY_WEBHOOK_INTERVAL_MS: "50",
      SPAY_WEBHOOK_LEASE_SECONDS: "16",
      ...extra,
    }),
    async close() {
      await hooks.receiver.close();
      await api.close();
      await devnet.stop();
    },
  };
}

/** Funded devnet accounts, one per concurrent payer (each pays sequentially: nonces stay in order). */
export const PAYERS = ACCOUNTS.filter((a) => /^wallet_\d+$/.test(a.name));

/** Signs a real SIP-010 transfer for the intent and broadcasts it; resolves once it is mined. */
export async function payOnChain(
  devnet: Devnet,
  intent: IntentForPayment,
  privateKey: string,
): Promise<string> {
  const tx = await buildIntentTransfer(intent, privateKey, devnet.url);
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  await devnet.waitForTx(txid);
  return txid;
}

export interface LoadStats {
  /** Intents the API answered 2xx to creating: id → amount_minor. */
  acknowledged: Map<string, number>;
  /** Intents paid on chain: id → txid. */
  paid: Map<string, string>;
  /** Non-2xx answers and transport failures while creating, by `status:code` (or `network`). */
  refusals: Map<string, number>;
  /** 4xx answers to reporting a paid intent's txid (the API being down is not counted). */
  reportRefusals: Map<string, number>;
  requests: number;
}

/**
 * Steady load: `creators` loops create payment intents through `url()` (which follows restarts),
 * `payers` loops pay every `payEvery`-th acknowledged intent on chain and report the txid (best
 * effort — when the API is down, the watcher finds the transfer by its memo).
 */
export function startLoad(options: {
  url: () => string;
  devnet: Devnet;
  merchant: Merchant;
  creators?: number;
  payers?: number;
  payEvery?: number;
  pauseMs?: number;
}) {
  const stats: LoadStats = {
    acknowledged: new Map(),
    paid: new Map(),
    refusals: new Map(),
    reportRefusals: new Map(),
    requests: 0,
  };
  const http = httpApi(options.url);
  const toPay: (IntentForPayment & { client_secret: string })[] = [];
  let running = true;
  let created = 0;
  const refuse = (key: string) => stats.refusals.set(key, (stats.refusals.get(key) ?? 0) + 1);
  const refuseReport = (key: string) =>
    stats.reportRefusals.set(key, (stats.reportRefusals.get(key) ?? 0) + 1);

  const creator = async (n: number) => {
    while (running) {
      const amount = 100 + ((n * 7919 + stats.requests) % 900);
      stats.requests++;
      try {
        const res = await http.request("POST", "/v1/payment_intents", {
          token: options.merchant.sk,
          headers: { "idempotency-key": randomBytes(12).toString("hex") },
          body: { amount_minor: amount },
        });
        if (res.status === 201) {
          stats.acknowledged.set(res.body.id, amount);
          if (++created % (options.payEvery ?? 3) === 0) toPay.push(res.body);
        } else refuse(`${res.status}:${res.body?.error?.code ?? "no_code"}`);
      } catch {
        refuse("network");
      }
      await sleep(options.pauseMs ?? 20);
    }
  };
  const payer = async (privateKey: string) => {
    while (running || toPay.length > 0) {
      const intent = toPay.shift();
      if (!intent) {
        await sleep(20);
        continue;
      }
      const txid = await payOnChain(options.devnet, intent, privateKey);
      stats.paid.set(intent.id, txid);
      // As the checkout does: the publishable key with the intent's client secret. A refusal
      // other than the API being down is a defect and counted, so the checks after the fault see it.
      const secret = encodeURIComponent(intent.client_secret);
      const report = await http
        .request("POST", `/v1/payment_intents/${intent.id}/submit?client_secret=${secret}`, {
          token: options.merchant.pk,
          body: { txid },
        })
        .catch(() => null);
      if (report && report.status >= 400 && report.status < 500)
        refuseReport(`${report.status}:${report.body?.error?.code ?? "no_code"}`);
    }
  };
  const loops = [
    ...Array.from({ length: options.creators ?? 3 }, (_, i) => creator(i)),
    ...PAYERS.slice(0, options.payers ?? 2).map((p) => payer(p.privateKey)),
  ];
  return {
    stats,
    /** Stops creating, lets the payers finish the queue, and resolves with the totals. */
    async stop(): Promise<LoadStats> {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}

export async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

/** payment_intent.succeeded events per intent id. */
async function succeededEvents(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("events")
    .select(["id", "data"])
    .where("type", "=", "payment_intent.succeeded")
    .execute();
  const wanted = new Set(ids);
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const intentId = (row.data as { object: { id: string } }).object.id;
    if (!wanted.has(intentId)) continue;
    out.set(intentId, [...(out.get(intentId) ?? []), row.id]);
  }
  return out;
}

/**
 * The invariants after any fault: every acknowledged intent exists with its amount; every paid
 * intent settled exactly once with its own txid; its succeeded webhook arrived, signed correctly.
 */
export async function assertNothingLost(stack: FaultStack, stats: LoadStats, timeoutMs = 40_000) {
  const { db } = stack.api.deps;
  if (process.env.SPAY_FAULT_DEBUG)
    console.log("load", {
      acknowledged: stats.acknowledged.size,
      paid: stats.paid.size,
      requests: stats.requests,
      refusals: Object.fromEntries(stats.refusals),
    });
  const acknowledged = [...stats.acknowledged.keys()];
  expect(acknowledged.length).toBeGreaterThan(0);
  const rows = await db
    .selectFrom("payment_intents")
    .select(["id", "amount_minor"])
    .where("id", "in", acknowledged)
    .execute();
  const stored = new Map(rows.map((r) => [r.id, r.amount_minor]));
  const lost = acknowledged.filter((id) => stored.get(id) !== stats.acknowledged.get(id));
  expect(lost, "acknowledged intents missing or changed").toEqual([]);

  const paid = [...stats.paid.keys()];
  expect(paid.length).toBeGreaterThan(0);
  expect(Object.fromEntries(stats.reportRefusals), "txid reports refused").toEqual({});
  const settledCount = async () =>
    (
      await db
        .selectFrom("payment_intents")
        .select("id")
        .where("id", "in", paid)
        .where("status", "=", "payment_settled")
        .execute()
    ).length;
  await waitUntil(
    async () => (await settledCount()) === paid.length,
    timeoutMs,
    "every paid intent to settle",
  );

  const settledTransitions = await db
    .selectFrom("payment_events")
    .select(["payment_intent_id"])
    .where("payment_intent_id", "in", paid)
    .where("to_status", "=", "payment_settled")
    .execute();
  expect(settledTransitions.length, "settled transitions (one per paid intent)").toBe(paid.length);
  const settledTxids = await db
    .selectFrom("payment_intents")
    .select(["id", "txid"])
    .where("id", "in", paid)
    .execute();
  for (const row of settledTxids)
    expect(row.txid?.replace(/^0x/, "")).toBe(stats.paid.get(row.id)?.replace(/^0x/, ""));

  const events = await succeededEvents(db, paid);
  const twice = paid.filter((id) => (events.get(id) ?? []).length !== 1);
  expect(twice, "intents without exactly one payment_intent.succeeded event").toEqual([]);
  const eventIds = paid.map((id) => events.get(id)?.[0] as string);
  await waitUntil(
    async () => eventIds.every((id) => stack.hooks.counts().has(id)),
    timeoutMs,
    "every succeeded webhook to arrive",
  );
  expect(stack.hooks.badSignatures()).toEqual([]);
}

export interface LoggedServer {
  url: string;
  /** Everything the process wrote to stdout and stderr, line by line. */
  logs: string[];
  crash(): void;
  stop(): Promise<void>;
}

/** The server as its own process, its output kept (the tests read the watcher's warnings). */
export function spawnLoggedServer(env: Record<string, string>): Promise<LoggedServer> {
  return spawnServer(env);
}
