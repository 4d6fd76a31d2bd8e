import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy on 127.0.0.1 in front of a chain API (the devnet) that forwards every request unchanged
 * and counts them by route — the path with its ids, heights, hashes and addresses collapsed
 * (`/extended/v2/blocks/:block/transactions`), the query string dropped.
 */
export interface CountingProxy {
  /** Base URL to give the server instead of the chain API's own. */
  url: string;
  /** Requests forwarded since the last reset, by route. */
  snapshot(): Record<string, number>;
  /** Requests forwarded since the last reset, all routes. */
  total(): number;
  reset(): void;
  stop(): Promise<void>;
}

/** The segment names a variable segment takes after each fixed one. */
const VARIABLE_AFTER: Record<string, string> = {
  blocks: ":block",
  tx: ":txid",
  address: ":principal",
  accounts: ":principal",
  interface: ":address",
  source: ":address",
  "call-read": ":address",
};

function isVariable(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    /^(0x)?[0-9a-f]{32,}$/i.test(segment) ||
    /^S[PTMN][0-9A-Z]{26,}(\.[\w-]+)?$/.test(segment)
  );
}

/** `/extended/v1/address/ST1…/transactions_with_transfers?limit=50` → `/extended/v1/address/:principal/transactions_with_transfers`. */
export function routeOf(rawUrl: string): string {
  const pathname = rawUrl.split("?")[0] ?? "";
  const segments = pathname.split("/");
  return segments
    .map((segment, i) => {
      if (!isVariable(segment)) return segment;
      return VARIABLE_AFTER[segments[i - 1] ?? ""] ?? ":id";
    })
    .join("/");
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const route = routeOf(req.url ?? "/");
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`counting proxy: ${error.message}`);
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    snapshot: () => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b))),
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => {
      counts = new Map();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
