/**
 * A webhook receiver in plain Node: verifies each delivery's Standard Webhooks signature with
 * `verifyWebhook`, ignores events it has already handled (the `webhook-id` header is the event
 * id, stable across retries), and answers 2xx quickly so sPay does not retry.
 *
 *   SPAY_WEBHOOK_SECRET=whsec_… PORT=3000 npx tsx receiver.ts
 */
import { createServer } from "node:http";
import { verifyWebhook, WebhookVerificationError } from "@spay/sdk/server";

const secret = process.env.SPAY_WEBHOOK_SECRET;
if (!secret) throw new Error("Set SPAY_WEBHOOK_SECRET to the endpoint's whsec_… secret");

const handled = new Set<string>(); // use your database in production

const server = createServer(async (req, res) => {
  if (req.method !== "POST" || req.url !== "/webhooks") return res.writeHead(404).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8"); // verify the raw body, before any JSON parsing

  try {
    const event = verifyWebhook(body, req.headers, secret);
    if (handled.has(event.id)) return res.writeHead(200).end("already handled");
    handled.add(event.id);
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      console.log(
        `paid: ${intent.id} order ${intent.metadata.order_id ?? "-"} (${intent.amount_minor} cents)`,
      );
    } else {
      console.log(`event: ${event.type} ${event.id}`);
    }
    res.writeHead(204).end();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return res.writeHead(400).end(err.reason);
    throw err;
  }
});

server.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () =>
  console.log(`webhook receiver on http://127.0.0.1:${process.env.PORT ?? 3000}/webhooks`),
);
