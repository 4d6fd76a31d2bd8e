import { type Permission, ROLES, type Role, roleCan } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertCustomer,
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import {
  fillPath,
  idSegmentOf,
  listOperations,
  type OpenApiDocument,
  type OpenApiOperation,
  sampleFromSchema,
} from "../../test/openapi-walk.ts";
import { createApp } from "../app.ts";
import { clientSecretsOf } from "../domain/client-secret.ts";
import { ID_PREFIX } from "../domain/ids.ts";
import { hashToken } from "../domain/secrets.ts";
import { downloadLinksOf } from "../services/exports/download-link.ts";
import { ExportWorker } from "../services/exports/worker.ts";

/**
 * Authorization matrix: every operation of the served OpenAPI document × five credentials, each
 * cell checked against the rule below. Operations come from the document, so a new route is in the
 * matrix the day it is added. Ids in paths are workspace B's real objects (picked by the path
 * segment before `{id}`; an unknown segment fails the test until it is named in OBJECT_FOR_SEGMENT).
 * Bodies are minimal valid instances of each request schema, so the credential — not the
 * validator — decides the answer.
 *
 * Columns, and the status each one must get:
 * - `none` (no Authorization header): 401 `authentication_error` on every operation that declares
 *   `security`; a public operation (no `security`) answers as public — 2xx, or a 4xx whose code is
 *   not an access-control code (a disabled link's 403 `payment_link_disabled`, a wrong password's
 *   401 `invalid_credentials` are fine; `authentication_required` is not).
 * - `revoked` (B's revoked secret key): 401 `api_key_revoked` everywhere, public operations
 *   included — a credential that is sent is always checked, never ignored.
 * - `expired` (B's session past its expiry, naming B's workspace): 401 `session_invalid` everywhere.
 * - `pk` (B's own publishable key, on B's own objects): 401 `session_required` on session-only
 *   operations (account, organization, workspace structure and key management); allowed on the
 *   PK_ALLOWED operations (create and read payment intents, read products, the workspace and its
 *   environments); 403 `secret_key_required` on everything else that is secured.
 * - `other_sk` (workspace A's secret key on B's objects): 401 `session_required` on session-only
 *   operations; 404 on any other operation that names an object by id (never 403: ids cannot be
 *   probed); an operation without an id acts on A's own workspace and is allowed.
 * "Allowed" means: below 500, no access-control error code, and 2xx for a GET.
 *
 * Environment dimension (test and live are walls), in its own describe below: B also has a
 * production environment with live keys and live objects. Every operation whose `{id}` names an
 * object that lives in one environment (ENVIRONMENT_OBJECTS) is called with B's test credentials
 * (`pk_test`, `sk_test`, a session naming the sandbox in X-Environment-Id) on the live objects, and
 * with B's live credentials on the test objects: 404, exactly like another tenant's object (a
 * publishable key on an operation it may not call at all keeps its 403 `secret_key_required`). Every
 * list (a GET without an id) answers each of those credentials without a single id of the other
 * environment's objects.
 */

/** Operations only a signed-in user may call; any API key gets 401 session_required. */
const SESSION_ONLY: RegExp[] = [
  /^(GET|PATCH) \/v1\/auth\/session$/,
  /^POST \/v1\/auth\/(password|logout)$/,
  /^\w+ \/v1\/auth\/two-factor(?!\/verify|\/passkey-options)/,
  /^\w+ \/v1\/auth\/passkeys(?!\/sign-in)/,
  /^\w+ \/v1\/auth\/sessions/,
  /^\w+ \/v1\/auth\/preferences$/,
  /^POST \/v1\/invitations\/accept$/,
  /^\w+ \/v1\/organizations(\/|$)/,
  /^(PATCH|DELETE) \/v1\/workspaces\/\{id\}$/,
  /^\w+ \/v1\/workspaces\/\{id\}\/api-keys$/,
  /^\w+ \/v1\/api-keys\/\{id\}(\/roll)?$/,
  /^\w+ \/onboarding\//,
  /^\w+ \/v1\/merchants\//,
  /^\w+ \/api\/merchants\//,
];

/** What a publishable key may do besides public operations (DESIGN.md: create and read intents). */
const PK_ALLOWED = new Set([
  "GET /v1/workspaces/{id}",
  "GET /api/environments",
  "GET /v1/products",
  "GET /v1/products/{id}",
  "POST /v1/payment_intents",
  "GET /v1/payment_intents/{id}",
  "GET /v1/payment_intents/{id}/events",
  "GET /v1/payment_intents/{id}/stream",
  "POST /v1/payment_intents/{id}/submit",
]);

/** Codes that mean "this credential may not do this" — never acceptable on an allowed cell. */
const ACCESS_CODES = new Set([
  "authentication_required",
  "merchant_principal_required",
  "session_required",
  "session_invalid",
  "secret_key_required",
  "insufficient_scope",
  "forbidden",
  "invalid_api_key",
  "api_key_revoked",
  "api_key_disabled",
]);

/** Bodies the schema sampler cannot make valid on its own. */
const BODY_OVERRIDES: Record<string, unknown> = {
  "POST /api/products": { id: "prod_matrix", name: "Matrix", price_usd: 1 },
  "POST /v1/payment_intents/{id}/submit": { txid: "ab".repeat(32) },
  "POST /v1/x402/requirements": {
    resource: { url: "https://api.example.com/paid" },
    accepts: [{ asset: "usdc", amount: "1000" }],
  },
};

/** A body no request schema accepts: a caller that gets past the access rule gets a 400 for it. */
const INVALID_BODY = "not an object";

/** Operations whose allowed cells change the object: they get an object of their own. */
const OWN_OBJECT: Record<string, string> = { "POST /v1/payment_intents/{id}/submit": "submitIntent" };

/** Operations not called at all, with the reason. */
const SKIPPED: Record<string, string> = {};

type Column = "none" | "revoked" | "expired" | "pk" | "other_sk";
const COLUMNS: Column[] = ["none", "revoked", "expired", "pk", "other_sk"];

type Expectation = { kind: "status"; status: number; codes?: string[] } | { kind: "allowed" };

function expected(op: OpenApiOperation, column: Column): Expectation {
  const key = `${op.method} ${op.path}`;
  if (column === "revoked") return { kind: "status", status: 401, codes: ["api_key_revoked"] };
  if (column === "expired") return { kind: "status", status: 401, codes: ["session_invalid"] };
  if (!op.secured) return { kind: "allowed" };
  if (column === "none") return { kind: "status", status: 401 };
  const sessionOnly = SESSION_ONLY.some((r) => r.test(key));
  if (sessionOnly) return { kind: "status", status: 401, codes: ["session_required"] };
  if (column === "pk") {
    return PK_ALLOWED.has(key)
      ? { kind: "allowed" }
      : { kind: "status", status: 403, codes: ["secret_key_required"] };
  }
  return op.path.includes("{") ? { kind: "status", status: 404 } : { kind: "allowed" };
}

let api: TestApi;
let app: ReturnType<typeof createApp>;
let doc: OpenApiDocument;
let a: Merchant;
let b: Merchant;
const objects: Record<string, string> = {};
const credentials = {} as Record<Column, Record<string, string>>;

/** The kind of object B owns for each path segment followed by `{id}`. */
const OBJECT_FOR_SEGMENT: Record<string, string> = {
  organizations: "org",
  workspaces: "ws",
  "api-keys": "key",
  environments: "env",
  merchants: "merchant",
  products: "product",
  "payment-links": "link",
  payment_intents: "intent",
  "payment-intents": "intent",
  webhook_endpoints: "endpoint",
  events: "event",
  unmatched_transfers: "transfer",
  refunds: "refund",
  customers: "customer",
  mail: "mail",
  // The public facilitator's path names the merchant's environment by its publishable key.
  x402: "facilitatorKey",
  members: "member",
  invitations: "invitation",
  sessions: "session",
  exports: "export",
  // No passkey is made here (that takes an authenticator: src/routes/passkeys.browser.test.ts): every
  // cell of these account routes is decided before the id is read.
  passkeys: "session",
};

/**
 * A transfer into B's payout address whose memo named no intent, as the watcher records it (item 1):
 * a row of chain history, so written directly as the fixture it is.
 */
async function unmatchedTransfer(environmentId: string, env: "test" | "live", hexDigit: string) {
  const txid = `0x${hexDigit.repeat(64)}`;
  await api.deps.db
    .insertInto("unmatched_transfers")
    .values({
      txid,
      workspace_id: b.workspaceId,
      environment_id: environmentId,
      env,
      recipient: b.wallet.address,
      token_contract: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.sbtc-token",
      asset: "sbtc",
      amount: "1000",
      sender: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
      memo: null,
      block_height: 1,
      assigned_intent_id: null,
      assigned_at: null,
      assigned_by: null,
      created_at: Math.floor(Date.now() / 1000),
    })
    .execute();
  return txid;
}

/**
 * A refund of one of B's intents and a customer of B's environment. Both come from the
 * chain (a settled payment, its payer's address) and the matrix runs no chain: written directly as
 * the fixtures they are. src/routes/refunds.test.ts makes real ones on the devnet.
 */
async function refundAndCustomer(intentId: string) {
  const intent = await api.deps.db
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", intentId)
    .executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  const customer = `cus_matrix${intent.env}${randomSuffix()}`;
  await insertCustomer(api, {
    id: customer,
    workspaceId: intent.workspace_id,
    environmentId: intent.environment_id,
    env: intent.env,
    email: `payer-${intent.env}@example.com`,
    paidMinor: intent.amount_minor,
    now,
  });
  const refund = `re_matrix${intent.env}${randomSuffix()}`;
  await api.deps.db
    .insertInto("refunds")
    .values({
      id: refund,
      workspace_id: intent.workspace_id,
      environment_id: intent.environment_id,
      env: intent.env,
      payment_intent_id: intent.id,
      customer_id: customer,
      asset: intent.asset,
      token_contract: intent.token_contract,
      amount: "1000",
      amount_micros: 1_000_000,
      source: intent.recipient,
      destination: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
      reason: "requested_by_customer",
      status: "pending",
      status_reason: null,
      txid: null,
      metadata: "{}",
      created_at: now,
      updated_at: now,
      succeeded_at: null,
      failed_at: null,
    })
    .execute();
  // A receipt kept for the local inbox (GET /v1/mail), about a settlement event of that intent.
  const event = `evt_matrix${intent.env}${randomSuffix()}`;
  await api.deps.db
    .insertInto("events")
    .values({
      id: event,
      workspace_id: intent.workspace_id,
      env: intent.env,
      type: "payment_intent.succeeded",
      data: JSON.stringify({ object: { id: intent.id } }),
      created_at: now,
      fanned_out: true,
    })
    .execute();
  const mail = `${ID_PREFIX.mail}_matrix${intent.env}${randomSuffix()}`;
  await api.deps.db
    .insertInto("mail_outbox")
    .values({
      id: mail,
      workspace_id: intent.workspace_id,
      environment_id: intent.environment_id,
      env: intent.env,
      event_id: event,
      kind: "payment_receipt",
      recipient: `payer-${intent.env}@example.com`,
      status: "kept",
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      from_address: null,
      subject: null,
      text_body: null,
      html_body: null,
      message_id: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
    })
    .execute();
  return { refund, customer, mail };
}
const randomSuffix = () => Math.random().toString(36).slice(2, 10);

/** An export of the key's environment, built, so its signed link downloads it. */
async function exportOf(key: string) {
  const res = await api.request("POST", "/v1/exports", { token: key, body: { from: 0, to: 1 } });
  expect(res.status).toBe(202);
  await new ExportWorker(api.deps).tick();
  return res.body.id as string;
}

/** A signed-in session of B's organization for each role (B itself is its owner). */
const roleSessions = {} as Record<Role, Record<string, string>>;
/** A's owner naming B's workspace: a signed-in outsider. */
let outsider: Record<string, string>;

/**
 * B's members with each role below owner, and a bystander member for the member routes to act on:
 * memberships written directly as the fixtures they are (src/routes/members.test.ts makes them
 * through mailed invitations), and an invitation of B's pending.
 */
async function membersOfB() {
  const join = async (role: Role) => {
    const user = await signUp(api);
    await api.deps.db
      .insertInto("organization_members")
      .values({ organization_id: b.organizationId, user_id: user.user.id, role, created_at: 0 })
      .execute();
    return user;
  };
  roleSessions.owner = { authorization: `Bearer ${b.token}`, "x-workspace-id": b.workspaceId };
  for (const role of ["admin", "developer", "support"] as const) {
    const user = await join(role);
    roleSessions[role] = { authorization: `Bearer ${user.token}`, "x-workspace-id": b.workspaceId };
  }
  outsider = { authorization: `Bearer ${a.token}`, "x-workspace-id": b.workspaceId };
  const bystander = await join("developer");
  const invitation = await api.request("POST", `/v1/organizations/${b.organizationId}/invitations`, {
    token: b.token,
    body: { email: "invitee@example.com", role: "support" },
  });
  expect(invitation.status).toBe(201);
  const session = await api.deps.db
    .selectFrom("sessions")
    .select("id")
    .where("token_hash", "=", hashToken(b.token))
    .executeTakeFirstOrThrow();
  return {
    member: bystander.user.id as string,
    invitation: invitation.body.id as string,
    session: session.id,
  };
}

beforeAll(async () => {
  api = await startTestApi();
  app = createApp(api.deps);
  doc = (await api.request("GET", "/v1/openapi.json")).body;
  a = await setupMerchant(api);
  b = await setupMerchant(api);
  const product = await api.request("POST", "/v1/products", {
    token: b.sk,
    body: { name: "B's thing", price_minor: 500, stock: 3 },
  });
  const intent = await api.request("POST", "/v1/payment_intents", {
    token: b.sk,
    body: { amount_minor: 500 },
  });
  const submitIntent = await api.request("POST", "/v1/payment_intents", {
    token: b.sk,
    body: { amount_minor: 700 },
  });
  const key = await api.request("POST", `/v1/workspaces/${b.workspaceId}/api-keys`, {
    token: b.token,
    body: { type: "sk" },
  });
  const revoked = await api.request("POST", `/v1/workspaces/${b.workspaceId}/api-keys`, {
    token: b.token,
    body: { type: "sk" },
  });
  expect((await api.request("DELETE", `/v1/api-keys/${revoked.body.id}`, { token: b.token })).status).toBe(
    200,
  );
  const env = await api.request("POST", "/api/environments", { token: b.sk, body: { name: "spare" } });
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: b.sk,
    body: { url: "http://localhost:3000/hooks" },
  });
  const event = await api.request("GET", "/v1/events?limit=1", { token: b.sk });
  const session = await api.request("GET", "/v1/auth/session", { token: b.token });
  const login = await api.request("POST", "/v1/auth/login", {
    body: { email: b.email, password: "s3cret-password" },
  });
  await api.deps.db
    .updateTable("sessions")
    .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
    .where("token_hash", "=", hashToken(login.body.session_id))
    .execute();
  Object.assign(objects, {
    org: b.organizationId,
    ws: b.workspaceId,
    key: key.body.id,
    env: env.body.id,
    merchant: session.body.user.merchant_id,
    product: product.body.id,
    link: product.body.payment_link.id,
    intent: intent.body.id,
    submitIntent: submitIntent.body.id,
    endpoint: endpoint.body.id,
    event: event.body.data[0].id,
    transfer: await unmatchedTransfer(product.body.environment_id, "test", "c"),
    facilitatorKey: b.pk,
    export: await exportOf(b.sk),
    ...(await refundAndCustomer(intent.body.id)),
  });
  Object.assign(objects, await membersOfB());
  for (const [name, id] of Object.entries(objects)) expect(id, name).toMatch(/^[a-z]+_|^0x/);
  credentials.none = {};
  credentials.revoked = { authorization: `Bearer ${revoked.body.key}` };
  credentials.expired = {
    authorization: `Bearer ${login.body.session_id}`,
    "x-workspace-id": b.workspaceId,
  };
  credentials.pk = { authorization: `Bearer ${b.pk}` };
  credentials.other_sk = { authorization: `Bearer ${a.sk}` };
  await setUpLiveEnvironment();
});

/** Objects that live in one environment of a workspace (the rest is workspace structure). */
const ENVIRONMENT_OBJECTS = new Set([
  "product",
  "link",
  "intent",
  "submitIntent",
  "endpoint",
  "event",
  "env",
  "transfer",
  "refund",
  "customer",
  "mail",
  "export",
]);
type EnvColumn = "pk_test" | "sk_test" | "session_test" | "pk_live" | "sk_live" | "session_live";
const ENV_COLUMNS: EnvColumn[] = ["pk_test", "sk_test", "session_test", "pk_live", "sk_live", "session_live"];
/**
 * Lists that are records of the whole workspace, not objects of an environment, with the reason:
 * they may name objects of every environment.
 */
const WORKSPACE_RECORDS: Record<string, string> = {
  "GET /v1/audit_log":
    "the workspace owner's security log (a signed-in member only): who created, rotated or deleted what, in every environment",
};
/** B's live (production) objects, under the same kinds as `objects` (B's test objects). */
const liveObjects: Record<string, string> = {};
const envCredentials = {} as Record<EnvColumn, Record<string, string>>;

/** B's production environment: live keys (a payout wallet is already verified) and live objects. */
async function setUpLiveEnvironment() {
  const liveKey = async (type: "sk" | "pk") => {
    const res = await api.request("POST", `/v1/workspaces/${b.workspaceId}/api-keys`, {
      token: b.token,
      body: { type, env: "live" },
    });
    expect(res.status).toBe(201);
    return res.body as { key: string; environment_id: string };
  };
  const skLive = await liveKey("sk");
  const pkLive = await liveKey("pk");
  const product = await api.request("POST", "/v1/products", {
    token: skLive.key,
    body: { name: "B's live thing", price_minor: 900, stock: 3 },
  });
  const intent = await api.request("POST", "/v1/payment_intents", {
    token: skLive.key,
    body: { amount_minor: 900 },
  });
  // A production endpoint must be a public address (SSRF rules): an IP literal needs no DNS here.
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: skLive.key,
    body: { url: "https://1.1.1.1/hooks" },
  });
  const event = await api.request("GET", "/v1/events?limit=1", { token: skLive.key });
  Object.assign(liveObjects, {
    product: product.body.id,
    link: product.body.payment_link?.id,
    intent: intent.body.id,
    submitIntent: intent.body.id,
    endpoint: endpoint.body.id,
    event: event.body.data?.[0]?.id,
    env: skLive.environment_id,
    transfer: await unmatchedTransfer(skLive.environment_id, "live", "d"),
    export: await exportOf(skLive.key),
    ...(await refundAndCustomer(intent.body.id)),
  });
  for (const [name, id] of Object.entries(liveObjects)) expect(id, `live ${name}`).toMatch(/^[a-z]+_|^0x/);
  expect(intent.body.env).toBe("live");
  const envs = await api.request("GET", "/api/environments", { token: b.sk });
  const sandbox = envs.body.data.find((e: { type: string }) => e.type === "sandbox").id as string;
  const session = (environmentId: string) => ({
    authorization: `Bearer ${b.token}`,
    "x-workspace-id": b.workspaceId,
    "x-environment-id": environmentId,
  });
  Object.assign(envCredentials, {
    pk_test: { authorization: `Bearer ${b.pk}` },
    sk_test: { authorization: `Bearer ${b.sk}` },
    session_test: session(sandbox),
    pk_live: { authorization: `Bearer ${pkLive.key}` },
    sk_live: { authorization: `Bearer ${skLive.key}` },
    session_live: session(skLive.environment_id),
  });
}
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 400)); // let aborted event streams finish their last poll
  await api?.close();
});

async function call(
  op: OpenApiOperation,
  headers: Record<string, string>,
  ids: Record<string, string> = objects,
  invalidBody = false,
) {
  const key = `${op.method} ${op.path}`;
  // A browser reaches an intent by id only with its client secret (src/attacks/public-reads.test.ts):
  // every column presents it, so the credential alone decides each cell here.
  const secrets: string[] = [];
  const path = fillPath(op.path, (segment) => {
    const kind = OWN_OBJECT[key] ?? OBJECT_FOR_SEGMENT[segment];
    if (!kind) throw new Error(`${key}: name the object kind of '/${segment}/{id}' in OBJECT_FOR_SEGMENT`);
    const id = ids[kind] as string;
    if (id.startsWith("pi_")) secrets.push(`client_secret=${clientSecretsOf(api.deps.secrets).for(id)}`);
    // An export's download link is its own credential, as a browser follows it: every column has one.
    if (id.startsWith("exp_") && op.path.endsWith("/download"))
      secrets.push(
        `token=${downloadLinksOf(api.deps.secrets).token(id, { type: "user", id: b.user.id }, Math.floor(Date.now() / 1000))}`,
      );
    return id;
  });
  const query = op.queryParams
    .filter((p) => p.required)
    .map((p) => {
      const value = p.name === "address" ? b.wallet.address : sampleFromSchema(p.schema, doc);
      return `${p.name}=${encodeURIComponent(String(value))}`;
    })
    .concat(secrets)
    .join("&");
  const body = invalidBody
    ? INVALID_BODY
    : key in BODY_OVERRIDES
      ? BODY_OVERRIDES[key]
      : sampleFromSchema(op.requestSchema, doc);
  const abort = new AbortController();
  const res = await app.request(`${path}${query ? `?${query}` : ""}`, {
    method: op.method,
    signal: abort.signal,
    headers: { ...headers, ...(op.requestSchema ? { "content-type": "application/json" } : {}) },
    ...(op.requestSchema ? { body: JSON.stringify(body) } : {}),
  });
  if ((res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    abort.abort();
    await res.body?.cancel().catch(() => {});
    return { status: res.status, code: undefined as string | undefined, text: "" };
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    code = JSON.parse(text)?.error?.code;
  } catch {
    // not JSON: judged by status alone
  }
  return { status: res.status, code, text };
}

function judge(op: OpenApiOperation, rule: Expectation, res: { status: number; code: string | undefined }) {
  if (res.status >= 500) return false;
  if (res.status >= 400 && !res.code) return false;
  if (rule.kind === "allowed") {
    if (res.code && ACCESS_CODES.has(res.code)) return false;
    return op.method !== "GET" || (res.status >= 200 && res.status < 300);
  }
  if (res.status !== rule.status) return false;
  return !rule.codes || rule.codes.includes(res.code ?? "");
}

describe("authorization matrix (every route × every kind of wrong or limited credential)", () => {
  it("answers each cell with the status the rule above gives", async () => {
    const operations = listOperations(doc);
    expect(operations.length).toBeGreaterThanOrEqual(70);
    const failures: string[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (key in SKIPPED) continue;
      for (const column of COLUMNS) {
        const rule = expected(op, column);
        const res = await call(op, credentials[column]);
        if (!judge(op, rule, res)) {
          const want = rule.kind === "allowed" ? "allowed" : `${rule.status} ${rule.codes?.join("|") ?? ""}`;
          failures.push(`${key} [${column}] expected ${want.trim()}, got ${res.status} ${res.code ?? ""}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a session-only operation refuses B's own secret key too (keys cannot manage accounts)", async () => {
    for (const op of listOperations(doc)) {
      const key = `${op.method} ${op.path}`;
      if (!SESSION_ONLY.some((r) => r.test(key)) || key in SKIPPED) continue;
      const res = await call(op, { authorization: `Bearer ${b.sk}` });
      expect({ key, status: res.status, code: res.code }).toEqual({
        key,
        status: 401,
        code: "session_required",
      });
    }
  });

  it("left B's objects in place", async () => {
    const ws = await api.request("GET", `/v1/workspaces/${b.workspaceId}`, { token: b.token });
    expect(ws.body.name).toBe("Main Store");
    const product = await api.request("GET", `/v1/products/${objects.product}`, { token: b.sk });
    expect(product.body.name).toBe("B's thing");
    const intent = await api.request("GET", `/v1/payment_intents/${objects.intent}`, { token: b.sk });
    expect(intent.body.status).toBe("requires_payment_method");
    const endpoint = await api.request("GET", `/v1/webhook_endpoints/${objects.endpoint}`, { token: b.sk });
    expect(endpoint.body.status).toBe("enabled");
    const keys = await api.request("GET", `/v1/workspaces/${b.workspaceId}/api-keys`, { token: b.token });
    expect(keys.body.data.find((k: { id: string }) => k.id === objects.key)?.state).toBe("enabled");
    const refund = await api.request("GET", `/v1/refunds/${objects.refund}`, { token: b.sk });
    expect(refund.body.status).toBe("pending");
  });
});

/** The object kind an operation's `{id}` names, or undefined for an operation without one. */
function objectKindOf(op: OpenApiOperation): string | undefined {
  const segment = idSegmentOf(op.path);
  if (!segment) return undefined;
  return OWN_OBJECT[`${op.method} ${op.path}`] ?? OBJECT_FOR_SEGMENT[segment];
}

describe("authorization matrix, environment dimension (test and live are walls)", () => {
  it("every id-taking operation on another environment's object answers 404, like another tenant's", async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const op of listOperations(doc)) {
      const key = `${op.method} ${op.path}`;
      const kind = objectKindOf(op);
      if (!op.secured || key in SKIPPED || !kind || !ENVIRONMENT_OBJECTS.has(kind)) continue;
      if (SESSION_ONLY.some((r) => r.test(key))) continue;
      for (const column of ENV_COLUMNS) {
        const crossing = column.endsWith("_test") ? liveObjects : objects;
        const refused =
          column.startsWith("pk_") && !PK_ALLOWED.has(key)
            ? { status: 403, codes: ["secret_key_required"] }
            : { status: 404 };
        const res = await call(op, envCredentials[column], crossing);
        cells++;
        const ok =
          res.status === refused.status && (!refused.codes || refused.codes.includes(res.code ?? ""));
        if (!ok)
          failures.push(`${key} [${column}] expected ${refused.status}, got ${res.status} ${res.code ?? ""}`);
      }
    }
    expect(cells).toBeGreaterThanOrEqual(100);
    expect(failures).toEqual([]);
  });

  it("no list shows a single id of the other environment's objects", async () => {
    const failures: string[] = [];
    const kinds = [
      "product",
      "link",
      "intent",
      "endpoint",
      "event",
      "transfer",
      "refund",
      "customer",
      "mail",
      "export",
    ];
    for (const op of listOperations(doc)) {
      const key = `${op.method} ${op.path}`;
      if (op.method !== "GET" || op.path.includes("{") || !op.secured || key in SKIPPED) continue;
      if (key in WORKSPACE_RECORDS) continue;
      for (const column of ENV_COLUMNS) {
        const foreign = column.endsWith("_test") ? liveObjects : objects;
        const res = await call(op, envCredentials[column]);
        if (res.status >= 500) failures.push(`${key} [${column}] ${res.status}`);
        for (const kind of kinds) {
          const id = foreign[kind] as string;
          if (res.text.includes(id))
            failures.push(`${key} [${column}] shows the other environment's ${kind}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("left B's live objects in place", async () => {
    const sk = envCredentials.sk_live.authorization?.slice("Bearer ".length) as string;
    const product = await api.request("GET", `/v1/products/${liveObjects.product}`, { token: sk });
    expect(product.body.name).toBe("B's live thing");
    const intent = await api.request("GET", `/v1/payment_intents/${liveObjects.intent}`, { token: sk });
    expect(intent.body.status).toBe("requires_payment_method");
    const endpoint = await api.request("GET", `/v1/webhook_endpoints/${liveObjects.endpoint}`, { token: sk });
    expect(endpoint.body).toMatchObject({ status: "enabled", previous_secret_expires_at: null });
    const envs = await api.request("GET", "/api/environments", { token: sk });
    expect(envs.body.data.map((e: { id: string }) => e.id)).toContain(liveObjects.env);
  });
});

/**
 * What each signed-in operation needs, stated here apart from the routes (first match wins), and
 * judged against the protocol package's roles table: a role holding the right is allowed, any other
 * gets 403 `role_forbidden`. Null: the caller's own account, open to every member.
 */
const NEEDS: [RegExp, Permission | null][] = [
  [/^\w+ \/v1\/auth\//, null],
  [/^(GET|POST) \/v1\/organizations$/, null],
  [/^POST \/v1\/invitations\/accept$/, null],
  [/^\w+ \/(v1|api)\/merchants\//, null],
  [/^GET \/v1\/organizations\/\{id\}(\/workspaces)?$/, "workspace.read"],
  [/^(PATCH \/v1\/organizations\/\{id\}|POST \/v1\/organizations\/\{id\}\/workspaces)$/, "settings.write"],
  [/^DELETE \/v1\/(organizations|workspaces)\/\{id\}$/, "organization.delete"],
  [/^GET \/v1\/organizations\/\{id\}\/(members|invitations)$/, "members.read"],
  [/^POST \/v1\/organizations\/\{id\}\/transfer_ownership$/, "ownership.write"],
  [/^\w+ \/v1\/organizations\/\{id\}\/(members|invitations)/, "members.write"],
  [/^GET \/v1\/workspaces\/\{id\}$/, "workspace.read"],
  [/^PATCH \/v1\/workspaces\/\{id\}(\/business-profile)?$/, "settings.write"],
  [/^GET \/v1\/workspaces\/\{id\}\/api-keys$/, "developers.read"],
  [/^\w+ \/v1\/(workspaces\/\{id\}\/api-keys|api-keys\/)/, "api_keys.write"],
  [/^GET \/v1\/audit_log$/, "audit_log.read"],
  [/^GET \/(api\/environments|onboarding\/status)$/, "workspace.read"],
  [/^\w+ \/api\/environments/, "settings.write"],
  [/^GET \/onboarding\/api-keys$/, "developers.read"],
  [/^POST \/onboarding\/wallet\/verify$/, "payout_wallet.write"],
  [/^POST \/onboarding\/webhook$/, "webhooks.write"],
  [/^GET \/v1\/(events|webhook_endpoints)/, "developers.read"],
  [/^GET \/v1\/payment_intents\/\{id\}\/webhook_deliveries$/, "developers.read"],
  [/^\w+ \/v1\/(events\/\{id\}\/redeliver|webhook\/sandbox|webhook_endpoints)/, "webhooks.write"],
  [/^POST \/v1\/refunds/, "refunds.write"],
  [/^POST \/v1\/unmatched_transfers\//, "transfers.assign"],
  [/^POST \/v1\/x402\//, "x402.write"],
  [/^(POST|PUT|DELETE) \/(v1|api)\/(products|payment-links)/, "catalogue.write"],
  [/^POST \/v1\/(payment_intents|mail\/)/, "payments.write"],
  [/^\w+ \/v1\/exports/, "exports.create"],
  [/^GET /, "payments.read"],
];

/**
 * Allowed cells that change or end something and take no body to spoil, with the reason they are
 * not called here (a spoiled body proves an allowed cell with one: the validator was reached).
 * Their refused cells are all called.
 */
const ROLE_ALLOWED_UNCALLED: Record<string, string> = {
  "POST /v1/auth/logout": "would end the column's own session",
  "DELETE /v1/organizations/{id}": "would delete B; src/routes/organizations.test.ts deletes its own",
  "DELETE /v1/workspaces/{id}": "would delete B's workspace",
  "DELETE /v1/organizations/{id}/members/{user_id}": "removes the bystander; src/routes/members.test.ts",
  "DELETE /v1/organizations/{id}/invitations/{invitation_id}": "revokes B's invitation; members.test.ts",
  "DELETE /v1/api-keys/{id}": "revokes B's key; src/routes/api-keys.test.ts",
  "POST /v1/api-keys/{id}/roll": "replaces B's key",
  "DELETE /api/environments/{id}": "deletes B's environment",
  "DELETE /v1/webhook_endpoints/{id}": "deletes B's endpoint",
  "POST /v1/webhook_endpoints/{id}/rotate_secret": "replaces the endpoint's secret",
  "DELETE /v1/products/{id}": "deletes B's product",
  "DELETE /v1/products/{id}/image": "B's product has no image: 404 either way",
  "POST /v1/payment_intents/{id}/cancel": "cancels B's intent",
  "POST /v1/refunds/{id}/cancel": "cancels B's refund",
  "POST /v1/events/{id}/redeliver": "queues a delivery",
  "POST /v1/mail/{id}/retry": "B's mail was kept, not failed: 409 either way",
  "DELETE /api/merchants/delete": "would delete the column's own account",
  "POST /v1/organizations": "makes an organization for the column's own account",
  "POST /api/merchants/create-for-user": "makes a merchant for the column's own account",
  "DELETE /v1/auth/two-factor/totp": "removes the column's own second factor (none here: 409 either way)",
  "POST /v1/products/{id}/image": "an image upload, not JSON: src/routes/product-images.test.ts",
  "DELETE /v1/auth/sessions/{id}": "would sign B's owner out; src/routes/sessions.test.ts",
  "POST /v1/auth/sessions/revoke_others": "would sign the other columns out; src/routes/sessions.test.ts",
  "DELETE /v1/auth/passkeys/{id}": "removes the column's own passkey (none here: 404 either way)",
};

/** Objects that belong to one user, not the organization: B's owner's answers 404 to other members. */
const PER_USER = new Set(["GET /v1/merchants/{id}"]);

function neededBy(key: string): Permission | null {
  const found = NEEDS.find(([pattern]) => pattern.test(key));
  if (!found) throw new Error(`${key}: state what it needs in NEEDS`);
  return found[1];
}

describe("authorization matrix, role dimension (every route × every role of B's organization)", () => {
  it("allows what the role's rights include and refuses the rest with 403 — before reading the body", async () => {
    const failures: string[] = [];
    let refusedCells = 0;
    for (const op of listOperations(doc)) {
      const key = `${op.method} ${op.path}`;
      if (!op.secured || key in SKIPPED) continue;
      const needs = neededBy(key);
      for (const role of ROLES) {
        const allowed = needs === null || roleCan(role, needs);
        if (PER_USER.has(key) && role !== "owner") {
          const res = await call(op, roleSessions[role]);
          if (res.status !== 404) failures.push(`${key} [${role}] expected 404, got ${res.status}`);
          continue;
        }
        if (allowed) {
          if (op.method === "GET") {
            const res = await call(op, roleSessions[role]);
            if (res.status >= 300)
              failures.push(`${key} [${role}] expected 2xx, got ${res.status} ${res.code ?? ""}`);
          } else if (op.requestSchema) {
            const res = await call(op, roleSessions[role], objects, true);
            if (res.status !== 400)
              failures.push(
                `${key} [${role}] expected the validator's 400, got ${res.status} ${res.code ?? ""}`,
              );
          } else if (!(key in ROLE_ALLOWED_UNCALLED)) {
            failures.push(
              `${key} [${role}] allowed, with no body: call it or say why in ROLE_ALLOWED_UNCALLED`,
            );
          }
          continue;
        }
        for (const invalidBody of op.requestSchema ? [false, true] : [false]) {
          const res = await call(op, roleSessions[role], objects, invalidBody);
          refusedCells++;
          if (res.status !== 403 || res.code !== "role_forbidden")
            failures.push(
              `${key} [${role}${invalidBody ? ", invalid body" : ""}] expected 403 role_forbidden, got ${res.status} ${res.code ?? ""}`,
            );
        }
      }
    }
    expect(refusedCells).toBeGreaterThanOrEqual(80);
    expect(failures).toEqual([]);
  });

  it("another tenant learns 404 or 401 from an invalid body exactly as from a valid one, never a 400", async () => {
    const failures: string[] = [];
    for (const op of listOperations(doc)) {
      const key = `${op.method} ${op.path}`;
      if (!op.secured || !op.requestSchema || key in SKIPPED) continue;
      const account = neededBy(key) === null;
      // A's key on an operation naming no object acts on A's own workspace: its 400 is A's own.
      const columns: [string, Record<string, string>][] = op.path.includes("{")
        ? [["other_sk", credentials.other_sk]]
        : [];
      // A's own account routes act on A: only what names B is a wall for A's session.
      if (!account) columns.push(["outsider", outsider]);
      for (const [column, headers] of columns) {
        const valid = await call(op, headers, objects);
        const invalid = await call(op, headers, objects, true);
        if (valid.status >= 400 && invalid.status !== valid.status)
          failures.push(
            `${key} [${column}] valid body: ${valid.status} ${valid.code ?? ""}, invalid: ${invalid.status} ${invalid.code ?? ""}`,
          );
        if (column === "outsider" && valid.status !== 404)
          failures.push(`${key} [outsider] expected 404, got ${valid.status} ${valid.code ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
