import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkspace,
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";

let api: TestApi;
let owner: Merchant;
let stranger: { token: string };
beforeAll(async () => {
  api = await startTestApi();
  owner = await setupMerchant(api);
  stranger = await signUp(api);
});
afterAll(() => api.close());

const uniqueSlug = (prefix = "org") => `${prefix}-${randomBytes(4).toString("hex")}`;

async function newOrganization(token: string, slug = uniqueSlug()) {
  const res = await api.request("POST", "/v1/organizations", { token, body: { name: "Org", slug } });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string };
}

describe("organizations: create, list, get, patch, delete", () => {
  it("create returns the organization with an org_ id; the creator is its one member", async () => {
    const slug = uniqueSlug();
    const res = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { name: "  Widgets Inc  ", slug, description: "We sell widgets" },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^org_/);
    expect(res.body).toMatchObject({
      object: "organization",
      name: "Widgets Inc",
      slug,
      description: "We sell widgets",
      user_count: 1,
      workspace_count: 0,
    });
    expect(typeof res.body.created_at).toBe("number");
  });

  it("the list holds the caller's organizations with user_count and workspace_count", async () => {
    const { token } = await signUp(api);
    const org = await newOrganization(token);
    for (const name of ["One", "Two"]) {
      const ws = await api.request("POST", `/v1/organizations/${org.id}/workspaces`, {
        token,
        body: { name },
      });
      expect(ws.status).toBe(201);
    }
    const list = await api.request("GET", "/v1/organizations", { token });
    expect(list.status).toBe(200);
    expect(list.body.object).toBe("list");
    expect(list.body.data).toHaveLength(1);
    expect(list.body.organizations).toEqual(list.body.data);
    expect(list.body.data[0]).toMatchObject({ id: org.id, user_count: 1, workspace_count: 2 });
  });

  it("another user's organizations are not in the list", async () => {
    const list = await api.request("GET", "/v1/organizations", { token: stranger.token });
    expect(list.body.data.map((o: { id: string }) => o.id)).not.toContain(owner.organizationId);
  });

  it("get returns a member's organization", async () => {
    const res = await api.request("GET", `/v1/organizations/${owner.organizationId}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: owner.organizationId, name: "Acme", workspace_count: 1 });
  });

  it("patch changes name, slug and description; an empty patch changes nothing", async () => {
    const org = await newOrganization(owner.token);
    const slug = uniqueSlug("renamed");
    const res = await api.request("PATCH", `/v1/organizations/${org.id}`, {
      token: owner.token,
      body: { name: "Renamed", slug, description: "Now described" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", slug, description: "Now described" });
    const cleared = await api.request("PATCH", `/v1/organizations/${org.id}`, {
      token: owner.token,
      body: { description: null },
    });
    expect(cleared.body).toMatchObject({ name: "Renamed", slug, description: null });
    const noop = await api.request("PATCH", `/v1/organizations/${org.id}`, { token: owner.token, body: {} });
    expect(noop.status).toBe(200);
    expect(noop.body).toMatchObject({ name: "Renamed", slug });
  });

  it("delete removes the organization with its workspaces and their payment intents and events, and their keys stop working", async () => {
    const merchant = await setupMerchant(api);
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 100 },
    });
    expect(intent.status).toBe(201);
    const res = await api.request("DELETE", `/v1/organizations/${merchant.organizationId}`, {
      token: merchant.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: merchant.organizationId, object: "organization", deleted: true });
    const after = await api.request("GET", `/v1/organizations/${merchant.organizationId}`, {
      token: merchant.token,
    });
    expect(after.status).toBe(404);
    const ws = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}`, { token: merchant.token });
    expect(ws.status).toBe(404);
    const key = await api.request("GET", "/v1/products", { token: merchant.sk });
    expect(key.status).toBe(401);
    expect(key.body.error.code).toBe("invalid_api_key");
    // The workspaces went by cascade, their intents, status events and outbox events with them
    // (rows that hold no foreign key to what owns them).
    const db = api.deps.db;
    const left = (table: "payment_intents" | "events") =>
      db.selectFrom(table).select("id").where("workspace_id", "=", merchant.workspaceId).execute();
    expect(await left("payment_intents")).toEqual([]);
    expect(await left("events")).toEqual([]);
    const history = db
      .selectFrom("payment_events")
      .select("id")
      .where("payment_intent_id", "=", intent.body.id);
    expect(await history.execute()).toEqual([]);
  });
});

describe("organization validation and slug rules", () => {
  it("name and slug are required", async () => {
    const noName = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { slug: uniqueSlug() },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toMatchObject({ code: "parameter_missing", param: "name" });
    const noSlug = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { name: "X" },
    });
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.error).toMatchObject({ code: "parameter_missing", param: "slug" });
    const blankName = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { name: "   ", slug: uniqueSlug() },
    });
    expect(blankName.status).toBe(400);
    expect(blankName.body.error.param).toBe("name");
  });

  it.each([
    ["uppercase", "Acme-Org"],
    ["a space", "acme org"],
    ["a leading hyphen", "-acme"],
    ["a double hyphen", "acme--org"],
    ["one character", "a"],
    ["49 characters", "a".repeat(49)],
    ["an underscore", "acme_org"],
  ])("a slug with %s is a 400 on slug", async (_what, slug) => {
    const res = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { name: "X", slug },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "slug" });
  });

  it("a taken slug is 409 slug_taken with SPEC.md §8's organization text (create and patch)", async () => {
    const taken = await newOrganization(owner.token);
    const text = "Organization slug is already taken. Please choose a different one.";
    // Slugs are global: another user cannot take it either.
    const res = await api.request("POST", "/v1/organizations", {
      token: stranger.token,
      body: { name: "Copy", slug: taken.slug },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "slug_taken", message: text, param: "slug" });
    const other = await newOrganization(owner.token);
    const patch = await api.request("PATCH", `/v1/organizations/${other.id}`, {
      token: owner.token,
      body: { slug: taken.slug },
    });
    expect(patch.status).toBe(409);
    expect(patch.body.error).toMatchObject({ code: "slug_taken", message: text });
  });

  it("an unknown field is parameter_unknown", async () => {
    const res = await api.request("POST", "/v1/organizations", {
      token: owner.token,
      body: { name: "X", slug: uniqueSlug(), owner: "me" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_unknown", param: "owner" });
  });
});

describe("organization access", () => {
  it("a non-member gets 404 on get, patch, delete and its workspaces", async () => {
    const id = owner.organizationId;
    const calls = [
      api.request("GET", `/v1/organizations/${id}`, { token: stranger.token }),
      api.request("PATCH", `/v1/organizations/${id}`, { token: stranger.token, body: { name: "Mine" } }),
      api.request("DELETE", `/v1/organizations/${id}`, { token: stranger.token }),
      api.request("GET", `/v1/organizations/${id}/workspaces`, { token: stranger.token }),
      api.request("POST", `/v1/organizations/${id}/workspaces`, {
        token: stranger.token,
        body: { name: "X" },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("resource_missing");
    }
    const still = await api.request("GET", `/v1/organizations/${id}`, { token: owner.token });
    expect(still.body.name).toBe("Acme");
  });

  it("organizations need a signed-in session: no credential is 401, an API key is session_required", async () => {
    const none = await api.request("GET", "/v1/organizations");
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("authentication_required");
    const key = await api.request("GET", "/v1/organizations", { token: owner.sk });
    expect(key.status).toBe(401);
    expect(key.body.error.code).toBe("session_required");
  });
});

describe("workspaces: create, list, get, patch, delete", () => {
  it("create derives the slug from the name (SPEC.md §2) and starts with a sandbox environment", async () => {
    const org = await newOrganization(owner.token);
    const res = await api.request("POST", `/v1/organizations/${org.id}/workspaces`, {
      token: owner.token,
      body: { name: "My Shop & Café!" },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^ws_/);
    expect(res.body).toMatchObject({
      object: "workspace",
      organization_id: org.id,
      org_id: org.id,
      organization_name: "Org",
      name: "My Shop & Café!",
      slug: "my-shop-caf",
      user_count: 1,
      stacks_address: null,
      business_profile: { display_name: null, website: null, description: null },
    });
    const envs = await api.request("GET", "/api/environments", {
      token: owner.token,
      headers: { "x-workspace-id": res.body.id },
    });
    expect(envs.body.data.map((e: { name: string; type: string }) => [e.name, e.type])).toEqual([
      ["sandbox", "sandbox"],
    ]);
  });

  it("a taken derived slug gets the next free numeric suffix", async () => {
    const org = await newOrganization(owner.token);
    const create = (body: object) =>
      api.request("POST", `/v1/organizations/${org.id}/workspaces`, { token: owner.token, body });
    expect((await create({ name: "Main Store" })).body.slug).toBe("main-store");
    expect((await create({ name: "main-store-2", slug: "main-store-2" })).body.slug).toBe("main-store-2");
    const third = await create({ name: "Main Store" });
    expect(third.status).toBe(201);
    expect(third.body.slug).toBe("main-store-3");
  });

  it("an explicit taken slug is slug_taken with the workspace text; other organizations may reuse it", async () => {
    const org = await newOrganization(owner.token);
    const path = `/v1/organizations/${org.id}/workspaces`;
    await api.request("POST", path, { token: owner.token, body: { name: "A", slug: "shop" } });
    const res = await api.request("POST", path, { token: owner.token, body: { name: "B", slug: "shop" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "slug_taken",
      param: "slug",
      message: "Workspace slug is already taken within this organization. Please choose a different one.",
    });
    const elsewhere = await newOrganization(owner.token);
    const ok = await api.request("POST", `/v1/organizations/${elsewhere.id}/workspaces`, {
      token: owner.token,
      body: { name: "B", slug: "shop" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.slug).toBe("shop");
  });

  it("an explicit slug follows the slug rules; the name is required", async () => {
    const path = `/v1/organizations/${owner.organizationId}/workspaces`;
    const bad = await api.request("POST", path, {
      token: owner.token,
      body: { name: "X", slug: "Bad Slug" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("slug");
    const noName = await api.request("POST", path, { token: owner.token, body: {} });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toMatchObject({ code: "parameter_missing", param: "name" });
  });

  it("the list holds the organization's workspaces in creation order", async () => {
    const org = await newOrganization(owner.token);
    const path = `/v1/organizations/${org.id}/workspaces`;
    const a = await api.request("POST", path, { token: owner.token, body: { name: "First" } });
    const b = await api.request("POST", path, { token: owner.token, body: { name: "Second" } });
    const list = await api.request("GET", path, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([a.body.id, b.body.id]);
    expect(list.body.workspaces).toEqual(list.body.data);
  });

  it("get returns the workspace to a member and to its own API key; others get 404", async () => {
    const bySession = await api.request("GET", `/v1/workspaces/${owner.workspaceId}`, { token: owner.token });
    expect(bySession.status).toBe(200);
    expect(bySession.body).toMatchObject({ id: owner.workspaceId, stacks_address: owner.wallet.address });
    const byKey = await api.request("GET", `/v1/workspaces/${owner.workspaceId}`, { token: owner.pk });
    expect(byKey.status).toBe(200);
    const byStranger = await api.request("GET", `/v1/workspaces/${owner.workspaceId}`, {
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);
    const other = await setupMerchant(api);
    const byOtherKey = await api.request("GET", `/v1/workspaces/${owner.workspaceId}`, { token: other.sk });
    expect(byOtherKey.status).toBe(404);
  });

  it("patch renames and re-slugs; a slug taken in the organization is slug_taken; null clears it", async () => {
    const { organizationId, workspaceId } = await createWorkspace(api, owner.token, "Patch Me");
    await api.request("POST", `/v1/organizations/${organizationId}/workspaces`, {
      token: owner.token,
      body: { name: "Taken", slug: "taken" },
    });
    const res = await api.request("PATCH", `/v1/workspaces/${workspaceId}`, {
      token: owner.token,
      body: { name: "Patched", slug: "patched" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Patched", slug: "patched" });
    const clash = await api.request("PATCH", `/v1/workspaces/${workspaceId}`, {
      token: owner.token,
      body: { slug: "taken" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("slug_taken");
    const cleared = await api.request("PATCH", `/v1/workspaces/${workspaceId}`, {
      token: owner.token,
      body: { slug: null },
    });
    expect(cleared.body).toMatchObject({ name: "Patched", slug: null });
  });

  it("patch and delete need a session: the workspace's own secret key is session_required", async () => {
    const patch = await api.request("PATCH", `/v1/workspaces/${owner.workspaceId}`, {
      token: owner.sk,
      body: { name: "Key rename" },
    });
    expect(patch.status).toBe(401);
    expect(patch.body.error.code).toBe("session_required");
    const del = await api.request("DELETE", `/v1/workspaces/${owner.workspaceId}`, { token: owner.sk });
    expect(del.body.error.code).toBe("session_required");
    const stillThere = await api.request("GET", `/v1/workspaces/${owner.workspaceId}`, {
      token: owner.token,
    });
    expect(stillThere.body.name).toBe("Main Store");
  });

  it("a non-member cannot patch or delete a workspace (404)", async () => {
    const patch = await api.request("PATCH", `/v1/workspaces/${owner.workspaceId}`, {
      token: stranger.token,
      body: { name: "Hijacked" },
    });
    expect(patch.status).toBe(404);
    const del = await api.request("DELETE", `/v1/workspaces/${owner.workspaceId}`, { token: stranger.token });
    expect(del.status).toBe(404);
  });

  it("delete removes the workspace, its keys, its payment intents and its events; the organization's workspace_count drops", async () => {
    const merchant = await setupMerchant(api);
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 100 },
    });
    expect(intent.status).toBe(201);
    const res = await api.request("DELETE", `/v1/workspaces/${merchant.workspaceId}`, {
      token: merchant.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: merchant.workspaceId, object: "workspace", deleted: true });
    expect(
      (await api.request("GET", `/v1/workspaces/${merchant.workspaceId}`, { token: merchant.token })).status,
    ).toBe(404);
    const org = await api.request("GET", `/v1/organizations/${merchant.organizationId}`, {
      token: merchant.token,
    });
    expect(org.body.workspace_count).toBe(0);
    expect((await api.request("GET", "/v1/products", { token: merchant.sk })).body.error.code).toBe(
      "invalid_api_key",
    );
    const db = api.deps.db;
    const left = (table: "payment_intents" | "events") =>
      db.selectFrom(table).select("id").where("workspace_id", "=", merchant.workspaceId).execute();
    expect(await left("payment_intents")).toEqual([]);
    expect(await left("events")).toEqual([]);
  });
});

describe("business profile (PATCH /v1/workspaces/{id}/business-profile)", () => {
  it("a signed-in member sets it; it shows on the workspace and on the owner's merchant record", async () => {
    const merchant = await setupMerchant(api);
    const res = await api.request("PATCH", `/v1/workspaces/${merchant.workspaceId}/business-profile`, {
      token: merchant.token,
      body: { display_name: "  Acme Goods ", website: "https://acme.example", description: "Fine goods" },
    });
    expect(res.status).toBe(200);
    const profile = {
      display_name: "Acme Goods",
      website: "https://acme.example",
      description: "Fine goods",
    };
    expect(res.body.business_profile).toEqual(profile);
    const ws = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}`, { token: merchant.token });
    expect(ws.body.business_profile).toEqual(profile);
    const record = await api.request("GET", `/v1/merchants/${merchant.user.merchant_id}`, {
      token: merchant.token,
    });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      name: "Acme Goods",
      website_url: "https://acme.example",
      business_description: "Fine goods",
    });
  });

  it("the workspace's secret key may set it, and a partial patch keeps the other fields", async () => {
    const merchant = await setupMerchant(api);
    const path = `/v1/workspaces/${merchant.workspaceId}/business-profile`;
    await api.request("PATCH", path, {
      token: merchant.token,
      body: { display_name: "Before", description: "Kept" },
    });
    const res = await api.request("PATCH", path, { token: merchant.sk, body: { display_name: "By Key" } });
    expect(res.status).toBe(200);
    expect(res.body.business_profile).toEqual({ display_name: "By Key", website: null, description: "Kept" });
  });

  it("a publishable key is 403 secret_key_required and changes nothing", async () => {
    const merchant = await setupMerchant(api);
    const path = `/v1/workspaces/${merchant.workspaceId}/business-profile`;
    const res = await api.request("PATCH", path, { token: merchant.pk, body: { display_name: "By PK" } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("secret_key_required");
    const ws = await api.request("GET", `/v1/workspaces/${merchant.workspaceId}`, { token: merchant.token });
    expect(ws.body.business_profile.display_name).toBeNull();
  });

  it("another workspace's secret key or a non-member session gets 404", async () => {
    const path = `/v1/workspaces/${owner.workspaceId}/business-profile`;
    const other = await setupMerchant(api);
    expect((await api.request("PATCH", path, { token: other.sk, body: { display_name: "X" } })).status).toBe(
      404,
    );
    expect(
      (await api.request("PATCH", path, { token: stranger.token, body: { display_name: "X" } })).status,
    ).toBe(404);
  });

  it.each([
    ["not a URL", "acme dot com"],
    ["a non-http scheme", "ftp://acme.example"],
    ["a javascript: URL", "javascript:alert(1)"],
  ])("a website that is %s is a 400 on website", async (_what, website) => {
    const res = await api.request("PATCH", `/v1/workspaces/${owner.workspaceId}/business-profile`, {
      token: owner.token,
      body: { website },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "website" });
  });
});
