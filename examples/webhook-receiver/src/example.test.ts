import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACCOUNTS } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, payIntent } from "@spay/server";
import {
  createMerchantAccount,
  freePort,
  gatewayCall,
  type Json,
  type RunningGateway,
  startGateway,
} from "@spay/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const CUSTOMER = ACCOUNTS.find((a) => a.name === "wallet_2")!;
/** The merchant's payout wallet (createMerchantAccount's default): refunds are paid from it. */
const PAYOUT = ACCOUNTS.find((a) => a.name === "wallet_8")!;

let gateway: RunningGateway;
let dataDir: string;
let sk: string;
let webhookSecret: string;
let receiverUrl: string;
let receiver: ChildProcess | undefined;
let receiverOutput = "";

async function call(base: string, method: string, route: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A call to the gateway that must succeed. */
const api = (method: string, route: string, body?: unknown, token: string = sk) =>
  gatewayCall(gateway.url, method, route, body, token);

async function waitFor<T>(check: () => Promise<T | null> | T | null, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${receiverOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs a body as Standard Webhooks does, with any secret (a forger's, or the real one). */
function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

beforeAll(async () => {
  // The gateway as `pnpm start` runs it (settlement watcher and webhook worker in-process) on a
  // devnet, and a merchant made through the API: account, organization, workspace, payout wallet.
  gateway = await startGateway();
  sk = (await createMerchantAccount(gateway.url, { name: "Beans Co" })).sk;
  dataDir = await mkdtemp(path.join(tmpdir(), "spay-webhook-receiver-"));

  // The endpoint on the receiver's port (chosen first: the receiver needs the endpoint's secret).
  const receiverPort = await freePort();
  receiverUrl = `http://127.0.0.1:${receiverPort}`;
  const endpoint = await api("POST", "/v1/webhook_endpoints", { url: `${receiverUrl}/webhooks` });
  webhookSecret = endpoint.secret;
  expect(webhookSecret).toMatch(/^whsec_/);

  // The example as a developer runs it (`tsx src/server.ts`).
  receiver = spawn(process.execPath, ["--import", "tsx", `${HERE}server.ts`], {
    env: {
      ...process.env,
      SPAY_WEBHOOK_SECRET: webhookSecret,
      SPAY_SECRET_KEY: sk,
      SPAY_API_URL: gateway.url,
      PORT: String(receiverPort),
      ORDERS_FILE: path.join(dataDir, "orders.json"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  receiver.stdout?.on("data", (d: Buffer) => {
    receiverOutput += d.toString();
  });
  receiver.stderr?.on("data", (d: Buffer) => {
    receiverOutput += d.toString();
  });
  await waitFor(
    () => receiverOutput.includes(`Webhook receiver on ${receiverUrl}`),
    "the receiver to listen",
  );
}, 120_000);

afterAll(async () => {
  receiver?.kill("SIGTERM");
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("examples/webhook-receiver against the gateway's webhook worker on the devnet", () => {
  let order: Json;
  let eventId: string;

  it("a devnet payment of the order's intent marks the order paid, through a signed webhook", async () => {
    const created = await call(receiverUrl, "POST", "/orders", {
      item: "Single-origin beans",
      amount_minor: 1999,
    });
    expect(created.status).toBe(201);
    order = created.body;
    expect(order).toMatchObject({ status: "pending", amount_minor: 1999 });
    const intent = await api("GET", `/v1/payment_intents/${order.payment_intent_id}`);
    expect(intent.metadata).toEqual({ order_id: order.id });

    const { txid } = await payIntent({
      apiUrl: gateway.url,
      chainApiUrl: gateway.devnetUrl,
      apiKey: sk,
      intentId: intent.id,
      privateKey: CUSTOMER.privateKey,
    });

    const paid = await waitFor(async () => {
      const res = await call(receiverUrl, "GET", `/orders/${order.id}`);
      return res.body.status === "paid" ? res.body : null;
    }, "the order to be paid");
    expect(paid).toMatchObject({ status: "paid", payment_intent_id: intent.id });
    // The chain API answers a broadcast with the bare txid; the gateway reports it 0x-prefixed.
    expect(paid.txid).toBe(`0x${txid.replace(/^0x/, "")}`);
    expect(paid.paid_by_event).toMatch(/^evt_/);
    eventId = paid.paid_by_event;

    const event = await api("GET", `/v1/events/${eventId}`);
    expect(event).toMatchObject({ type: "payment_intent.succeeded", data: { object: { id: intent.id } } });
    expect(await api("GET", `/v1/payment_intents/${intent.id}`)).toMatchObject({ status: "payment_settled" });
  }, 60_000);

  it("a redelivery of the same event is acknowledged with 200 and not applied twice", async () => {
    const before = (await call(receiverUrl, "GET", `/orders/${order.id}`)).body;
    await api("POST", `/v1/events/${eventId}/redeliver`, {});
    const event = await waitFor(async () => {
      const e = await api("GET", `/v1/events/${eventId}`);
      const manual = e.deliveries.find((d: Json) => d.manual);
      return manual?.state === "succeeded" ? e : null;
    }, "the redelivery to succeed");
    // Both deliveries reached the receiver and were answered 200.
    expect(event.attempts.map((a: Json) => a.status_code)).toEqual([200, 200]);
    expect(receiverOutput).toContain(`duplicate webhook ${eventId} (payment_intent.succeeded) acknowledged`);
    expect((await call(receiverUrl, "GET", `/orders/${order.id}`)).body).toEqual(before);
  });

  it("a forged or tampered signature gets 400 and changes nothing", async () => {
    const other = (await call(receiverUrl, "POST", "/orders", { item: "Mug", amount_minor: 1200 })).body;
    const now = Math.floor(Date.now() / 1000);
    const forgedEvent = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "payment_intent.succeeded",
      created_at: now,
      env: "test",
      data: {
        object: {
          id: other.payment_intent_id,
          amount_minor: 1200,
          status: "payment_settled",
          txid: "0xforged",
          metadata: { order_id: other.id },
        },
      },
    });
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${receiverUrl}/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });

    // Signed with a secret that is not the endpoint's.
    const forger = `whsec_${Buffer.from("not-the-endpoint-secret-32-bytes").toString("base64")}`;
    const forged = await post(forgedEvent, {
      "webhook-id": "evt_forged",
      "webhook-timestamp": String(now),
      "webhook-signature": sign(forger, "evt_forged", now, forgedEvent),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "invalid_signature" });

    // Signed with the real secret, then the body changed in transit.
    const headers = {
      "webhook-id": "evt_tampered",
      "webhook-timestamp": String(now),
      "webhook-signature": sign(webhookSecret, "evt_tampered", now, forgedEvent),
    };
    const tampered = await post(forgedEvent.replace('"amount_minor":1200', '"amount_minor":1'), headers);
    expect(tampered.status).toBe(400);

    // Without signature headers at all.
    const unsigned = await post(forgedEvent, {});
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ error: "missing_headers" });

    // Nothing changed: the order is still pending.
    expect((await call(receiverUrl, "GET", `/orders/${other.id}`)).body).toEqual(other);
    expect(receiverOutput).toContain("rejected webhook: invalid_signature");
  });

  it("refund.succeeded marks the order partially refunded then refunded, each refund once; refund.failed is recorded", async () => {
    const intent = await api("GET", `/v1/payment_intents/${order.payment_intent_id}`);
    const received = BigInt(intent.amount_received);
    /** The merchant pays a refund from the payout wallet: a real SIP-010 transfer, memo = refund id. */
    const pay = async (refund: Json) => {
      const tx = await buildIntentTransfer(
        {
          id: refund.id,
          status: refund.status,
          token_contract: refund.token_contract,
          amount_asset: refund.amount,
          recipient: refund.destination,
          memo: refund.memo,
          asset: refund.asset,
        },
        PAYOUT.privateKey,
        gateway.devnetUrl,
      );
      return (await broadcastIntentTransfer(tx, gateway.devnetUrl)).txid;
    };
    const orderNow = async () => (await call(receiverUrl, "GET", `/orders/${order.id}`)).body;

    const half = await api("POST", "/v1/refunds", {
      payment_intent: intent.id,
      amount: (received / 2n).toString(),
      reason: "requested_by_customer",
    });
    expect(half).toMatchObject({ status: "pending", source: PAYOUT.address, destination: CUSTOMER.address });
    const halfTxid = await pay(half);
    const partly = await waitFor(async () => {
      const o = await orderNow();
      return o.status === "partially_refunded" ? o : null;
    }, "the order to be partially refunded");
    expect(partly.refunded_micros).toBe(half.amount_micros);
    expect(partly.refunds[half.id]).toMatchObject({
      status: "succeeded",
      txid: `0x${halfTxid.replace(/^0x/, "")}`,
    });

    // A refund canceled instead of paid: refund.failed, recorded, nothing refunded.
    const canceled = await api("POST", "/v1/refunds", { payment_intent: intent.id, reason: "duplicate" });
    await api("POST", `/v1/refunds/${canceled.id}/cancel`, {});
    const withFailure = await waitFor(async () => {
      const o = await orderNow();
      return o.refunds?.[canceled.id] ? o : null;
    }, "the canceled refund to be recorded");
    expect(withFailure).toMatchObject({ status: "partially_refunded", refunded_micros: half.amount_micros });
    expect(withFailure.refunds[canceled.id]).toMatchObject({ status: "failed", txid: null });

    // The rest: the order is refunded in full.
    const rest = await api("POST", "/v1/refunds", {
      payment_intent: intent.id,
      reason: "requested_by_customer",
    });
    expect(BigInt(rest.amount)).toBe(received - BigInt(half.amount));
    await pay(rest);
    const refunded = await waitFor(async () => {
      const o = await orderNow();
      return o.status === "refunded" ? o : null;
    }, "the order to be refunded");
    // Two halves of $19.99 are 999 cents each when rounded down: exact micro-dollars add up.
    expect(BigInt(refunded.refunded_micros)).toBe(BigInt(half.amount_micros) + BigInt(rest.amount_micros));
    expect(refunded.refunded_micros).toBe(order.amount_micros);

    // A redelivery of refund.succeeded is acknowledged and not counted twice.
    const events = await api("GET", "/v1/events?type=refund.succeeded&limit=10");
    const restEvent = events.data.find((e: Json) => e.data.object.id === rest.id);
    await api("POST", `/v1/events/${restEvent.id}/redeliver`, {});
    await waitFor(
      () => receiverOutput.includes(`duplicate webhook ${restEvent.id} (refund.succeeded) acknowledged`),
      "the redelivered refund.succeeded",
    );
    expect(await orderNow()).toEqual(refunded);

    // The same refund reported under another event id (signed with the real secret): counted once.
    const now = Math.floor(Date.now() / 1000);
    const replay = JSON.stringify({ ...restEvent, id: "evt_replayed_refund" });
    const replayed = await fetch(`${receiverUrl}/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "evt_replayed_refund",
        "webhook-timestamp": String(now),
        "webhook-signature": sign(webhookSecret, "evt_replayed_refund", now, replay),
      },
      body: replay,
    });
    expect(replayed.status).toBe(200);
    expect(receiverOutput).toContain(`refund ${rest.id} of order ${order.id} was already counted`);
    expect(await orderNow()).toEqual(refunded);
  }, 90_000);
});
