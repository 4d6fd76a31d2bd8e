import http from "node:http";
import type { AddressInfo } from "node:net";

/** A local endpoint for the webhook test: records what it receives and answers 200. */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: string[];
  close(): Promise<void>;
}> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      received.push(body);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/spay`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
