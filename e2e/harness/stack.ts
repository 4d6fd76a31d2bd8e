/**
 * The product as `pnpm start` runs it: the gateway serving the built dashboard, docs and SDK files
 * on its own origin (config defaults: dashboard/dist, docs-site/dist, sdk/dist), its settlement
 * watcher and webhook worker, on an embedded devnet. Chromium comes from the SDK's browser-test
 * harness; the injected test wallet (signing as the merchant, paying as the customer) and the
 * webhook receiver from the dashboard's: one copy of each in the repository.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "@spay/devnet";
import { loadConfig, startServer } from "@spay/server";

export { installTestWallet, WALLETS } from "../../dashboard/test/harness/test-wallet.ts";
export { startWebhookReceiver } from "../../dashboard/test/harness/webhook-receiver.ts";
export { launchChromium } from "../../sdk/test/browser/harness/chromium.ts";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ProductStack {
  /** The product's origin: dashboard, docs, API and SDK files. */
  url: string;
  devnetUrl: string;
  close(): Promise<void>;
}

export async function startProduct(): Promise<ProductStack> {
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-e2e-"));
  const port = await freePort();
  const server = await startServer(
    loadConfig(
      {},
      {
        port,
        host: "127.0.0.1",
        dataDir,
        devnet: "off",
        stacksApiUrl: devnet.url,
        fxSource: "fixed:100000",
        publicUrl: `http://127.0.0.1:${port}`,
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        scryptLog2N: 10,
        watchIntervalMs: 100,
        webhookIntervalMs: 50,
      },
    ),
    { devnetUrl: devnet.url },
  );
  return {
    url: server.url,
    devnetUrl: devnet.url,
    async close() {
      await server.close();
      await devnet.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON answers by field name.
export type Json = Record<string, any>;

/** One API call as a merchant's code makes it; throws on a non-2xx answer. */
export async function api(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<Json> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}
