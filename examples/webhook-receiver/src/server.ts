/**
 * A shop's order backend receiving sPay webhooks:
 *
 * - `POST /orders {item, amount_minor}` creates an order and its payment intent (with
 *   `metadata.order_id`) and answers with the order, whose `pay_url` the customer pays;
 * - `POST /webhooks` verifies the Standard Webhooks signature with `verifyWebhook` (400 on a bad
 *   one, nothing changed), handles each `webhook-id` once (a retry or a redelivery is acknowledged
 *   with 200 and not applied again) and marks the order paid on `payment_intent.succeeded`; on
 *   `refund.succeeded` it records the refund (once per refund id) and marks the order
 *   `partially_refunded` or `refunded`; on `refund.failed` it records the failure;
 * - `GET /orders/:id` reads an order.
 *
 *   SPAY_WEBHOOK_SECRET=whsec_… SPAY_SECRET_KEY=sk_test_… SPAY_API_URL=http://localhost:8787 \
 *     PORT=3000 pnpm start
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  type PaymentIntent,
  type Refund,
  SPayServerClient,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "@spay/sdk/server";
import { OrderStore } from "./orders.ts";

const webhookSecret = process.env.SPAY_WEBHOOK_SECRET;
if (!webhookSecret)
  throw new Error(
    "Set SPAY_WEBHOOK_SECRET to your endpoint's signing secret (whsec_…, or the one `pnpm spay listen` prints)",
  );
const apiKey = process.env.SPAY_SECRET_KEY;
if (!apiKey) throw new Error("Set SPAY_SECRET_KEY to your workspace's secret key (sk_test_…)");

const spay = new SPayServerClient({ apiKey, apiUrl: process.env.SPAY_API_URL ?? "http://localhost:8787" });
const store = new OrderStore(process.env.ORDERS_FILE ?? "orders.json");
const MAX_BODY_BYTES = 1_000_000;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** The raw body, byte for byte: the signature covers exactly what was sent. */
async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * `refund.succeeded` / `refund.failed`: the merchant paid a refund from the payout wallet (or it
 * failed). The refund names its payment intent; the order gets the refund once, by refund id.
 */
function handleRefund(event: WebhookEvent<Refund>, webhookId: string): void {
  const refund = event.data.object;
  const order = store.findForIntent({ id: refund.payment_intent });
  if (!order) {
    console.log(`${event.type} ${webhookId}: no order for ${refund.payment_intent}, acknowledged`);
    store.process(webhookId);
    return;
  }
  const known = order.refunds?.[refund.id];
  if (known?.status === "succeeded") {
    console.log(`${event.type} ${webhookId}: refund ${refund.id} of order ${order.id} was already counted`);
    store.process(webhookId);
    return;
  }
  if (event.type === "refund.succeeded") {
    store.process(webhookId, () => {
      order.refunds = {
        ...order.refunds,
        [refund.id]: {
          amount_micros: refund.amount_micros,
          status: "succeeded",
          txid: refund.txid,
          status_reason: null,
        },
      };
      // Summed exactly in micro-dollars: cents are rounded down per refund and would leave an
      // order refunded in two halves a cent short of whole.
      const refunded = BigInt(order.refunded_micros ?? "0") + BigInt(refund.amount_micros);
      order.refunded_micros = refunded.toString();
      order.status = refunded >= BigInt(order.amount_micros ?? "0") ? "refunded" : "partially_refunded";
    });
    console.log(
      `order ${order.id} ${order.status}: refund ${refund.id} of ${refund.amount_micros} micro-dollars (${event.type} ${webhookId}, txid ${refund.txid})`,
    );
  } else {
    store.process(webhookId, () => {
      order.refunds = {
        ...order.refunds,
        [refund.id]: {
          amount_micros: refund.amount_micros,
          status: "failed",
          txid: null,
          status_reason: refund.status_reason,
        },
      };
    });
    console.log(
      `order ${order.id}: refund ${refund.id} failed (${refund.status_reason}) (${event.type} ${webhookId})`,
    );
  }
}

function handleWebhook(body: Buffer, req: IncomingMessage, res: ServerResponse): void {
  let event: WebhookEvent<PaymentIntent | Refund>;
  try {
    event = verifyWebhook(body, req.headers, webhookSecret!);
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    console.log(`rejected webhook: ${err.reason}`);
    send(res, 400, { error: err.reason });
    return;
  }
  // Signed, so the header is the sender's: the same id on every retry and redelivery of an event.
  const webhookId = String(req.headers["webhook-id"]);
  if (store.alreadyProcessed(webhookId)) {
    console.log(`duplicate webhook ${webhookId} (${event.type}) acknowledged, not applied again`);
    send(res, 200, { received: true, duplicate: true });
    return;
  }

  if (event.type === "refund.succeeded" || event.type === "refund.failed") {
    handleRefund(event as WebhookEvent<Refund>, webhookId);
  } else if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object as PaymentIntent;
    const order = store.findForIntent(intent);
    if (!order) {
      console.log(`${event.type} ${webhookId}: no order for ${intent.id}, acknowledged`);
      store.process(webhookId);
    } else if (order.status !== "pending") {
      console.log(`${event.type} ${webhookId}: order ${order.id} was already paid`);
      store.process(webhookId);
    } else if (intent.amount_minor !== order.amount_minor) {
      console.log(
        `${event.type} ${webhookId}: ${intent.id} is for ${intent.amount_minor}, order ${order.id} costs ${order.amount_minor}; not marked paid`,
      );
      store.process(webhookId);
    } else {
      store.process(webhookId, () => {
        order.status = "paid";
        order.paid_at = new Date().toISOString();
        order.payment_intent_id = intent.id;
        order.txid = intent.txid;
        order.paid_by_event = webhookId;
      });
      console.log(`order ${order.id} paid (${event.type} ${webhookId}, txid ${intent.txid})`);
    }
  } else {
    // Other events (payment_intent.created, .processing, .expired, refund.created, …) need nothing here.
    store.process(webhookId);
  }
  send(res, 200, { received: true });
}

async function createOrder(body: Buffer, res: ServerResponse): Promise<void> {
  let input: { item?: unknown; amount_minor?: unknown } = {};
  try {
    input = JSON.parse(body.toString("utf8"));
  } catch {
    // answered below
  }
  if (typeof input?.item !== "string" || !Number.isInteger(input.amount_minor)) {
    send(res, 400, { error: "expected {item: string, amount_minor: integer (cents)}" });
    return;
  }
  const order = store.create({ item: input.item, amount_minor: input.amount_minor as number });
  // The order id rides in the intent's metadata, so the webhook finds its order; it also makes
  // the creation idempotent (a retry of this call does not create a second intent).
  const intent = await spay.createPaymentIntent(
    { amount_minor: order.amount_minor, metadata: { order_id: order.id } },
    { idempotencyKey: `order-${order.id}` },
  );
  send(res, 201, store.attachIntent(order.id, intent));
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "POST" && url.pathname === "/webhooks") {
      handleWebhook(await rawBody(req), req, res);
    } else if (req.method === "POST" && url.pathname === "/orders") {
      await createOrder(await rawBody(req), res);
    } else if (req.method === "GET" && url.pathname.startsWith("/orders/")) {
      const order = store.get(decodeURIComponent(url.pathname.slice("/orders/".length)));
      if (order) send(res, 200, order);
      else send(res, 404, { error: "no such order" });
    } else {
      send(res, 404, { error: "not found" });
    }
  } catch (err) {
    console.error(err);
    // A 5xx makes sPay retry the webhook later: right for a failure of ours.
    if (!res.headersSent) send(res, 500, { error: "internal error" });
  }
});

server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`Webhook receiver on http://127.0.0.1:${port} (POST /webhooks, POST /orders, GET /orders/:id)`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
