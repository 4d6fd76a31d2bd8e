import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A real HTTP receiver for webhook tests. `respond` decides each answer (status, headers, body,
 * delay) from the request and how many times its webhook-id was seen before.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

export type Responder = (
  req: ReceivedWebhook,
  seenBefore: number,
) => { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export async function startWebhookReceiver(
  respond: Responder = () => ({ status: 200, body: "ok" }),
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const webhook: ReceivedWebhook = {
        path: req.url ?? "/",
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const seenBefore = received.filter(
        (r) => r.headers["webhook-id"] === webhook.headers["webhook-id"],
      ).length;
      received.push(webhook);
      const answer = respond(webhook, seenBefore);
      setTimeout(() => {
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
