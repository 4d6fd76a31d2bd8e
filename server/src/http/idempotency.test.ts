import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const createWithKey = (key: string, body: unknown, token = merchant.sk) =>
  api.request("POST", "/v1/payment_intents", { token, body, headers: { "idempotency-key": key } });

async function intentCount(): Promise<number> {
  const { count } = await api.deps.db
    .selectFrom("payment_intents")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("workspace_id", "=", merchant.workspaceId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe("Idempotency-Key (Stripe semantics)", () => {
  it("replays the first result for the same key and body, marked Idempotent-Replayed", async () => {
    const before = await intentCount();
    const first = await createWithKey("order-1", { amount_minor: 1000 });
    const second = await createWithKey("order-1", { amount_minor: 1000 });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await intentCount()).toBe(before + 1);
  });

  it("the same key with a different body is 409 idempotency_key_reused", async () => {
    await createWithKey("order-2", { amount_minor: 1000 });
    const res = await createWithKey("order-2", { amount_minor: 2000 });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_reused" });
  });

  it("100 concurrent identical requests create exactly one intent; the others replay it or are told to retry", async () => {
    const before = await intentCount();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => createWithKey("burst-1", { amount_minor: 4200 })),
    );
    const created = responses.filter((r) => r.status === 201);
    const busy = responses.filter((r) => r.status === 409);
    expect(created.length + busy.length).toBe(100);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of busy) expect(r.body.error.code).toBe("idempotency_key_in_use");
    expect(await intentCount()).toBe(before + 1);
    // Once the first finished, a retry replays it.
    const retry = await createWithKey("burst-1", { amount_minor: 4200 });
    expect(retry.body.id).toBe(created[0]?.body.id);
  });

  it("keys are scoped per workspace: another merchant's identical key is independent", async () => {
    const other = await setupMerchant(api);
    const mine = await createWithKey("shared-key", { amount_minor: 100 });
    const theirs = await createWithKey("shared-key", { amount_minor: 100 }, other.sk);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("a failed request releases its key so a corrected retry can run", async () => {
    const bad = await createWithKey("fix-me", { amount_minor: 0 });
    expect(bad.status).toBe(400);
    const good = await createWithKey("fix-me", { amount_minor: 100 });
    expect(good.status).toBe(201);
  });

  it("a key held by a request that died (stale lock) can be taken over; an expired key is reusable", async () => {
    const now = Math.floor(Date.now() / 1000);
    // The secret key's key space: its workspace and environment (see idempotencyCaller).
    const envs = await api.request("GET", "/api/environments", { token: merchant.sk });
    const scope = `ws:${merchant.workspaceId}:env:${envs.body.data[0].id}`;
    await api.deps.db
      .insertInto("idempotency_keys")
      .values({
        scope,
        owner: "secret",
        key: "crashed",
        request_hash: "x",
        state: "executing",
        response_status: null,
        response_body: null,
        created_at: now - 120,
        locked_at: now - 120,
      })
      .execute();
    expect((await createWithKey("crashed", { amount_minor: 100 })).status).toBe(201);
    // Taken over in place (same key space), not answered from a different one.
    const crashed = await api.deps.db
      .selectFrom("idempotency_keys")
      .select(["state", "request_hash"])
      .where("scope", "=", scope)
      .where("key", "=", "crashed")
      .executeTakeFirstOrThrow();
    expect(crashed).toMatchObject({ state: "done" });
    expect(crashed.request_hash).not.toBe("x");
    await api.deps.db
      .insertInto("idempotency_keys")
      .values({
        scope,
        owner: "secret",
        key: "old",
        request_hash: "x",
        state: "done",
        response_status: 201,
        response_body: "{}",
        created_at: now - 90_000,
        locked_at: now - 90_000,
      })
      .execute();
    const reused = await createWithKey("old", { amount_minor: 100 });
    expect(reused.status).toBe(201);
    expect(reused.body.id).toMatch(/^pi_/);
  });

  it("an empty or overlong key is a 400", async () => {
    expect((await createWithKey("", { amount_minor: 100 })).body.error.param).toBe("Idempotency-Key");
    expect((await createWithKey("k".repeat(256), { amount_minor: 100 })).status).toBe(400);
  });
});

describe("a replayed answer never shows a secret that is no longer in force", () => {
  const createKey = (idempotencyKey: string) =>
    api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "test", name: "Replayed" },
      headers: { "idempotency-key": idempotencyKey },
    });

  it("a key creation replays its secret while the key is enabled; once revoked, 409 idempotency_secret_gone", async () => {
    const first = await createKey("new-key-1");
    expect(first.status).toBe(201);
    const replay = await createKey("new-key-1");
    expect(replay.status).toBe(201);
    expect(replay.body.key).toBe(first.body.key);

    const revoked = await api.request("DELETE", `/v1/api-keys/${first.body.id}`, { token: merchant.token });
    expect(revoked.status).toBeLessThan(300);
    const after = await createKey("new-key-1");
    expect(after.status).toBe(409);
    expect(after.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_secret_gone" });
    expect(JSON.stringify(after.body)).not.toContain(first.body.key as string);
  });

  it("a key rolled with no overlap: its creation is no longer replayed, the roll (showing the new key) is", async () => {
    const created = await createKey("new-key-2");
    const roll = (key: string) =>
      api.request("POST", `/v1/api-keys/${created.body.id}/roll`, {
        token: merchant.token,
        body: { expires_in_seconds: 0 },
        headers: { "idempotency-key": key },
      });
    const rolled = await roll("roll-1");
    expect(rolled.status).toBe(201);
    // The original creation's secret was replaced by the roll.
    expect((await createKey("new-key-2")).body.error?.code).toBe("idempotency_secret_gone");
    expect((await roll("roll-1")).body.key).toBe(rolled.body.key);
  });

  it("a webhook endpoint's creation replays its signing secret until the secret is rotated", async () => {
    const create = () =>
      api.request("POST", "/v1/webhook_endpoints", {
        token: merchant.sk,
        body: { url: "https://hooks.example.com/spay", enabled_events: ["*"] },
        headers: { "idempotency-key": "endpoint-1" },
      });
    const first = await create();
    expect(first.status).toBe(201);
    expect((await create()).body.secret).toBe(first.body.secret);
    const rotated = await api.request("POST", `/v1/webhook_endpoints/${first.body.id}/rotate_secret`, {
      token: merchant.sk,
      body: {},
    });
    expect(rotated.status).toBeLessThan(300);
    expect((await create()).body.error?.code).toBe("idempotency_secret_gone");
  });
});
