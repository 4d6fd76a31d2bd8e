import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { MICROS_PER_CENT } from "@spay/protocol";
import { getAddressFromPrivateKey, privateKeyToPublic, randomPrivateKey } from "@stacks/transactions";
import { inject } from "vitest";
import { createApp } from "../src/app.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../src/cli/pay.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../src/db/database.ts";
import type { NotificationSource } from "../src/db/notifications.ts";
import { signStacksMessage } from "../src/domain/stacks-address.ts";
import { answerClientErrors } from "../src/http/client-error.ts";
import type { Deps } from "../src/http/context.ts";
import { createDeps } from "../src/server.ts";
import { adminQuery, type DatabaseTemplate } from "./database-template.ts";

/**
 * A real server stack per test file: the app in-process over a real database — in-memory PGlite,
 * or, when SPAY_TEST_DB=postgres, a private database on the PostgreSQL server (dropped afterwards).
 */
export interface TestApi {
  /** Serves the same app on a real socket (for clients that need HTTP, like SSE). */
  listen(): Promise<{ url: string; close(): Promise<void> }>;
  deps: Deps;
  config: Config;
  /** The private PostgreSQL database of this test file (null on PGlite), for spawned server processes. */
  databaseUrl: string | null;
  /** The database's LISTEN, for background workers woken by changes. */
  notifications: NotificationSource;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string | undefined;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
  body: any;
}

export const TEST_USD_PER_BTC = 100_000;
/** STX at $0.50: $1 is 2 STX. Tests never reach a real price source. */
export const TEST_USD_PER_STX = 0.5;

export async function startTestApi(overrides: Partial<Config> = {}): Promise<TestApi> {
  const config = loadConfig(
    {},
    {
      fxSource: `fixed:${TEST_USD_PER_BTC}`,
      stxFxSource: `fixed:${TEST_USD_PER_STX}`,
      scryptLog2N: 10,
      rateLimitIpPerSecond: 0,
      rateLimitKeyPerSecond: 0,
      rateLimitAuthPerMinute: 0,
      signInFailuresPerAccount: 0,
      walletChallengesPerMinute: 0,
      publicUrl: "https://pay.example.test",
      // Webhook tests run their receivers on 127.0.0.1, as a developer does (SSRF tests pass hosted).
      deployment: "local",
      ...overrides,
    },
  );
  if (process.env.SPAY_TEST_DB === "none")
    throw new Error(
      "this test file opens a database but runs in the unit project: server/vitest.config.ts sends a file to the database projects when it names startTestApi (or another way to start the gateway)",
    );
  let database: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  if (process.env.SPAY_TEST_DB === "postgres") {
    const url = process.env.SPAY_TEST_DATABASE_URL;
    if (!url) throw new Error("SPAY_TEST_DB=postgres needs SPAY_TEST_DATABASE_URL");
    // A private database, not a schema: Kysely's migrator finds its lock table in *any* schema, so a
    // server that once migrated the shared database's public schema would break a schema per file.
    const name = `spay_test_${randomBytes(6).toString("hex")}`;
    const template = databaseTemplate();
    // A file that points the harness at another server (a private cluster) migrates its own.
    const copy = template?.kind === "postgres" && template.server === url ? ` template ${template.name}` : "";
    await adminQuery(url, `create database ${name}${copy}`);
    const privateUrl = new URL(url);
    privateUrl.pathname = `/${name}`;
    databaseUrl = privateUrl.toString();
    database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 10 });
    dropDatabase = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  } else {
    const template = databaseTemplate();
    const image = template?.kind === "pglite" ? new Blob([await readFile(template.image)]) : undefined;
    database = await openDatabase({ kind: "pglite", dataDir: null, ...(image ? { image } : {}) });
  }
  const close = async () => {
    await database.close();
    await dropDatabase?.();
  };
  let deps: Deps;
  let app: ReturnType<typeof createApp>;
  try {
    await migrateToLatest(database.db);
    deps = await createDeps(database.db, config, null, database.notifications);
    app = createApp(deps);
  } catch (err) {
    // The test file's afterAll never sees an api to close: drop the private database here.
    await close();
    throw err;
  }

  return {
    deps,
    config,
    databaseUrl,
    notifications: database.notifications,
    async listen() {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
      answerClientErrors(server);
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            (server as unknown as { closeAllConnections(): void }).closeAllConnections();
            server.close(() => resolve());
          }),
      };
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON answers are returned as text for the test to assert on.
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    close,
  };
}

/**
 * The migrated database this run copies (test/database-template.ts), or null where none was made:
 * the packages that borrow this harness (examples, interop) migrate each database themselves.
 */
function databaseTemplate(): DatabaseTemplate | null {
  try {
    return inject("databaseTemplate") ?? null;
  } catch {
    return null;
  }
}

export interface TestWallet {
  privateKey: string;
  publicKey: string;
  address: string;
}

export function newTestWallet(network: "testnet" | "mainnet" = "testnet"): TestWallet {
  const privateKey = randomPrivateKey();
  return {
    privateKey,
    publicKey: privateKeyToPublic(privateKey) as string,
    address: getAddressFromPrivateKey(privateKey, network),
  };
}

/** Signs like a Stacks wallet's `stx_signMessage`: RSV over the prefixed message hash. */
export function signMessage(wallet: TestWallet, message: string): string {
  return signStacksMessage(wallet.privateKey, message);
}

/** The password test accounts register with: strong enough for the strength check (zxcvbn score 3+). */
export const TEST_PASSWORD = "s3cret-password";

let counter = 0;
export function uniqueEmail(): string {
  counter++;
  return `merchant${counter}.${randomBytes(3).toString("hex")}@example.com`;
}

export async function signUp(api: TestApi, email = uniqueEmail()) {
  const res = await api.request("POST", "/v1/auth/register", {
    body: { email, password: TEST_PASSWORD },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.session_id as string, user: res.body.user, email };
}

/** An organization with one workspace, as the Get Started flow's first step creates them. */
export async function createWorkspace(api: TestApi, token: string, name = "Main Store") {
  const slug = `org-${randomBytes(4).toString("hex")}`;
  const org = await api.request("POST", "/v1/organizations", { token, body: { name: "Acme", slug } });
  if (org.status !== 201) throw new Error(`organization failed: ${org.status} ${JSON.stringify(org.body)}`);
  const ws = await api.request("POST", `/v1/organizations/${org.body.id}/workspaces`, {
    token,
    body: { name },
  });
  if (ws.status !== 201) throw new Error(`workspace failed: ${ws.status} ${JSON.stringify(ws.body)}`);
  return { organizationId: org.body.id as string, workspaceId: ws.body.id as string };
}

/** Verifies `wallet` as the workspace's payout wallet with a real signature over a fresh challenge. */
export async function verifyPayoutWallet(
  api: TestApi,
  token: string,
  workspaceId: string,
  wallet = newTestWallet(),
) {
  const challenge = await api.request(
    "GET",
    `/v1/auth/wallet/challenge?address=${wallet.address}&purpose=payout_wallet`,
  );
  const verify = await api.request("POST", "/onboarding/wallet/verify", {
    token,
    headers: { "x-workspace-id": workspaceId },
    body: {
      address: wallet.address,
      public_key: wallet.publicKey,
      signature: signMessage(wallet, challenge.body.message),
      nonce: challenge.body.nonce,
    },
  });
  if (verify.status !== 200)
    throw new Error(`wallet verify failed: ${verify.status} ${JSON.stringify(verify.body)}`);
  return { wallet, response: verify };
}

/**
 * A merchant ready to take payments: account, organization, workspace, a payout wallet verified
 * with a real signature, and the test keys onboarding creates.
 */
export async function setupMerchant(api: TestApi) {
  const { token, user, email } = await signUp(api);
  const { organizationId, workspaceId } = await createWorkspace(api, token);
  const { wallet, response: verify } = await verifyPayoutWallet(api, token, workspaceId);
  const keys = verify.body.api_keys as { type: string; key: string }[];
  const sk = keys.find((k) => k.type === "sk")?.key;
  const pk = keys.find((k) => k.type === "pk")?.key;
  if (!sk || !pk) throw new Error("onboarding did not return test keys");
  return { token, user, email, organizationId, workspaceId, wallet, sk, pk };
}

/**
 * Turns on "allow custom amounts from the browser" for a merchant's workspace, as its owner would in
 * Settings: its publishable key may then create intents for any amount, not only for a product or
 * payment link (off by default). For tests whose subject is not the price.
 */
export async function allowBrowserAmounts(
  api: TestApi,
  merchant: { token: string; workspaceId: string },
): Promise<void> {
  const res = await api.request("PATCH", `/v1/workspaces/${merchant.workspaceId}`, {
    token: merchant.token,
    body: { allow_browser_amounts: true },
  });
  if (res.status !== 200 || res.body.allow_browser_amounts !== true)
    throw new Error(`could not allow browser amounts: ${res.status} ${JSON.stringify(res.body)}`);
}

export type Merchant = Awaited<ReturnType<typeof setupMerchant>>;

/**
 * A customer row as a settled payment leaves it (one payment of `paidMinor`), written straight to
 * the database: for tests that need one without paying on the devnet.
 */
export async function insertCustomer(
  api: TestApi,
  customer: {
    id: string;
    workspaceId: string;
    environmentId: string;
    env: "test" | "live";
    email: string;
    paidMinor: number;
    now: number;
  },
): Promise<void> {
  const { now } = customer;
  await api.deps.db
    .insertInto("customers")
    .values({
      id: customer.id,
      workspace_id: customer.workspaceId,
      environment_id: customer.environmentId,
      env: customer.env,
      email: customer.email,
      address: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
      payments_count: 1,
      refunds_count: 0,
      total_paid_micros: customer.paidMinor * MICROS_PER_CENT,
      total_refunded_micros: 0,
      first_payment_at: now,
      last_payment_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A refund as the API returns it: what its transfer must carry. */
export interface RefundToPay {
  id: string;
  status: string;
  token_contract: string;
  amount: string;
  destination: string;
  memo: string;
  asset: string;
}

/**
 * Signs and broadcasts the merchant's transfer paying a refund — a real SIP-010 (or STX) transfer
 * of the refund's amount to its destination, memo = the refund id unless `memo` says otherwise —
 * and returns its 0x txid; it waits in the devnet's mempool (or is mined at once with blockMs 0).
 */
export async function sendRefundTransfer(
  devnetUrl: string,
  refund: RefundToPay,
  privateKey: string,
  options: { amount?: bigint | undefined; memo?: string | undefined } = {},
): Promise<string> {
  const asIntent: IntentForPayment = {
    id: refund.id,
    status: refund.status,
    token_contract: refund.token_contract,
    amount_asset: refund.amount,
    recipient: refund.destination,
    memo: options.memo ?? refund.memo,
    asset: refund.asset,
  } as IntentForPayment;
  const tx = await buildIntentTransfer(asIntent, privateKey, devnetUrl, { amount: options.amount });
  const { txid } = await broadcastIntentTransfer(tx, devnetUrl);
  return `0x${txid.replace(/^0x/, "")}`;
}

/**
 * Two workers racing over one outbox: A runs one pass while B looks for due rows every 100 ms
 * (taking any whose lease lapsed), then both run once more.
 */
export async function raceWorkers(
  a: { tick(): Promise<unknown> },
  b: { tick(): Promise<unknown> },
): Promise<void> {
  let done = false;
  const first = a.tick().finally(() => {
    done = true;
  });
  while (!done) {
    await b.tick();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await first;
  await Promise.all([a.tick(), b.tick()]);
}

/**
 * A merchant whose payout wallet is the given funded devnet account (`ACCOUNTS`), so it can pay
 * refunds and their fees from it — the payout address is where refunds come from.
 */
export async function setupMerchantPayingFrom(
  api: TestApi,
  account: { privateKey: string; address: string },
) {
  const { token } = await signUp(api);
  const { workspaceId } = await createWorkspace(api, token);
  const wallet = {
    privateKey: account.privateKey,
    publicKey: privateKeyToPublic(account.privateKey) as string,
    address: account.address,
  };
  const { response } = await verifyPayoutWallet(api, token, workspaceId, wallet);
  const keys = response.body.api_keys as { type: string; key: string }[];
  const sk = keys.find((k) => k.type === "sk")?.key;
  const pk = keys.find((k) => k.type === "pk")?.key;
  if (!sk || !pk) throw new Error("onboarding did not return test keys");
  return { token, workspaceId, sk, pk };
}

export { adminQuery } from "./database-template.ts";
export {
  createMerchantAccount,
  freePort,
  gatewayCall,
  type Json,
  type MerchantAccount,
  type RunningGateway,
  startGateway,
} from "./gateway.ts";
