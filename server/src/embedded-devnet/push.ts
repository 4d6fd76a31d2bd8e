import { randomBytes } from "node:crypto";

/**
 * The embedded devnet pushes its blocks to the gateway as Chainhooks 2.0 events (the same
 * `POST /v1/chainhooks/test` a deployment registers with Hiro), so a payment settles the moment its
 * block is mined instead of at the watcher's next look at the tip; the watcher's polling stays as
 * the safety net. The secret is the operator's `SPAY_CHAINHOOKS_SECRET`, or one made for this run.
 */
export function embeddedPushSecret(configured: string | undefined): string {
  return configured ?? randomBytes(24).toString("base64url");
}

/** Points the devnet's pusher at the gateway; false (logged) when the devnet would not take it. */
export async function registerEmbeddedPush(
  devnetUrl: string,
  gateway: { host: string; port: number },
  secret: string,
): Promise<boolean> {
  // A wildcard listen is reachable on loopback; a specific interface only on itself.
  const wildcard = ["0.0.0.0", "::", "localhost", "127.0.0.1"].includes(gateway.host);
  const host = wildcard ? "127.0.0.1" : gateway.host.includes(":") ? `[${gateway.host}]` : gateway.host;
  try {
    const res = await fetch(`${devnetUrl}/devnet/chainhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `http://${host}:${gateway.port}/v1/chainhooks/test`, secret }),
      signal: AbortSignal.timeout(5_000),
    });
    if (res.ok) return true;
    console.warn(`embedded devnet did not take the push target (${res.status}); the watcher polls instead`);
  } catch (error) {
    console.warn("embedded devnet push not set up; the watcher polls instead:", error);
  }
  return false;
}
