import type { AddressInfo, Server } from "node:net";

export interface Loopback {
  url: string;
  close(): Promise<void>;
}

/** A server on loopback (a Hono `serve(…)` or an Express `app.listen(0, "127.0.0.1")`), once it listens. */
export async function onLoopback(server: Server): Promise<Loopback> {
  if (!server.listening) await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive sockets of the clients would hold `close` open.
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
