import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { hashToken } from "../domain/secrets.ts";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../test/harness.ts";
import {
  fillPath,
  listOperations,
  type OpenApiDocument,
  type OpenApiOperation,
  sampleFromSchema,
} from "../test/openapi-walk.ts";

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
 */

/** Operations only a signed-in user may call; any API key gets 401 session_required. */
const SESSION_ONLY: RegExp[] = [
  /^(GET|PATCH) \/v1\/auth\/session$/,
  /^POST \/v1\/auth\/(password|logout)$/,
  /^\w+ \/v1\/organizations(\/|$)/,
  /^(PATCH|DELETE) \/v1\/workspaces\/\{id\}$/,
  /^\w+ \/v1\/workspaces\/\{id\}\/api-keys$/,
  /^\w+ \/v1\/api-keys\/\{id\}$/,
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
};

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
  });
  for (const [name, id] of Object.entries(objects)) expect(id, name).toMatch(/^[a-z]+_/);
  credentials.none = {};
  credentials.revoked = { authorization: `Bearer ${revoked.body.key}` };
  credentials.expired = {
    authorization: `Bearer ${login.body.session_id}`,
    "x-workspace-id": b.workspaceId,
  };
  credentials.pk = { authorization: `Bearer ${b.pk}` };
  credentials.other_sk = { authorization: `Bearer ${a.sk}` };
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 400)); // let aborted event streams finish their last poll
  await api?.close();
});

async function call(op: OpenApiOperation, headers: Record<string, string>) {
  const key = `${op.method} ${op.path}`;
  const path = fillPath(op.path, (segment) => {
    const kind = OWN_OBJECT[key] ?? OBJECT_FOR_SEGMENT[segment];
    if (!kind) throw new Error(`${key}: name the object kind of '/${segment}/{id}' in OBJECT_FOR_SEGMENT`);
    return objects[kind] as string;
  });
  const query = op.queryParams
    .filter((p) => p.required)
    .map((p) => {
      const value = p.name === "address" ? b.wallet.address : sampleFromSchema(p.schema, doc);
      return `${p.name}=${encodeURIComponent(String(value))}`;
    })
    .join("&");
  const body = key in BODY_OVERRIDES ? BODY_OVERRIDES[key] : sampleFromSchema(op.requestSchema, doc);
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
    return { status: res.status, code: undefined as string | undefined };
  }
  const text = await res.text();
  let code: string | undefined;
  try {
    code = JSON.parse(text)?.error?.code;
  } catch {
    // not JSON: judged by status alone
  }
  return { status: res.status, code };
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
  });
});
