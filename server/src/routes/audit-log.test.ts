import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkspace,
  type Merchant,
  newTestWallet,
  setupMerchant,
  signMessage,
  signUp,
  startTestApi,
  TEST_PASSWORD,
  type TestApi,
} from "../../test/harness.ts";

/**
 * Security-relevant actions are written in the same transaction as the action, with actor, time,
 * IP and object, and listed at GET /v1/audit_log to the workspace they belong to.
 */
let api: TestApi;
let a: Merchant;
let b: Merchant;
const IP = { "x-forwarded-for": "203.0.113.9" };

interface Entry {
  id: string;
  action: string;
  actor: { type: string; id: string | null };
  workspace_id: string | null;
  object_type: string | null;
  object_id: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: number;
}

async function listAll(token: string, workspaceId?: string, query = ""): Promise<Entry[]> {
  const headers: Record<string, string> = workspaceId ? { "x-workspace-id": workspaceId } : {};
  const res = await api.request("GET", `/v1/audit_log?limit=100${query}`, { token, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.object).toBe("list");
  return res.body.data;
}

beforeAll(async () => {
  api = await startTestApi({ trustProxy: true });
  a = await setupMerchant(api);
  b = await setupMerchant(api);
});
afterAll(() => api.close());

describe("what is recorded", () => {
  it("registration, a password sign-in and a failed one, by account, with the caller's IP", async () => {
    const login = await api.request("POST", "/v1/auth/login", {
      body: { email: a.email, password: TEST_PASSWORD },
      headers: IP,
    });
    expect(login.status).toBe(200);
    const failed = await api.request("POST", "/v1/auth/login", {
      body: { email: a.email, password: "not-the-password" },
      headers: IP,
    });
    expect(failed.status).toBe(401);
    const entries = await listAll(a.token, a.workspaceId);
    const mine = (action: string) => entries.filter((e) => e.action === action);
    expect(mine("user.registered")).toHaveLength(1);
    expect(mine("user.registered")[0]).toMatchObject({
      actor: { type: "user", id: a.user.id },
      object_type: "user",
      object_id: a.user.id,
      workspace_id: null,
    });
    expect(mine("user.signed_in")[0]).toMatchObject({
      actor: { type: "user", id: a.user.id },
      ip: "203.0.113.9",
      details: { method: "password" },
    });
    expect(mine("user.sign_in_failed")[0]).toMatchObject({ object_id: a.user.id, ip: "203.0.113.9" });
  });

  it("a sign-in attempt for an unknown email records nothing (there is no account to tell)", async () => {
    const before = await api.deps.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    await api.request("POST", "/v1/auth/login", { body: { email: "nobody@example.com", password: "x" } });
    const after = await api.deps.db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("wallet sign-in records user.registered on first use and user.signed_in each time", async () => {
    const wallet = newTestWallet();
    const signIn = async () => {
      const challenge = await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`);
      const res = await api.request("POST", "/v1/auth/wallet/verify", {
        headers: IP,
        body: {
          address: wallet.address,
          public_key: wallet.publicKey,
          signature: signMessage(wallet, challenge.body.message),
          nonce: challenge.body.nonce,
        },
      });
      expect(res.status).toBe(200);
      return res.body as { session_id: string; user: { id: string } };
    };
    await signIn();
    const grant = await signIn();
    const { workspaceId } = await createWorkspace(api, grant.session_id);
    const entries = await listAll(grant.session_id, workspaceId);
    expect(entries.filter((e) => e.action === "user.registered")).toHaveLength(1);
    const signIns = entries.filter((e) => e.action === "user.signed_in");
    expect(signIns).toHaveLength(2);
    expect(signIns[0]).toMatchObject({
      details: { method: "wallet", address: wallet.address },
      ip: "203.0.113.9",
    });
  });

  it("a password change", async () => {
    const user = await signUp(api);
    const res = await api.request("POST", "/v1/auth/password", {
      token: user.token,
      headers: IP,
      body: { current_password: TEST_PASSWORD, new_password: "another-long-passphrase" },
    });
    expect(res.status).toBe(200);
    const { workspaceId } = await createWorkspace(api, user.token);
    const [entry] = await listAll(user.token, workspaceId, "&action=user.password_changed");
    expect(entry).toMatchObject({ actor: { type: "user", id: user.user.id }, ip: "203.0.113.9" });
  });

  it("a key created and revoked, in the workspace, naming the key but never its secret", async () => {
    const created = await api.request("POST", `/v1/workspaces/${a.workspaceId}/api-keys`, {
      token: a.token,
      headers: IP,
      body: { type: "sk", name: "Payroll" },
    });
    expect(created.status).toBe(201);
    await api.request("DELETE", `/v1/api-keys/${created.body.id}`, { token: a.token, headers: IP });
    const entries = await listAll(a.token, a.workspaceId);
    const about = entries.filter((e) => e.object_id === created.body.id);
    expect(about.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.created"]);
    for (const entry of about) {
      expect(entry).toMatchObject({
        workspace_id: a.workspaceId,
        actor: { type: "user", id: a.user.id },
        object_type: "api_key",
        ip: "203.0.113.9",
        details: { type: "sk", env: "test", name: "Payroll" },
      });
      expect(JSON.stringify(entry)).not.toContain(created.body.key);
    }
    // Revoking again changes nothing and records nothing.
    await api.request("DELETE", `/v1/api-keys/${created.body.id}`, { token: a.token });
    const again = await listAll(a.token, a.workspaceId, "&action=api_key.revoked");
    expect(again.filter((e) => e.object_id === created.body.id)).toHaveLength(1);
  });

  it("the payout wallet's verification and the test keys it made, naming the address and never a secret", async () => {
    const entries = await listAll(a.token, a.workspaceId);
    const verified = entries.filter((e) => e.action === "workspace.payout_wallet_verified");
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({
      workspace_id: a.workspaceId,
      actor: { type: "user", id: a.user.id },
      object_type: "workspace",
      object_id: a.workspaceId,
    });
    expect(typeof verified[0]?.details.stacks_address).toBe("string");
    expect(verified[0]?.details).toMatchObject({
      before: { stacks_address: null },
      after: { stacks_address: verified[0]?.details.stacks_address },
    });
    const made = entries.filter(
      (e) => e.action === "api_key.created" && e.details.reason === "payout_wallet_verified",
    );
    expect(made.map((e) => e.details.type).sort()).toEqual(["pk", "sk"]);
    for (const entry of made) expect(JSON.stringify(entry)).not.toMatch(/sk_test_[A-Za-z0-9]{20}/);
  });

  it("a business-profile edit, naming the fields changed with what they were and became", async () => {
    const res = await api.request("PATCH", `/v1/workspaces/${a.workspaceId}/business-profile`, {
      token: a.token,
      headers: IP,
      body: { display_name: "Audited Shop", website: "https://audited.example" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = await listAll(a.token, a.workspaceId, "&action=workspace.business_profile_changed");
    expect(entries[0]).toMatchObject({
      actor: { type: "user", id: a.user.id },
      ip: "203.0.113.9",
      object_id: a.workspaceId,
      details: {
        changed: ["display_name", "website"],
        before: { display_name: null, website: null },
        after: { display_name: "Audited Shop", website: "https://audited.example" },
      },
    });
  });

  it("filters by action, actor and time", async () => {
    const all = await listAll(a.token, a.workspaceId);
    const mine = await listAll(a.token, a.workspaceId, `&actor_id=${a.user.id}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor.id === a.user.id)).toBe(true);
    expect(await listAll(a.token, a.workspaceId, "&actor_id=user_nobody")).toEqual([]);
    const newest = all[0]?.created_at ?? 0;
    expect(await listAll(a.token, a.workspaceId, `&from=${newest + 1}`)).toEqual([]);
    const until = await listAll(a.token, a.workspaceId, `&to=${newest}`);
    expect(until.length).toBe(all.length);
  });

  it("account deletion, an entry that survives the account and its workspaces", async () => {
    const doomed = await setupMerchant(api);
    const res = await api.request("DELETE", "/api/merchants/delete", {
      token: doomed.token,
      headers: IP,
      body: { email: doomed.email },
    });
    expect(res.status).toBe(200);
    const rows = await api.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("user_id", "=", doomed.user.id)
      .where("action", "=", "account.deleted")
      .execute();
    expect(rows).toHaveLength(1);
    const details = JSON.parse(String(rows[0]?.details));
    expect(details.workspace_ids).toEqual([doomed.workspaceId]);
    expect(JSON.stringify(details)).not.toContain(doomed.email);
    expect(rows[0]).toMatchObject({ actor_id: doomed.user.id, ip: "203.0.113.9" });
    const earlier = await api.deps.db
      .selectFrom("audit_log")
      .select("action")
      .where("user_id", "=", doomed.user.id)
      .execute();
    expect(earlier.map((r) => r.action)).toContain("user.registered");
  });
});

describe("who reads it", () => {
  it("pages newest first with cursors and filters by action", async () => {
    for (let i = 0; i < 3; i++)
      await api.request("POST", "/v1/auth/login", { body: { email: a.email, password: TEST_PASSWORD } });
    const all = await listAll(a.token, a.workspaceId);
    const headers = { "x-workspace-id": a.workspaceId };
    const first = await api.request("GET", "/v1/audit_log?limit=2", { token: a.token, headers });
    expect(first.body.data.map((e: Entry) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(first.body.has_more).toBe(true);
    const next = await api.request("GET", `/v1/audit_log?limit=2&starting_after=${first.body.data[1].id}`, {
      token: a.token,
      headers,
    });
    expect(next.body.data.map((e: Entry) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const back = await api.request("GET", `/v1/audit_log?limit=2&ending_before=${next.body.data[0].id}`, {
      token: a.token,
      headers,
    });
    expect(back.body.data.map((e: Entry) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const signIns = await listAll(a.token, a.workspaceId, "&action=user.signed_in");
    expect(signIns.length).toBeGreaterThanOrEqual(3);
    expect(signIns.every((e) => e.action === "user.signed_in")).toBe(true);
    const unknown = await api.request("GET", "/v1/audit_log?action=user.hacked", { token: a.token, headers });
    expect(unknown.status).toBe(400);
  });

  it("another workspace's entries are invisible, to its members' sessions and to its secret key", async () => {
    await api.request("POST", `/v1/workspaces/${b.workspaceId}/api-keys`, {
      token: b.token,
      body: { type: "sk" },
    });
    const bIds = new Set((await listAll(b.token, b.workspaceId)).map((e) => e.id));
    expect(bIds.size).toBeGreaterThan(0);
    const asA = [...(await listAll(a.token, a.workspaceId)), ...(await listAll(a.sk))];
    expect(asA.length).toBeGreaterThan(0);
    for (const entry of asA) {
      expect(bIds.has(entry.id)).toBe(false);
      expect(entry.workspace_id === a.workspaceId || entry.object_id === a.user.id).toBe(true);
    }
    // A's session naming B's workspace is 404, and a cursor from B's log is refused.
    const cross = await listAll(b.token, b.workspaceId);
    const foreign = await api.request("GET", "/v1/audit_log", {
      token: a.token,
      headers: { "x-workspace-id": b.workspaceId },
    });
    expect(foreign.status).toBe(404);
    const cursor = await api.request("GET", `/v1/audit_log?starting_after=${cross[0]?.id}`, { token: a.sk });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.param).toBe("starting_after");
  });

  it("a secret key sees its workspace's entries but not the account's own sign-ins", async () => {
    const entries = await listAll(a.sk);
    expect(entries.some((e) => e.action === "api_key.created")).toBe(true);
    expect(entries.some((e) => e.workspace_id === null)).toBe(false);
  });

  it("a test key does not learn of live keys", async () => {
    const live = await api.request("POST", `/v1/workspaces/${a.workspaceId}/api-keys`, {
      token: a.token,
      body: { type: "sk", env: "live" },
    });
    expect(live.status).toBe(201);
    const asTest = await listAll(a.sk);
    expect(asTest.some((e) => e.object_id === live.body.id)).toBe(false);
    const asLive = await listAll(live.body.key);
    expect(asLive.some((e) => e.object_id === live.body.id)).toBe(true);
    const asSession = await listAll(a.token, a.workspaceId);
    expect(asSession.some((e) => e.object_id === live.body.id)).toBe(true);
  });

  it("a publishable key cannot read it (403), nor can an anonymous caller (401)", async () => {
    const pk = await api.request("GET", "/v1/audit_log", { token: a.pk });
    expect(pk.status).toBe(403);
    expect(pk.body.error.code).toBe("secret_key_required");
    const anonymous = await api.request("GET", "/v1/audit_log");
    expect(anonymous.status).toBe(401);
  });

  it("appears in the OpenAPI document", async () => {
    const doc = await api.request("GET", "/v1/openapi.json");
    expect(doc.body.paths["/v1/audit_log"].get.parameters.map((p: { name: string }) => p.name)).toContain(
      "action",
    );
    expect(doc.body.components.schemas.AuditEntry).toBeDefined();
  });
});
