/**
 * Webhook delivery: (1) deliveries per second from one worker process to a local receiver, for a
 * backlog of events; (2) delay from an intent reading `payment_settled` to its
 * `payment_intent.succeeded` webhook arriving, over 50 real payments on the devnet (PostgreSQL).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "@spay/server";
import pg from "pg";
import { createMerchant } from "./lib/merchant.ts";
import { startReceiver } from "./lib/receiver.ts";
import { startServerProcess } from "./lib/server-process.ts";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://root@127.0.0.1:5432/test";
const BACKLOG = Number(process.env.BENCH_WEBHOOKS ?? 5000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 50);

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function throughput(): Promise<{ perSecond: number; seconds: number }> {
  const databaseUrl = await freshDatabase("spay_bench_webhooks");
  const receiver = await startReceiver();
  // Set up with an API-only process, seed a backlog, then let one worker process deliver it.
  const setup = await startServerProcess({ DATABASE_URL: databaseUrl, SPAY_WATCHER: "off" });
  const { sk, workspaceId } = await createMerchant(setup.url);
  await fetch(`${setup.url}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { authorization: `Bearer ${sk}`, "content-type": "application/json" },
    body: JSON.stringify({ url: `${receiver.url}/hooks` }),
  });
  await setup.stop();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `insert into events (id, workspace_id, env, type, data, created_at)
     select 'evt_bench' || lpad(g::text, 8, '0'), $1, 'test', 'payment_intent.created',
            jsonb_build_object('object', jsonb_build_object('id', 'pi_bench' || g, 'amount_minor', 1999, 'status', 'requires_payment_method')),
            extract(epoch from now())::bigint
     from generate_series(1, $2::int) g`,
    [workspaceId, BACKLOG],
  );
  await db.end();
  const worker = await startServerProcess({
    DATABASE_URL: databaseUrl,
    SPAY_WATCHER: "on",
    SPAY_STACKS_API_URL: "http://127.0.0.1:9",
  });
  try {
    const deadline = Date.now() + 300_000;
    while (receiver.arrivals.size < BACKLOG && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  } finally {
    await worker.stop();
    await receiver.close();
  }
  const times = [...receiver.arrivals.values()];
  const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
  return { perSecond: Math.round(receiver.arrivals.size / seconds), seconds: Math.round(seconds * 10) / 10 };
}

async function settlementToWebhook(): Promise<number[]> {
  const databaseUrl = await freshDatabase("spay_bench_webhook_delay");
  const receiver = await startReceiver();
  const devnetPort = 30_000 + Math.floor(Math.random() * 10_000);
  const chainUrl = `http://127.0.0.1:${devnetPort}`;
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    SPAY_WATCHER: "on",
    SPAY_DEVNET: "embedded",
    DEVNET_BLOCK_MS: "0",
    DEVNET_PORT: String(devnetPort),
  });
  const delays: number[] = [];
  try {
    const { sk } = await createMerchant(server.url);
    const headers = { authorization: `Bearer ${sk}`, "content-type": "application/json" };
    await fetch(`${server.url}/v1/webhook_endpoints`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `${receiver.url}/hooks`, enabled_events: ["payment_intent.succeeded"] }),
    });
    const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
    for (let i = 0; i < PAYMENTS; i++) {
      const intent = (await (
        await fetch(`${server.url}/v1/payment_intents`, {
          method: "POST",
          headers,
          body: JSON.stringify({ amount_minor: 300 + i }),
        })
      ).json()) as IntentForPayment;
      const tx = await buildIntentTransfer(intent, payers[i % payers.length]!.privateKey, chainUrl);
      const { txid } = await broadcastIntentTransfer(tx, chainUrl);
      await fetch(`${server.url}/v1/payment_intents/${intent.id}/submit`, {
        method: "POST",
        headers,
        body: JSON.stringify({ txid }),
      });
      let settledAt = 0;
      for (;;) {
        const current = (await (
          await fetch(`${server.url}/v1/payment_intents/${intent.id}`, { headers })
        ).json()) as { status: string };
        if (current.status === "payment_settled") {
          settledAt = performance.now();
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      const hookFor = () => [...receiver.bodies.entries()].find(([, b]) => b.includes(intent.id))?.[0];
      for (let waited = 0; !hookFor() && waited < 10_000; waited += 2)
        await new Promise((r) => setTimeout(r, 2));
      const hookId = hookFor();
      if (!hookId) throw new Error(`no webhook for ${intent.id}`);
      delays.push(Math.max(0, (receiver.arrivals.get(hookId) ?? 0) - settledAt));
    }
  } finally {
    await server.stop();
    await receiver.close();
  }
  return delays;
}

const rate = await throughput();
const delays = (await settlementToWebhook()).sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)] ?? Number.NaN);
const lines = [
  `Webhooks — PostgreSQL, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| measure | value | target | result |",
  "| --- | ---: | --- | --- |",
  `| deliveries/s, one worker, ${BACKLOG} events to a local receiver | ${rate.perSecond} (${rate.seconds} s) | ≥ 1,000/s | ${rate.perSecond >= 1000 ? "pass" : "FAIL"} |`,
  `| settlement → receiver, p50 (${PAYMENTS} payments) | ${pct(50)} ms | — | — |`,
  `| settlement → receiver, p95 | ${pct(95)} ms | ≤ 200 ms | ${pct(95) <= 200 ? "pass" : "FAIL"} |`,
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/webhooks.md", import.meta.url), `${lines.join("\n")}\n`);
