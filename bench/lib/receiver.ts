import http from "node:http";
import type { AddressInfo } from "node:net";

/** A local webhook receiver that answers 200 at once and notes when each event arrived. */
export async function startReceiver(): Promise<{
  url: string;
  arrivals: Map<string, number>;
  bodies: Map<string, string>;
  /** How many times each webhook-id arrived (more than once: sent twice). */
  counts: Map<string, number>;
  close(): Promise<void>;
}> {
  const arrivals = new Map<string, number>();
  const bodies = new Map<string, string>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
      bodies.set(id, body);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      res.writeHead(200).end("ok");
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    bodies,
    counts,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
