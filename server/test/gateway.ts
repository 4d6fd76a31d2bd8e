/**
 * The gateway as `pnpm start` runs it, for tests outside the server (e2e, examples, docs samples):
 * the HTTP server on a real port with its settlement watcher and webhook worker, the built front
 * ends and SDK files on its origin, an embedded devnet, and a merchant made through the public API
 * as a developer would (account, organization, workspace, payout wallet → test keys).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { verifyWallet } from "../src/cli/verify-wallet.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/server.ts";

export interface RunningGateway {
  /** The gateway's origin (API, dashboard, docs, `/sdk/` files); also its `publicUrl`. */
  url: string;
  devnetUrl: string;
  devnet: Devnet;
  server: RunningServer;
  close(): Promise<void>;
}

/** A port nothing listens on right now (for a server whose URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts a devnet and the gateway on a free port (so links it builds point at itself). */
export async function startGateway(overrides: Partial<Config> = {}): Promise<RunningGateway> {
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-gateway-"));
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
        stxFxSource: "fixed:0.5",
        publicUrl: `http://127.0.0.1:${port}`,
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        walletChallengesPerMinute: 0,
        scryptLog2N: 10,
        watchIntervalMs: 100,
        webhookIntervalMs: 50,
        ...overrides,
      },
    ),
    { devnetUrl: devnet.url },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    devnetUrl: devnet.url,
    devnet,
    server,
    async close() {
      await server.close();
      await devnet.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: callers read JSON answers by field name, as curl users do.
export type Json = Record<string, any>;

/** One API call that must succeed (a non-2xx answer throws with its body). */
export async function gatewayCall(
  url: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<Json> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export interface MerchantAccount {
  session: string;
  user: Json;
  organizationId: string;
  workspaceId: string;
  sk: string;
  pk: string;
  /** The verified payout wallet (a funded devnet account). */
  payoutAddress: string;
}

/**
 * A merchant made through the public API: register, organization, workspace, payout wallet
 * verified by signing the server's challenge with a devnet account's key (default wallet_8, so
 * payers — wallet_1 to wallet_7 — never pay themselves) → the test keys onboarding creates.
 */
export async function createMerchantAccount(
  url: string,
  options: { name?: string; payoutAccount?: string } = {},
): Promise<MerchantAccount> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = options.name ?? "Test Merchant";
  const grant = await gatewayCall(url, "POST", "/v1/auth/register", {
    email: `merchant-${tag}@example.com`,
    password: "a-long-password",
  });
  const session = grant.session_id as string;
  const org = await gatewayCall(url, "POST", "/v1/organizations", { name, slug: `m-${tag}` }, session);
  const ws = await gatewayCall(
    url,
    "POST",
    `/v1/organizations/${org.id}/workspaces`,
    { name: "Store" },
    session,
  );
  const payout = ACCOUNTS.find((a) => a.name === (options.payoutAccount ?? "wallet_8"));
  if (!payout) throw new Error(`no devnet account ${options.payoutAccount}`);
  const { keys } = await verifyWallet({
    apiUrl: url,
    session,
    workspaceId: ws.id,
    privateKey: payout.privateKey,
  });
  const key = (type: string) => {
    const found = keys.find((k) => k.type === type)?.key;
    if (!found) throw new Error(`onboarding returned no ${type} key`);
    return found;
  };
  return {
    session,
    user: grant.user as Json,
    organizationId: org.id as string,
    workspaceId: ws.id as string,
    sk: key("sk"),
    pk: key("pk"),
    payoutAddress: payout.address,
  };
}
