import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertCustomer,
  type Merchant,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { hashToken } from "../domain/secrets.ts";
import { recordEvent } from "../services/events.ts";
import { transaction } from "../services/write-transaction.ts";

/**
 * Every route that addresses an object by id, called with workspace A's credentials on workspace
 * B's objects, answers 404 (or a 4xx that reveals nothing) and leaves B's data unchanged.
 */
let api: TestApi;
let a: Merchant;
let b: Merchant;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi();
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
  const keys = await api.request("GET", `/v1/workspaces/${b.workspaceId}/api-keys`, { token: b.token });
  const envs = await api.request("GET", "/api/environments", { token: b.sk });
  const merchant = await api.request("GET", "/v1/auth/session", { token: b.token });
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: b.sk,
    body: { url: "http://localhost:3000/hooks" },
  });
  const event = await api.request("GET", "/v1/events?limit=1", { token: b.sk });
  // A transfer into B's payout address that named no intent, as the watcher records it.
  const transfer = `0x${"e".repeat(64)}`;
  await api.deps.db
    .insertInto("unmatched_transfers")
    .values({
      txid: transfer,
      workspace_id: b.workspaceId,
      environment_id: product.body.environment_id,
      env: "test",
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
  // A customer of B and a pending refund of B's intent, as settlement and a refund
  // request leave them: chain history, written directly (src/routes/refunds.test.ts makes real ones).
  const now = Math.floor(Date.now() / 1000);
  const customer = "cus_isolationB";
  await insertCustomer(api, {
    id: customer,
    workspaceId: b.workspaceId,
    environmentId: product.body.environment_id,
    env: "test",
    email: "payer@example.com",
    paidMinor: 500,
    now,
  });
  const refund = "re_isolationB";
  await api.deps.db
    .insertInto("refunds")
    .values({
      id: refund,
      workspace_id: b.workspaceId,
      environment_id: product.body.environment_id,
      env: "test",
      payment_intent_id: intent.body.id,
      customer_id: customer,
      asset: "sbtc",
      token_contract: intent.body.token_contract,
      amount: "1000",
      amount_micros: 1_000_000,
      source: intent.body.recipient,
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
  // A receipt for B's payer: queued by the outbox's trigger with a settlement event.
  const paid = await api.request("POST", "/v1/payment_intents", {
    token: b.sk,
    body: { amount_minor: 700, customer_email: "payer-b@example.com" },
  });
  const settledEvent = await transaction(api.deps, (trx) =>
    recordEvent(trx, {
      workspaceId: b.workspaceId,
      env: "test",
      type: "payment_intent.succeeded",
      object: paid.body,
      fannedOut: true,
    }),
  );
  const mail = await api.deps.db
    .selectFrom("mail_outbox")
    .select("id")
    .where("event_id", "=", settledEvent)
    .executeTakeFirstOrThrow();
  // Failed, as the worker leaves it after an SMTP 5xx: the one status a retry accepts.
  await api.deps.db
    .updateTable("mail_outbox")
    .set({ status: "failed", attempt_count: 1, last_error: "550 no such user" })
    .where("id", "=", mail.id)
    .execute();
  const invitation = await api.request("POST", `/v1/organizations/${b.organizationId}/invitations`, {
    token: b.token,
    body: { email: "invitee-b@example.com", role: "support" },
  });
  const session = await api.deps.db
    .selectFrom("sessions")
    .select("id")
    .where("token_hash", "=", hashToken(b.token))
    .executeTakeFirstOrThrow();
  // A passkey of B's owner, written directly: making one takes an authenticator
  // (src/routes/passkeys.browser.test.ts makes real ones in Chromium).
  const passkey = "passkey_isolationB";
  await api.deps.db
    .insertInto("passkeys")
    .values({
      id: passkey,
      user_id: b.user.id,
      credential_id: "isolationB",
      public_key: "AA",
      transports: "[]",
      name: "B's key",
      created_at: now,
      last_used_at: null,
    })
    .execute();
  const exported = await api.request("POST", "/v1/exports", {
    token: b.sk,
    body: { from: now - 60, to: now },
  });
  expect(exported.status).toBe(202);
  Object.assign(ids, {
    export: exported.body.id,
    passkey,
    member: b.user.id,
    invitation: invitation.body.id,
    session: session.id,
    mail: mail.id,
    refund,
    customer,
    transfer,
    org: b.organizationId,
    ws: b.workspaceId,
    product: product.body.id,
    link: product.body.payment_link.id,
    intent: intent.body.id,
    key: keys.body.data[0].id,
    env: envs.body.data[0].id,
    merchant: merchant.body.user.merchant_id,
    endpoint: endpoint.body.id,
    event: event.body.data[0].id,
  });
});
afterAll(() => api.close());

type Credential = "session" | "sk" | "pk";
interface Case {
  method: string;
  path: string;
  body?: unknown;
  as: Credential[];
  /** Status expected instead of 404 where the route's contract says so. */
  status?: number;
}

const CASES: Case[] = [
  { method: "GET", path: "/v1/organizations/{org}", as: ["session"] },
  { method: "PATCH", path: "/v1/organizations/{org}", body: { name: "pwned" }, as: ["session"] },
  { method: "DELETE", path: "/v1/organizations/{org}", as: ["session"] },
  { method: "GET", path: "/v1/organizations/{org}/workspaces", as: ["session"] },
  { method: "POST", path: "/v1/organizations/{org}/workspaces", body: { name: "intruder" }, as: ["session"] },
  { method: "GET", path: "/v1/workspaces/{ws}", as: ["session", "sk", "pk"] },
  { method: "PATCH", path: "/v1/workspaces/{ws}", body: { name: "pwned" }, as: ["session"] },
  { method: "DELETE", path: "/v1/workspaces/{ws}", as: ["session"] },
  {
    method: "PATCH",
    path: "/v1/workspaces/{ws}/business-profile",
    body: { display_name: "pwned" },
    as: ["session", "sk"],
  },
  { method: "GET", path: "/v1/workspaces/{ws}/api-keys", as: ["session"] },
  { method: "POST", path: "/v1/workspaces/{ws}/api-keys", body: { type: "sk" }, as: ["session"] },
  { method: "PATCH", path: "/v1/api-keys/{key}", body: { state: "disabled" }, as: ["session"] },
  {
    method: "POST",
    path: "/v1/api-keys/{key}/roll",
    body: { expires_in_seconds: 3600 },
    as: ["session"],
  },
  { method: "DELETE", path: "/v1/api-keys/{key}", as: ["session"] },
  { method: "PATCH", path: "/api/environments/{env}", body: { name: "pwned" }, as: ["session", "sk"] },
  { method: "DELETE", path: "/api/environments/{env}", as: ["session", "sk"] },
  { method: "GET", path: "/v1/merchants/{merchant}", as: ["session"] },
  { method: "GET", path: "/v1/products/{product}", as: ["session", "sk", "pk"] },
  {
    method: "PUT",
    path: "/v1/products/{product}",
    body: { name: "pwned", price_minor: 1, stock: 1 },
    as: ["session", "sk"],
  },
  { method: "DELETE", path: "/v1/products/{product}", as: ["session", "sk"] },
  // An image upload names the product first: another tenant's is unknown before any byte is read.
  { method: "POST", path: "/v1/products/{product}/image", body: "GIF89a", as: ["session", "sk"] },
  { method: "DELETE", path: "/v1/products/{product}/image", as: ["session", "sk"] },
  { method: "GET", path: "/v1/payment_intents/{intent}", as: ["session", "sk", "pk"] },
  { method: "POST", path: "/v1/payment_intents/{intent}/cancel", as: ["session", "sk"] },
  { method: "GET", path: "/v1/payment_intents/{intent}/events", as: ["session", "sk", "pk"] },
  { method: "GET", path: "/v1/payment_intents/{intent}/stream", as: ["session", "sk", "pk"] },
  { method: "GET", path: "/v1/webhook_endpoints/{endpoint}", as: ["session", "sk"] },
  {
    method: "PATCH",
    path: "/v1/webhook_endpoints/{endpoint}",
    body: { status: "disabled" },
    as: ["session", "sk"],
  },
  { method: "DELETE", path: "/v1/webhook_endpoints/{endpoint}", as: ["session", "sk"] },
  { method: "POST", path: "/v1/webhook_endpoints/{endpoint}/rotate_secret", as: ["session", "sk"] },
  { method: "GET", path: "/v1/events/{event}", as: ["session", "sk"] },
  { method: "POST", path: "/v1/events/{event}/redeliver", as: ["session", "sk"] },
  {
    method: "POST",
    path: "/v1/payment_intents/{intent}/fulfillment",
    body: { fulfillment_status: "shipped" },
    as: ["session", "sk"],
  },
  { method: "GET", path: "/v1/payment_intents/{intent}/webhook_deliveries", as: ["session", "sk"] },
  { method: "GET", path: "/v1/webhook_endpoints/{endpoint}/attempts", as: ["session", "sk"] },
  {
    method: "POST",
    path: "/v1/payment_intents/{intent}/submit",
    body: { txid: "ab".repeat(32) },
    as: ["session", "sk", "pk"],
    status: 404,
  },
  {
    method: "POST",
    path: "/v1/unmatched_transfers/{transfer}/assign",
    body: { payment_intent: "pi_unknown" },
    as: ["session", "sk", "pk"],
  },
  { method: "GET", path: "/v1/refunds/{refund}", as: ["session", "sk"] },
  { method: "POST", path: "/v1/refunds/{refund}/cancel", as: ["session", "sk"] },
  { method: "GET", path: "/v1/customers/{customer}", as: ["session", "sk"] },
  { method: "POST", path: "/v1/mail/{mail}/retry", as: ["session", "sk"] },
  { method: "GET", path: "/v1/organizations/{org}/members", as: ["session"] },
  {
    method: "PATCH",
    path: "/v1/organizations/{org}/members/{member}",
    body: { role: "support" },
    as: ["session"],
  },
  { method: "DELETE", path: "/v1/organizations/{org}/members/{member}", as: ["session"] },
  {
    method: "POST",
    path: "/v1/organizations/{org}/transfer_ownership",
    body: { user_id: "user_x" },
    as: ["session"],
  },
  { method: "GET", path: "/v1/organizations/{org}/invitations", as: ["session"] },
  {
    method: "POST",
    path: "/v1/organizations/{org}/invitations",
    body: { email: "intruder@example.com", role: "owner" },
    as: ["session"],
  },
  { method: "DELETE", path: "/v1/organizations/{org}/invitations/{invitation}", as: ["session"] },
  // A session is its user's own: another account's session id is unknown to A.
  { method: "DELETE", path: "/v1/auth/sessions/{session}", as: ["session"] },
  { method: "GET", path: "/v1/exports/{export}", as: ["session", "sk"] },
  // A download needs the export's signed link, not a credential: without one, A's answer is the
  // same 403 for any id, B's or unknown.
  { method: "GET", path: "/v1/exports/{export}/download", as: ["session", "sk", "pk"], status: 403 },
  // So is a passkey: another account's is unknown to A, to rename as to remove.
  { method: "PATCH", path: "/v1/auth/passkeys/{passkey}", body: { name: "pwned" }, as: ["session"] },
  { method: "DELETE", path: "/v1/auth/passkeys/{passkey}", as: ["session"] },
];

function credentials(who: Credential): { token: string; headers: Record<string, string> } {
  if (who === "session") return { token: a.token, headers: { "x-workspace-id": a.workspaceId } };
  return { token: who === "sk" ? a.sk : a.pk, headers: {} };
}

describe("tenant isolation", () => {
  it("covers every route of the OpenAPI document that takes an id", async () => {
    const doc = await api.request("GET", "/v1/openapi.json");
    const templated = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) =>
        Object.keys(ops)
          .filter(() => path.includes("{"))
          .map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, "{id}")}`),
    );
    const covered = new Set(CASES.map((c) => `${c.method} ${c.path.replace(/\{\w+\}/g, "{id}")}`));
    // Public by design: a payment link page is readable by anyone.
    const publicRoutes = new Set([
      "GET /api/payment-links/{id}",
      // Hosted checkout pages: the link or intent id is what the customer was given.
      "GET /api/checkout/payment-links/{id}",
      "GET /api/checkout/payment-intents/{id}",
      // The public facilitator: the path carries a publishable key, which names the tenant itself
      // (no object id to cross; interop/ and the x402 tests cover it).
      ...["", "/confirmed"].flatMap((mode) =>
        ["GET /supported", "POST /verify", "POST /settle"].map((op) => {
          const [method, path] = op.split(" ");
          return `${method} /x402/{id}${mode}${path}`;
        }),
      ),
    ]);
    const missing = templated.filter((r) => !covered.has(r) && !publicRoutes.has(r));
    expect(missing).toEqual([]);
  });

  for (const c of CASES) {
    for (const who of c.as) {
      it(`${c.method} ${c.path} with workspace A's ${who} on B's object → 404`, async () => {
        const path = c.path.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? k);
        const { token, headers } = credentials(who);
        const res = await api.request(c.method, path, {
          token,
          headers,
          ...(c.body ? { body: c.body } : {}),
        });
        expect(res.status).toBe(c.status ?? (who === "pk" && c.method !== "GET" ? 403 : 404));
      });
    }
  }

  it("A's session naming B's workspace in X-Workspace-Id is refused everywhere", async () => {
    const headers = { "x-workspace-id": b.workspaceId };
    for (const path of [
      "/v1/products",
      "/v1/payment_intents",
      "/onboarding/status",
      "/onboarding/api-keys",
      "/api/environments",
    ]) {
      const res = await api.request("GET", path, { token: a.token, headers });
      expect(res.status, path).toBe(404);
    }
    const create = await api.request("POST", "/v1/payment_intents", {
      token: a.token,
      headers,
      body: { amount_minor: 100 },
    });
    expect(create.status).toBe(404);
  });

  it("A cannot reference B's objects inside its own requests", async () => {
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: a.sk,
      body: { amount_minor: 100, product_id: ids.product },
    });
    expect(intent.body.error).toMatchObject({ code: "resource_missing", param: "product_id" });
    const cursor = await api.request("GET", `/v1/payment_intents?starting_after=${ids.intent}`, {
      token: a.sk,
    });
    expect(cursor.body.error.param).toBe("starting_after");
    const link = await api.request("POST", "/api/payment-links", {
      token: a.sk,
      body: { id: ids.link, product_data: { name: "x" } },
    });
    expect(link.status).toBe(409);
    // Product ids are per environment: A syncing B's product id gets a product of its own, which
    // A then deletes — B's (checked below) is neither changed nor deleted by either.
    const product = await api.request("POST", "/api/products", {
      token: a.sk,
      body: { id: ids.product, name: "x", price_usd: 1, stock: 1 },
    });
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ id: ids.product, name: "x", price_minor: 100 });
    expect((await api.request("DELETE", `/v1/products/${ids.product}`, { token: a.sk })).status).toBe(200);
    for (const who of ["sk", "session"] as const) {
      const { token, headers } = credentials(who);
      const refund = await api.request("POST", "/v1/refunds", {
        token,
        headers,
        body: { payment_intent: ids.intent, reason: "requested_by_customer" },
      });
      expect(refund.status, who).toBe(404);
      expect(refund.body.error).toMatchObject({ code: "resource_missing", param: "payment_intent" });
      const listed = await api.request("GET", `/v1/refunds?payment_intent=${ids.intent}`, { token, headers });
      expect(listed.body.data, who).toEqual([]);
      const cursor = await api.request("GET", `/v1/customers?starting_after=${ids.customer}`, {
        token,
        headers,
      });
      expect(cursor.body.error.param, who).toBe("starting_after");
      const mailCursor = await api.request("GET", `/v1/mail?starting_after=${ids.mail}`, { token, headers });
      expect(mailCursor.body.error.param, who).toBe("starting_after");
    }
  });

  it("lists only ever show the caller's own objects", async () => {
    const products = await api.request("GET", "/v1/products?limit=100", { token: a.sk });
    expect(products.body.data.map((p: { id: string }) => p.id)).not.toContain(ids.product);
    const intents = await api.request("GET", "/v1/payment_intents?limit=100", { token: a.sk });
    expect(intents.body.data.map((p: { id: string }) => p.id)).not.toContain(ids.intent);
    const refunds = await api.request("GET", "/v1/refunds?limit=100", { token: a.sk });
    expect(refunds.body.data).toEqual([]);
    const customers = await api.request("GET", "/v1/customers?limit=100", { token: a.sk });
    expect(customers.body.data).toEqual([]);
    const mail = await api.request("GET", "/v1/mail?limit=100", { token: a.sk });
    expect(mail.status).toBe(200);
    expect(mail.body.data).toEqual([]);
    const orgs = await api.request("GET", "/v1/organizations", { token: a.token });
    expect(orgs.body.data.map((o: { id: string }) => o.id)).toEqual([a.organizationId]);
  });

  it("B's data is untouched after all of the above", async () => {
    const product = await api.request("GET", `/v1/products/${ids.product}`, { token: b.sk });
    expect(product.body.name).toBe("B's thing");
    const intent = await api.request("GET", `/v1/payment_intents/${ids.intent}`, { token: b.sk });
    expect(intent.body.status).toBe("requires_payment_method");
    const ws = await api.request("GET", `/v1/workspaces/${ids.ws}`, { token: b.token });
    expect(ws.body.name).toBe("Main Store");
    expect(ws.body.business_profile.display_name).toBeNull();
    const keys = await api.request("GET", `/v1/workspaces/${ids.ws}/api-keys`, { token: b.token });
    expect(keys.body.data.every((k: { state: string }) => k.state === "enabled")).toBe(true);
    const envs = await api.request("GET", "/api/environments", { token: b.sk });
    expect(envs.body.data.map((e: { id: string }) => e.id)).toContain(ids.env);
    const endpoint = await api.request("GET", `/v1/webhook_endpoints/${ids.endpoint}`, { token: b.sk });
    expect(endpoint.body).toMatchObject({ status: "enabled", previous_secret_expires_at: null });
    const refund = await api.request("GET", `/v1/refunds/${ids.refund}`, { token: b.sk });
    expect(refund.body).toMatchObject({ status: "pending", payment_intent: ids.intent });
    const customers = await api.request("GET", "/v1/customers", { token: b.sk });
    expect(customers.body.data.map((c: { id: string }) => c.id)).toEqual([ids.customer]);
    const mail = await api.request("GET", "/v1/mail", { token: b.sk });
    expect(mail.body.data.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([
      [ids.mail, "failed"],
    ]);
    const passkeys = await api.request("GET", "/v1/auth/passkeys", { token: b.token });
    expect(passkeys.body.data.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
      [ids.passkey, "B's key"],
    ]);
  });
});
