import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import { type ServerProcess, spawnServer, waitFor } from "../../../test/server-process.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver.ts";

/**
 * Durability across real processes, on PostgreSQL (PGlite is one process by design): the server is
 * killed with SIGKILL in the middle of a delivery batch, and two servers share one database.
 */
const onPostgres = process.env.SPAY_TEST_DB === "postgres";

describe.runIf(onPostgres)("webhook delivery across server processes (PostgreSQL)", () => {
  let api: TestApi;
  let receiver: WebhookReceiver;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    receiver = await startWebhookReceiver((req) => ({
      status: 200,
      body: "ok",
      delayMs: req.path === "/slow" ? 150 : 0,
    }));
  });
  afterAll(async () => {
    for (const p of processes) p.crash();
    await receiver?.close();
    await api?.close();
  });

  async function merchantWithEvents(path: string, count: number) {
    const m = await setupMerchant(api);
    await api.request("POST", "/v1/webhook_endpoints", {
      token: m.sk,
      body: { url: `${receiver.url}${path}` },
    });
    for (let i = 0; i < count; i++)
      await api.request("POST", "/v1/payment_intents", { token: m.sk, body: { amount_minor: 100 + i } });
    const events = await api.deps.db
      .selectFrom("events")
      .select("id")
      .where("workspace_id", "=", m.workspaceId)
      .execute();
    expect(events).toHaveLength(count);
    return new Set(events.map((e) => e.id));
  }

  const idsAt = (path: string) =>
    receiver.received.filter((r) => r.path === path).map((r) => r.headers["webhook-id"] as string);

  it("kill -9 in the middle of a delivery batch, restart: every event is delivered, none lost", async () => {
    const expected = await merchantWithEvents("/slow", 30);
    const env = {
      DATABASE_URL: api.databaseUrl!,
      SPAY_WEBHOOK_LEASE_SECONDS: "16",
      SPAY_WEBHOOK_CONCURRENCY: "2",
    };
    const first = await spawnServer(env);
    processes.push(first);
    await waitFor(() => idsAt("/slow").length >= 4, 30_000, "the first deliveries");
    first.crash();
    const deliveredBeforeCrash = new Set(idsAt("/slow")).size;
    expect(deliveredBeforeCrash).toBeLessThan(expected.size);
    const second = await spawnServer(env);
    processes.push(second);
    await waitFor(
      () => [...expected].every((id) => idsAt("/slow").includes(id)),
      90_000,
      "every event after the restart",
    );
    await second.stop();
    const states = await api.deps.db
      .selectFrom("webhook_deliveries")
      .innerJoin("events", "events.id", "webhook_deliveries.event_id")
      .select("webhook_deliveries.state")
      .where("events.id", "in", [...expected])
      .execute();
    expect(states.map((s) => s.state).every((s) => s === "succeeded")).toBe(true);
    expect(states).toHaveLength(expected.size);
  }, 180_000);

  it("two server processes on one database never send the same attempt twice", async () => {
    const expected = await merchantWithEvents("/shared", 100);
    const env = {
      DATABASE_URL: api.databaseUrl!,
      SPAY_WEBHOOK_CONCURRENCY: "8",
      SPAY_WEBHOOK_INTERVAL_MS: "20",
    };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    processes.push(a, b);
    await waitFor(() => new Set(idsAt("/shared")).size === expected.size, 60_000, "all 100 events");
    await new Promise((r) => setTimeout(r, 1_000)); // anything sent twice would arrive by now
    const ids = idsAt("/shared");
    expect(ids).toHaveLength(expected.size);
    expect(new Set(ids)).toEqual(expected);
    const attempts = await api.deps.db
      .selectFrom("webhook_attempts")
      .select(["delivery_id", "attempt"])
      .where("event_id", "in", [...expected])
      .execute();
    expect(attempts).toHaveLength(expected.size);
    expect(attempts.every((a) => a.attempt === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);
});
