/**
 * The floor for `POST /v1/payment_intents`: a plain `node:http` server that gives the gateway's
 * guarantees with the least work, on **its own minimal schema** in its own database — only the
 * tables, keys and indexes those guarantees need, and no trigger — so bench/hot-path.ts can say how
 * far the gateway is from it without measuring the gateway's schema against itself. Part of the
 * benchmark, not of the product.
 *
 * Per request, exactly:
 * - the key is looked up on every request (no cache: a revoked or disabled key fails at once); the
 *   key row carries its workspace, environment and payout wallet (one index lookup);
 * - the body is parsed and checked (amount, email, metadata), the amount frozen at the fixed rate;
 * - ONE statement claims the Idempotency-Key with the stored (sealed) response, and — only if the
 *   claim was won — inserts the intent, its first payment event and the outbox event: they commit
 *   together. A lost claim reads the stored row and replays it (same body) or answers 409;
 * - the answer, the stored response and the outbox event carry the API's whole payment intent
 *   object, field for field as the gateway's, and the intent row holds every field of it that is
 *   not derived (lifecycle fields take their column defaults): the same contract, less work.
 *
 * Its schema (created at start, in an empty database or PGlite directory): `floor_keys` (primary key
 * on the token hash), `floor_idempotency` (primary key on scope + key), `floor_intents`,
 * `floor_payment_events` and `floor_outbox` (primary keys only; the outbox's pending rows indexed for
 * the worker that would drain it).
 *
 * Engines: FLOOR_ENGINE=postgres (DATABASE_URL, a pg Pool of FLOOR_POOL_SIZE, default 20 as the
 * gateway's, in each of FLOOR_PROCESSES processes, default 1) or FLOOR_ENGINE=pglite (FLOOR_PGLITE_DIR, an empty directory; one in-process
 * connection, as the gateway has on PGlite). The key it accepts: FLOOR_API_KEY, for workspace
 * FLOOR_WORKSPACE_ID paying out to FLOOR_PAYOUT_ADDRESS (the bench gives the gateway's merchant's, so
 * one load drives both).
 *
 *   DATABASE_URL=postgres://… FLOOR_API_KEY=sk_test_… FLOOR_WORKSPACE_ID=ws_… \
 *   FLOOR_PAYOUT_ADDRESS=ST… PORT=4010 npx tsx floor-server.ts
 */

import cluster from "node:cluster";
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import http from "node:http";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { newId } from "../server/src/domain/ids.ts";
import { centsToSats, MAX_AMOUNT_MINOR } from "../server/src/domain/money.ts";
import { payoutAddressFor } from "../server/src/domain/stacks-address.ts";

const PORT = Number(process.env.PORT ?? 4010);
const ENGINE = process.env.FLOOR_ENGINE ?? "postgres";
const USD_PER_BTC = 100_000;
const TOKEN_CONTRACT = "ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-token";
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const TTL_SECONDS = 900;

/** The one query primitive both engines offer. */
type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function openQuery(): Promise<Query> {
  if (ENGINE === "pglite") {
    const dir = process.env.FLOOR_PGLITE_DIR;
    if (!dir) throw new Error("FLOOR_PGLITE_DIR (an empty directory) is required with FLOOR_ENGINE=pglite");
    const db = new PGlite(dir);
    await db.waitReady;
    return async (text, params) => ({ rows: (await db.query<Record<string, unknown>>(text, params)).rows });
  }
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.FLOOR_POOL_SIZE ?? 20),
  });
  // The per-request statements are parsed and planned once per connection (named prepared
  // statements), as any server written for throughput on pg would do.
  const prepared = new Map([
    [KEY_QUERY, "floor_key"],
    [CREATE_STATEMENT, "floor_create"],
  ]);
  return (text, params) => {
    const name = prepared.get(text);
    return name ? pool.query({ name, text, values: params }) : pool.query(text, params);
  };
}

/** Sealing the stored response (it carries the client secret), as the gateway does: AES-256-GCM. */
const sealKey = randomBytes(32);
const clientSecretKey = Buffer.from(hkdfSync("sha256", sealKey, Buffer.alloc(0), "floor:client-secret", 32));
function seal(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v1",
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

function open(sealed: string): string {
  const [, iv = "", tag = "", body = ""] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", sealKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

const SCHEMA = [
  `create table floor_keys (
    key_hash text primary key, id text not null, type text not null, state text not null,
    workspace_id text not null, environment_id text not null, environment_type text not null,
    scopes text[] not null, stacks_address text)`,
  `create table floor_idempotency (
    scope text not null, key text not null, owner text not null, request_hash text not null,
    state text not null, response_status int, response_body text, created_at bigint not null,
    primary key (scope, key))`,
  `create table floor_intents (
    id text primary key, workspace_id text not null, environment_id text not null, env text not null,
    amount_minor bigint not null, currency text not null, asset text not null, amount_asset numeric not null,
    usd_per_btc numeric, usd_per_stx numeric, token_contract text not null, recipient text not null,
    memo text not null, status text not null, status_reason text,
    fulfillment_status text not null default 'not_required', customer_email text, shipping_address jsonb,
    merchant_principal text not null, txid text, amount_received numeric not null default 0,
    amount_refunded numeric not null default 0, customer_id text, payment_method text, product_id text,
    metadata jsonb not null, expires_at bigint not null, created_at bigint not null,
    updated_at bigint not null, canceled_at bigint, cancellation_reason text)`,
  `create table floor_payment_events (
    id text primary key, payment_intent_id text not null, from_status text, to_status text not null,
    reason text, created_at bigint not null)`,
  `create table floor_outbox (
    id text primary key, seq bigserial, workspace_id text not null, env text not null, type text not null,
    data jsonb not null, created_at bigint not null, delivered boolean not null default false)`,
  "create index floor_outbox_pending on floor_outbox(seq) where not delivered",
];

/** Creates the floor's schema and its one key (from the environment). */
async function prepare(query: Query): Promise<void> {
  const token = process.env.FLOOR_API_KEY;
  const workspaceId = process.env.FLOOR_WORKSPACE_ID;
  if (!token || !workspaceId) throw new Error("FLOOR_API_KEY and FLOOR_WORKSPACE_ID are required");
  for (const statement of SCHEMA) await query(statement, []);
  await query(
    `insert into floor_keys (key_hash, id, type, state, workspace_id, environment_id, environment_type, scopes, stacks_address)
     values ($1, 'key_floor', 'secret', 'enabled', $2, 'env_floor', 'sandbox', array['read', 'write'], $3)`,
    [createHash("sha256").update(token).digest("hex"), workspaceId, process.env.FLOOR_PAYOUT_ADDRESS ?? null],
  );
}

const KEY_QUERY = `
  select id, type, state, workspace_id, environment_id, scopes, environment_type, stacks_address
  from floor_keys where key_hash = $1`;

const CREATE_STATEMENT = `
  with claim as (
    insert into floor_idempotency
      (scope, key, owner, request_hash, state, response_status, response_body, created_at)
    values ($1, $2, $3, $4, 'done', 201, $5, $6)
    on conflict (scope, key) do nothing
    returning key
  ), intent as (
    insert into floor_intents
      (id, workspace_id, environment_id, env, amount_minor, currency, asset, amount_asset, usd_per_btc,
       token_contract, recipient, memo, status, customer_email, merchant_principal, metadata, expires_at,
       created_at, updated_at)
    select $7, $8, $9, $10, $11, 'usd', 'sbtc', $12, $13, $14, $15, $7, 'requires_payment_method',
           $16, $15, $17::jsonb, $18, $6, $6
    where exists (select 1 from claim)
    returning id
  ), first_event as (
    insert into floor_payment_events (id, payment_intent_id, from_status, to_status, reason, created_at)
    select $19, id, null, 'requires_payment_method', 'created', $6 from intent
  ), outbox as (
    insert into floor_outbox (id, workspace_id, env, type, data, created_at)
    select $20, $8, $10, 'payment_intent.created', $21::jsonb, $6 from intent
  )
  select count(*)::int as created from intent`;

function send(res: http.ServerResponse, status: number, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

const error = (type: string, code: string) => JSON.stringify({ error: { type, code } });

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function handle(query: Query, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== "POST" || req.url !== "/v1/payment_intents") {
    if (req.url === "/health") return send(res, 200, '{"ok":true}');
    return send(res, 404, error("invalid_request_error", "route_not_found"));
  }
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const raw = await readBody(req);
  if (!token) return send(res, 401, error("authentication_error", "invalid_api_key"));
  const keyHash = createHash("sha256").update(token).digest("hex");
  const key = (await query(KEY_QUERY, [keyHash])).rows[0];
  if (!key) return send(res, 401, error("authentication_error", "invalid_api_key"));
  if (key.state !== "enabled") return send(res, 401, error("authentication_error", `api_key_${key.state}`));
  if (key.type !== "secret" || !(key.scopes as string[]).includes("write"))
    return send(res, 403, error("permission_error", "insufficient_scope"));

  let body: { amount_minor?: unknown; customer_email?: unknown; metadata?: unknown };
  try {
    body = JSON.parse(raw);
  } catch {
    return send(res, 400, error("invalid_request_error", "parameter_invalid"));
  }
  const amount = body.amount_minor;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT_MINOR)
    return send(res, 400, error("invalid_request_error", "parameter_invalid"));
  const email = body.customer_email;
  if (
    email !== undefined &&
    (typeof email !== "string" || email.length > 254 || !/^[^@\s]+@[^@\s]+$/.test(email))
  )
    return send(res, 400, error("invalid_request_error", "parameter_invalid"));
  const metadata = body.metadata ?? {};
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))
    return send(res, 400, error("invalid_request_error", "parameter_invalid"));

  const env = key.environment_type === "production" ? "live" : "test";
  const recipient = payoutAddressFor(key.stacks_address as string | null, env);
  if (!recipient) return send(res, 400, error("invalid_request_error", "payout_wallet_missing"));
  const idemKey = req.headers["idempotency-key"];
  if (typeof idemKey !== "string" || idemKey.length === 0 || idemKey.length > 255)
    return send(res, 400, error("invalid_request_error", "parameter_invalid"));

  const id = newId("paymentIntent");
  const now = Math.floor(Date.now() / 1000);
  const amountAsset = centsToSats(amount, USD_PER_BTC).toString();
  const checkoutUrl = `${PUBLIC_URL}/pay/${id}`;
  // The API's payment intent object, every field of it, as the gateway answers (same keys, same
  // order): the floor saves work, not bytes of the contract.
  const view = {
    id,
    object: "payment_intent",
    amount_minor: amount,
    amount,
    currency: "usd",
    asset: "sbtc",
    amount_sbtc: amountAsset,
    amount_asset: amountAsset,
    decimals: 8,
    token_contract: TOKEN_CONTRACT,
    usd_per_btc: USD_PER_BTC,
    usd_per_stx: null,
    recipient,
    memo: id,
    status: "requires_payment_method",
    status_reason: null,
    fulfillment_status: "not_required",
    customer_email: email ?? null,
    shipping_address: null,
    merchant_principal: recipient,
    txid: null,
    amount_received: "0",
    amount_refunded: "0",
    customer_id: null,
    client_secret: null as string | null,
    spay_url: checkoutUrl,
    checkout_url: checkoutUrl,
    payment_method: null,
    product_id: null,
    metadata,
    env,
    expires_at: now + TTL_SECONDS,
    created_at: now,
    canceled_at: null,
    cancellation_reason: null,
  };
  const eventData = JSON.stringify({ object: view });
  const secret = `${id}_secret_${createHmac("sha256", clientSecretKey).update(id).digest().subarray(0, 24).toString("base64url")}`;
  const response = JSON.stringify({
    ...view,
    client_secret: secret,
    spay_url: `${checkoutUrl}?client_secret=${secret}`,
    checkout_url: `${checkoutUrl}?client_secret=${secret}`,
  });
  const scope = `ws:${key.workspace_id}:env:${key.environment_id}`;
  const requestHash = createHash("sha256").update(`POST /v1/payment_intents\n${raw}`).digest("hex");
  const created = (
    await query(CREATE_STATEMENT, [
      scope,
      idemKey,
      "secret",
      requestHash,
      seal(response),
      now,
      id,
      key.workspace_id,
      key.environment_id,
      env,
      amount,
      amountAsset,
      String(USD_PER_BTC),
      TOKEN_CONTRACT,
      recipient,
      email ?? null,
      JSON.stringify(metadata),
      now + TTL_SECONDS,
      newId("paymentEvent"),
      newId("event"),
      eventData,
    ])
  ).rows[0];
  if (created?.created === 1) return send(res, 201, response);
  // Claim lost: the stored answer for the same request, or a conflict (the benchmark's keys are
  // unique, so this path only has to be correct, not fast).
  const existing = (
    await query(
      "select owner, request_hash, state, response_body from floor_idempotency where scope = $1 and key = $2",
      [scope, idemKey],
    )
  ).rows[0];
  if (existing && (existing.owner !== "secret" || existing.request_hash !== requestHash))
    return send(res, 409, error("idempotency_error", "idempotency_key_reused"));
  if (existing?.state === "done" && typeof existing.response_body === "string")
    return send(res, 201, open(existing.response_body), { "idempotent-replayed": "true" });
  return send(res, 409, error("idempotency_error", "idempotency_key_in_use"), { "retry-after": "1" });
}

/**
 * FLOOR_PROCESSES > 1 (PostgreSQL only): the schema is made once, then that many processes share
 * the port (node:cluster), as the gateway's SPAY_API_PROCESSES does — the control for what a second
 * process costs on this machine, with no sPay code in it.
 */
const PROCESSES = ENGINE === "postgres" ? Number(process.env.FLOOR_PROCESSES ?? 1) : 1;
if (PROCESSES > 1 && cluster.isPrimary) {
  const setup = await openQuery();
  await prepare(setup);
  for (let i = 0; i < PROCESSES; i++) cluster.fork();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const query = await openQuery();
  if (!cluster.isWorker) await prepare(query);
  const server = http.createServer((req, res) => {
    handle(query, req, res).catch((err) => {
      console.error(err);
      if (!res.headersSent) send(res, 500, error("api_error", "internal"));
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(PORT, "127.0.0.1");
  process.on("SIGTERM", () => {
    server.close();
    process.exit(0);
  });
}
