/**
 * Test support (never part of the build): a real sPay server in-process, optionally on the
 * embedded devnet, and a merchant made through the public API as a developer would make one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Devnet, startDevnet } from "@spay/devnet";
import { type Config, loadConfig, type RunningServer, startServer } from "@spay/server";
import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  getAddressFromPrivateKey,
  privateKeyToPublic,
  randomPrivateKey,
  signMessageHashRsv,
} from "@stacks/transactions";

/** The fixed BTC price of test servers: $1 = 1000 sats. */
export const TEST_USD_PER_BTC = 100_000;

export interface TestServer {
  url: string;
  server: RunningServer;
  /** The devnet, when started with `chain: true`. */
  devnet: Devnet | null;
  close(): Promise<void>;
}

/**
 * Starts `@spay/server` on a free port over a fresh embedded database. With `chain: true` a devnet
 * mines each transaction at once and the settlement watcher follows it.
 */
export async function startTestServer(
  options: { chain?: boolean; overrides?: Partial<Config> } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-sdk-test-"));
  const devnet = options.chain ? await startDevnet({ port: 0, blockMs: 0 }) : null;
  const config = loadConfig(
    {},
    {
      port: 0,
      host: "127.0.0.1",
      dataDir,
      devnet: "off",
      watcher: options.chain ? "on" : "off",
      watchIntervalMs: 50,
      fxSource: `fixed:${TEST_USD_PER_BTC}`,
      stxFxSource: "fixed:0.5",
      scryptLog2N: 10,
      rateLimitIpPerSecond: 0,
      rateLimitKeyPerSecond: 0,
      rateLimitAuthPerMinute: 0,
      walletChallengesPerMinute: 0,
      ...options.overrides,
    },
  );
  const server = await startServer(config, { devnetUrl: devnet?.url ?? null });
  return {
    url: server.url.replace("localhost", "127.0.0.1"),
    server,
    devnet,
    async close() {
      await server.close();
      await devnet?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(
  url: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A merchant with test keys and a verified payout wallet, made through the public API. */
export interface TestMerchant {
  sk: string;
  pk: string;
  workspaceId: string;
  /** The payout address intents pay to. */
  payout: string;
}

/** Registers, creates an organization and workspace, and verifies a payout wallet by signature. */
export async function createMerchant(url: string): Promise<TestMerchant> {
  const tag = Math.random().toString(36).slice(2, 10);
  const { session_id: token } = (await call(url, "POST", "/v1/auth/register", {
    email: `sdk-${tag}@example.com`,
    password: "sdk-test-password",
  })) as { session_id: string };
  const auth = { authorization: `Bearer ${token}` };
  const org = (await call(url, "POST", "/v1/organizations", { name: "SDK", slug: `sdk-${tag}` }, auth)) as {
    id: string;
  };
  const ws = (await call(url, "POST", `/v1/organizations/${org.id}/workspaces`, { name: "SDK" }, auth)) as {
    id: string;
  };
  const privateKey = randomPrivateKey();
  const address = getAddressFromPrivateKey(privateKey, "testnet");
  const challenge = (await call(
    url,
    "GET",
    `/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
  )) as {
    message: string;
    nonce: string;
  };
  const signature = signMessageHashRsv({
    messageHash: bytesToHex(hashMessage(challenge.message)),
    privateKey,
  });
  const verified = (await call(
    url,
    "POST",
    "/onboarding/wallet/verify",
    { address, public_key: privateKeyToPublic(privateKey), signature, nonce: challenge.nonce },
    { ...auth, "x-workspace-id": ws.id },
  )) as { api_keys: { type: string; key: string }[] };
  const sk = verified.api_keys.find((k) => k.type === "sk")?.key;
  const pk = verified.api_keys.find((k) => k.type === "pk")?.key;
  if (!sk || !pk) throw new Error("onboarding returned no test keys");
  // The SDK's tests create intents of any amount in the browser's place (publishable key): the
  // workspace setting that allows it (otherwise a pk sells only catalogue prices).
  await call(url, "PATCH", `/v1/workspaces/${ws.id}`, { allow_browser_amounts: true }, auth);
  return { sk, pk, workspaceId: ws.id, payout: address };
}
