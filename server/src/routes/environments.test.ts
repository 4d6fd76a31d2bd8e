import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkspace,
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
  verifyPayoutWallet,
} from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const SPEC_BAD_NAME = "Invalid environment name. Use only letters, numbers, hyphens, and underscores.";

/** A fresh workspace of the merchant's user, so environment counts do not leak between tests. */
async function freshWorkspace() {
  const { workspaceId } = await createWorkspace(api, merchant.token);
  const headers = { "x-workspace-id": workspaceId };
  return {
    workspaceId,
    list: () => api.request("GET", "/api/environments", { token: merchant.token, headers }),
    create: (body: object) =>
      api.request("POST", "/api/environments", { token: merchant.token, headers, body }),
    rename: (id: string, name: string) =>
      api.request("PATCH", `/api/environments/${id}`, { token: merchant.token, headers, body: { name } }),
    remove: (id: string) =>
      api.request("DELETE", `/api/environments/${id}`, { token: merchant.token, headers }),
  };
}

describe("credentials", () => {
  it("no credentials is 401 merchant_principal_required with SPEC.md §8's text", async () => {
    for (const [method, path] of [
      ["GET", "/api/environments"],
      ["POST", "/api/environments"],
      ["PATCH", "/api/environments/env_x"],
      ["DELETE", "/api/environments/env_x"],
    ] as const) {
      const res = await api.request(method, path, {
        headers: { "x-merchant-principal": merchant.wallet.address },
        ...(method === "POST" || method === "PATCH" ? { body: { name: "x" } } : {}),
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({
        code: "merchant_principal_required",
        message: "Authentication required",
      });
    }
  });

  it("the workspace's secret key manages its environments; a publishable key may only list", async () => {
    const list = await api.request("GET", "/api/environments", { token: merchant.pk });
    expect(list.status).toBe(200);
    expect(
      list.body.data.every((e: { workspace_id: string }) => e.workspace_id === merchant.workspaceId),
    ).toBe(true);
    const byPk = await api.request("POST", "/api/environments", {
      token: merchant.pk,
      body: { name: "by-pk" },
    });
    expect(byPk.status).toBe(403);
    expect(byPk.body.error.code).toBe("secret_key_required");
    const bySk = await api.request("POST", "/api/environments", {
      token: merchant.sk,
      body: { name: "by-sk" },
    });
    expect(bySk.status).toBe(201);
    expect(bySk.body.workspace_id).toBe(merchant.workspaceId);
  });

  it("X-Workspace-Id of another user's workspace is 404", async () => {
    const stranger = await signUp(api);
    await createWorkspace(api, stranger.token);
    const res = await api.request("GET", "/api/environments", {
      token: stranger.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    expect(res.status).toBe(404);
  });
});

describe("listing and creating", () => {
  it("a new workspace lists its default sandbox environment", async () => {
    const ws = await freshWorkspace();
    const res = await ws.list();
    expect(res.status).toBe(200);
    expect(res.body.environments).toEqual(res.body.data);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      object: "environment",
      workspace_id: ws.workspaceId,
      name: "sandbox",
      type: "sandbox",
      env: "test",
    });
    expect(res.body.data[0].id).toMatch(/^env_/);
    expect(typeof res.body.data[0].created_at).toBe("number");
  });

  it("create trims the name and defaults the type to sandbox; production maps to env live", async () => {
    const ws = await freshWorkspace();
    const staging = await ws.create({ name: "  staging_2-b  " });
    expect(staging.status).toBe(201);
    expect(staging.body).toMatchObject({ name: "staging_2-b", type: "sandbox", env: "test" });
    const prod = await ws.create({ name: "Prod", type: "production" });
    expect(prod.body).toMatchObject({ name: "Prod", type: "production", env: "live" });
    const names = (await ws.list()).body.data.map((e: { name: string }) => e.name);
    expect(names).toEqual(["sandbox", "staging_2-b", "Prod"]);
  });

  it("a 50-character name is accepted; 51 is bad_request", async () => {
    const ws = await freshWorkspace();
    expect((await ws.create({ name: "a".repeat(50) })).status).toBe(201);
    const long = await ws.create({ name: "b".repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "bad_request", message: SPEC_BAD_NAME, param: "name" });
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["a space inside", "my env"],
    ["punctuation", "prod!"],
    ["a dot", "v1.2"],
    ["non-ASCII letters", "prodé"],
  ])("a name that is %s is 400 bad_request with SPEC.md's text", async (_what, name) => {
    const res = await api.request("POST", "/api/environments", {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
      body: { name },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "bad_request", message: SPEC_BAD_NAME });
  });

  it("an unknown type is a 400 on type", async () => {
    const ws = await freshWorkspace();
    const res = await ws.create({ name: "staging", type: "staging" });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe("type");
  });

  it("a duplicate name in the workspace is 409 environment_name_exists; another workspace may use it", async () => {
    const ws = await freshWorkspace();
    const res = await ws.create({ name: "sandbox" });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "environment_name_exists",
      message: "An environment with this name already exists",
    });
    const trimmedDuplicate = await ws.create({ name: " sandbox " });
    expect(trimmedDuplicate.body.error.code).toBe("environment_name_exists");
    const other = await freshWorkspace();
    expect((await other.create({ name: "shared-name" })).status).toBe(201);
    expect((await ws.create({ name: "shared-name" })).status).toBe(201);
  });
});

describe("renaming", () => {
  it("rename changes the name (trimmed)", async () => {
    const ws = await freshWorkspace();
    const env = await ws.create({ name: "old" });
    const res = await ws.rename(env.body.id, "  new-name ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: env.body.id, name: "new-name" });
    expect((await ws.list()).body.data.map((e: { name: string }) => e.name)).toContain("new-name");
  });

  it("renaming to the same name is a no-op", async () => {
    const ws = await freshWorkspace();
    const sandbox = (await ws.list()).body.data[0];
    const res = await ws.rename(sandbox.id, "sandbox");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(sandbox);
  });

  it("renaming to another environment's name is 409; an invalid name is bad_request", async () => {
    const ws = await freshWorkspace();
    const env = await ws.create({ name: "second" });
    const clash = await ws.rename(env.body.id, "sandbox");
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("environment_name_exists");
    const empty = await ws.rename(env.body.id, "  ");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: "bad_request", message: SPEC_BAD_NAME });
    expect((await ws.list()).body.data.map((e: { name: string }) => e.name)).toEqual(["sandbox", "second"]);
  });

  it("renaming an unknown or another workspace's environment is 404 environment_not_found", async () => {
    const ws = await freshWorkspace();
    const other = await freshWorkspace();
    const foreign = (await other.list()).body.data[0];
    const res = await ws.rename(foreign.id, "mine");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "environment_not_found", message: "Environment not found" });
    expect((await ws.rename("env_unknown", "mine")).body.error.code).toBe("environment_not_found");
    expect((await other.list()).body.data[0].name).toBe("sandbox");
  });
});

describe("deleting", () => {
  it("an unknown or another workspace's environment is 404 environment_not_found", async () => {
    const ws = await freshWorkspace();
    await ws.create({ name: "spare" });
    const other = await freshWorkspace();
    await other.create({ name: "spare" });
    const foreign = (await other.list()).body.data[0];
    const res = await ws.remove(foreign.id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("environment_not_found");
    expect((await ws.remove("env_unknown")).status).toBe(404);
    expect((await other.list()).body.data).toHaveLength(2);
  });

  it("the last environment cannot be deleted: 409 cannot_delete_last_environment", async () => {
    const ws = await freshWorkspace();
    const [only] = (await ws.list()).body.data;
    const res = await ws.remove(only.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "cannot_delete_last_environment",
      message: "Cannot delete the last environment",
    });
    expect((await ws.list()).body.data).toHaveLength(1);
  });

  it("two environments: one may go, then the other is the last", async () => {
    const ws = await freshWorkspace();
    const extra = await ws.create({ name: "extra" });
    const res = await ws.remove(extra.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: extra.body.id, object: "environment", deleted: true });
    const [left] = (await ws.list()).body.data;
    expect(left.name).toBe("sandbox");
    expect((await ws.remove(left.id)).status).toBe(409);
  });

  it("deleting an environment deletes its keys, products, payment links and payment intents", async () => {
    const m = await setupMerchant(api);
    const headers = { "x-workspace-id": m.workspaceId };
    const product = await api.request("POST", "/v1/products", {
      token: m.sk,
      body: { name: "Doomed", price_minor: 500, stock: 1 },
    });
    expect(product.status).toBe(201);
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: m.sk,
      body: { amount_minor: 100 },
    });
    expect(intent.status).toBe(201);
    const sandbox = (await api.request("GET", "/api/environments", { token: m.token, headers })).body.data[0];
    await api.request("POST", "/api/environments", { token: m.token, headers, body: { name: "keeper" } });

    const res = await api.request("DELETE", `/api/environments/${sandbox.id}`, { token: m.token, headers });
    expect(res.status).toBe(200);

    expect((await api.request("GET", "/v1/products", { token: m.sk })).body.error.code).toBe(
      "invalid_api_key",
    );
    const db = api.deps.db;
    expect(
      await db.selectFrom("api_keys").select("id").where("environment_id", "=", sandbox.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom("products").select("id").where("id", "=", product.body.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom("payment_intents").select("id").where("id", "=", intent.body.id).execute(),
    ).toEqual([]);
    const link = await api.request("GET", `/api/payment-links/${product.body.payment_link.id}`);
    expect(link.status).toBe(404);
    const names = (await api.request("GET", "/api/environments", { token: m.token, headers })).body.data.map(
      (e: { name: string }) => e.name,
    );
    expect(names).toEqual(["keeper"]);
  });
});

describe("choosing the workspace", () => {
  it("X-Merchant-Principal selects the workspace whose payout wallet it is, for a session with several", async () => {
    const { token } = await signUp(api);
    const first = await createWorkspace(api, token, "First");
    const second = await createWorkspace(api, token, "Second");
    const { wallet } = await verifyPayoutWallet(api, token, second.workspaceId);
    await api.request("POST", "/api/environments", {
      token,
      headers: { "x-workspace-id": second.workspaceId },
      body: { name: "only-in-second" },
    });

    const byPrincipal = await api.request("GET", "/api/environments", {
      token,
      headers: { "x-merchant-principal": wallet.address },
    });
    expect(byPrincipal.status).toBe(200);
    expect(byPrincipal.body.data.map((e: { workspace_id: string }) => e.workspace_id)).toEqual([
      second.workspaceId,
      second.workspaceId,
    ]);
    const created = await api.request("POST", "/api/environments", {
      token,
      headers: { "x-merchant-principal": wallet.address },
      body: { name: "via-principal" },
    });
    expect(created.body.workspace_id).toBe(second.workspaceId);

    // Without a header a session falls back to its first workspace.
    const fallback = await api.request("GET", "/api/environments", { token });
    expect(fallback.body.data.map((e: { workspace_id: string }) => e.workspace_id)).toEqual([
      first.workspaceId,
    ]);
  });

  it("another user's payout address in X-Merchant-Principal reaches neither their workspace nor a fallback: 404", async () => {
    const { token } = await signUp(api);
    await createWorkspace(api, token);
    const res = await api.request("GET", "/api/environments", {
      token,
      headers: { "x-merchant-principal": merchant.wallet.address },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.param).toBe("X-Merchant-Principal");
    expect(JSON.stringify(res.body)).not.toContain(merchant.workspaceId);
  });
});
