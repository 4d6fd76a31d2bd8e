import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, setupMerchant, signUp, startTestApi, type TestApi } from "../../test/harness.ts";
import { nowSeconds } from "../domain/ids.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("GET /v1/merchants/{id}", () => {
  it("returns the signed-in user's own merchant record", async () => {
    const { token, user } = await signUp(api);
    const res = await api.request("GET", `/v1/merchants/${user.merchant_id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "merchant",
      id: user.merchant_id,
      merchant_id: user.merchant_id,
      user_id: user.id,
      name: "My Business",
      wallet_address: null,
      website_url: null,
      business_description: null,
    });
  });

  it("another user's merchant is 404, as is an unknown id", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const res = await api.request("GET", `/v1/merchants/${owner.user.merchant_id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
    expect((await api.request("GET", "/v1/merchants/mch_unknown", { token: owner.token })).status).toBe(404);
  });

  it("needs a session", async () => {
    const merchant = await setupMerchant(api);
    const res = await api.request("GET", `/v1/merchants/${merchant.user.merchant_id}`, {
      token: merchant.sk,
    });
    expect(res.body.error.code).toBe("session_required");
  });
});

describe("POST /api/merchants/create-for-user", () => {
  it("is idempotent: it returns the user's existing merchant instead of creating another", async () => {
    const { token, user, email } = await signUp(api);
    const first = await api.request("POST", "/api/merchants/create-for-user", {
      token,
      body: { user_id: user.id, email, name: "Shop" },
    });
    expect(first.status).toBe(200);
    expect(first.body.merchant_id).toBe(user.merchant_id);
    expect(first.body.merchant.id).toBe(user.merchant_id);
    const second = await api.request("POST", "/api/merchants/create-for-user", {
      token,
      body: { user_id: user.id },
    });
    expect(second.body.merchant_id).toBe(user.merchant_id);
    const rows = await api.deps.db
      .selectFrom("merchants")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("creates the record when missing, falling back to the name 'My Business'", async () => {
    const { token, user } = await signUp(api);
    await api.deps.db.deleteFrom("merchants").where("user_id", "=", user.id).execute();
    const res = await api.request("POST", "/api/merchants/create-for-user", {
      token,
      body: { user_id: user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.merchant_id).toMatch(/^mch_/);
    expect(res.body.merchant_id).not.toBe(user.merchant_id);
    expect(res.body.merchant).toMatchObject({ user_id: user.id, name: "My Business" });
    const named = await signUp(api);
    await api.deps.db.deleteFrom("merchants").where("user_id", "=", named.user.id).execute();
    const withName = await api.request("POST", "/api/merchants/create-for-user", {
      token: named.token,
      body: { user_id: named.user.id, name: "  Corner Shop " },
    });
    expect(withName.body.merchant.name).toBe("Corner Shop");
  });

  it("another user's user_id is 404 and creates nothing", async () => {
    const caller = await signUp(api);
    const victim = await signUp(api);
    const res = await api.request("POST", "/api/merchants/create-for-user", {
      token: caller.token,
      body: { user_id: victim.user.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.param).toBe("user_id");
  });
});

describe("DELETE /api/merchants/delete", () => {
  it("with neither email nor id it is a 400 'No user or merchant information found'", async () => {
    const { token } = await signUp(api);
    const res = await api.request("DELETE", "/api/merchants/delete", { token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("No user or merchant information found");
    expect((await api.request("GET", "/v1/auth/session", { token })).status).toBe(200);
  });

  it("with another account's email (or id) it is a 404 and deletes nothing", async () => {
    const caller = await signUp(api);
    const other = await signUp(api);
    const byEmail = await api.request("DELETE", "/api/merchants/delete", {
      token: caller.token,
      body: { email: other.email },
    });
    expect(byEmail.status).toBe(404);
    const byId = await api.request("DELETE", "/api/merchants/delete", {
      token: caller.token,
      body: { id: other.user.merchant_id },
    });
    expect(byId.status).toBe(404);
    expect((await api.request("GET", "/v1/auth/session", { token: caller.token })).status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token: other.token })).status).toBe(200);
  });

  it("with the right email deletes the user, sessions, solely owned organizations, workspaces, keys, products and intents", async () => {
    const m = await setupMerchant(api);
    const second = await createWorkspace(api, m.token, "Second");
    const product = await api.request("POST", "/v1/products", {
      token: m.sk,
      body: { name: "Gone", price_minor: 100, stock: 1 },
    });
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: m.sk,
      body: { amount_minor: 100 },
    });
    expect(intent.status).toBe(201);
    // An organization shared with another user survives; only the membership goes.
    const partner = await signUp(api);
    const shared = await api.request("POST", "/v1/organizations", {
      token: partner.token,
      body: { name: "Shared", slug: `shared-${Date.now()}` },
    });
    await api.deps.db
      .insertInto("organization_members")
      .values({
        organization_id: shared.body.id,
        user_id: m.user.id,
        role: "developer",
        created_at: nowSeconds(),
      })
      .execute();

    const res = await api.request("DELETE", "/api/merchants/delete", {
      token: m.token,
      body: { email: m.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);

    const session = await api.request("GET", "/v1/auth/session", { token: m.token });
    expect(session.status).toBe(401);
    const key = await api.request("GET", "/v1/products", { token: m.sk });
    expect(key.status).toBe(401);
    expect(key.body.error.code).toBe("invalid_api_key");
    const db = api.deps.db;
    expect(await db.selectFrom("users").select("id").where("id", "=", m.user.id).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", m.user.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom("merchants").select("id").where("user_id", "=", m.user.id).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom("organizations")
        .select("id")
        .where("id", "in", [m.organizationId, second.organizationId])
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("workspaces")
        .select("id")
        .where("id", "in", [m.workspaceId, second.workspaceId])
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("api_keys").select("id").where("workspace_id", "=", m.workspaceId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom("products").select("id").where("id", "=", product.body.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom("payment_intents").select("id").where("id", "=", intent.body.id).execute(),
    ).toEqual([]);
    const survivor = await api.request("GET", `/v1/organizations/${shared.body.id}`, {
      token: partner.token,
    });
    expect(survivor.status).toBe(200);
    expect(survivor.body.user_count).toBe(1);
  });

  it("the merchant id works as well as the email", async () => {
    const { token, user } = await signUp(api);
    const res = await api.request("DELETE", "/api/merchants/delete", {
      token,
      body: { id: user.merchant_id },
    });
    expect(res.status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token })).status).toBe(401);
  });

  it("needs a session: an API key cannot delete the account", async () => {
    const m = await setupMerchant(api);
    const res = await api.request("DELETE", "/api/merchants/delete", {
      token: m.sk,
      body: { email: m.email },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("session_required");
    expect((await api.request("GET", "/v1/auth/session", { token: m.token })).status).toBe(200);
  });
});
