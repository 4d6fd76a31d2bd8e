import http from "node:http";
import type { AddressInfo } from "node:net";

/** One delivery as the endpoint saw it: the raw body and the headers a verifier needs. */
export interface SignedDelivery {
  body: string;
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
}

/**
 * A local endpoint for the webhook tests: records what it receives — the bodies, and each body
 * with its Standard Webhooks headers so a test can verify the signatures with a verifier it did
 * not write — and answers 200.
 */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: string[];
  deliveries: SignedDelivery[];
  close(): Promise<void>;
}> {
  const received: string[] = [];
  const deliveries: SignedDelivery[] = [];
  const header = (req: http.IncomingMessage, name: string) => String(req.headers[name] ?? "");
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push(body);
      deliveries.push({
        body,
        headers: {
          "webhook-id": header(req, "webhook-id"),
          "webhook-timestamp": header(req, "webhook-timestamp"),
          "webhook-signature": header(req, "webhook-signature"),
        },
      });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/spay`,
    received,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
