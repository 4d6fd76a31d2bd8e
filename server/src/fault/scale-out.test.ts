import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertNothingLost,
  type FaultStack,
  onPostgres,
  PG_ONLY,
  sleep,
  startFaultStack,
  startLoad,
  waitUntil,
} from "../../test/fault-kit.ts";
import { type ServerProcess, spawnServer } from "../../test/server-process.ts";

/**
 * Two API processes (SPAY_WATCHER=off) behind a round-robin client and two worker processes
 * (SPAY_WATCHER=on: settlement watcher + webhook deliverer) on one PostgreSQL database, under
 * load. The workers race for the same intents and deliveries: no intent settles twice, no webhook
 * attempt is sent twice (the receiver counts every webhook-id), and the counts reconcile between
 * what clients were told, what the database holds and what the receiver got.
 */
describe.skipIf(!onPostgres)(
  `two API + two worker processes on one database (${onPostgres ? "PostgreSQL" : `skipped: ${PG_ONLY}`})`,
  () => {
    let stack: FaultStack;
    const processes: ServerProcess[] = [];
    beforeAll(async () => {
      stack = await startFaultStack({ receiverDelayMs: 15 });
    }, 60_000);
    afterAll(async () => {
      for (const p of processes) p.crash();
      await stack?.close();
    });

    it("settles each payment once, sends each webhook attempt once, and the counts reconcile", async () => {
      const started = await Promise.all([
        spawnServer(stack.env({ SPAY_WATCHER: "off" })),
        spawnServer(stack.env({ SPAY_WATCHER: "off" })),
        spawnServer(stack.env({ SPAY_WATCHER: "on", SPAY_WEBHOOK_CONCURRENCY: "8" })),
        spawnServer(stack.env({ SPAY_WATCHER: "on", SPAY_WEBHOOK_CONCURRENCY: "8" })),
      ]);
      processes.push(...started);
      const apis = started.slice(0, 2);
      let turn = 0;
      const load = startLoad({
        url: () => (apis[turn++ % apis.length] as ServerProcess).url,
        devnet: stack.devnet,
        merchant: stack.merchant,
        creators: 4,
        payers: 3,
        payEvery: 2,
      });
      await sleep(8_000);
      const stats = await load.stop();
      expect(stats.refusals).toEqual(new Map());
      await assertNothingLost(stack, stats);

      const { db } = stack.api.deps;
      const ws = stack.merchant.workspaceId;
      const intents = await db
        .selectFrom("payment_intents")
        .select("id")
        .where("workspace_id", "=", ws)
        .execute();
      expect(intents.length, "intents in the database = intents acknowledged").toBe(stats.acknowledged.size);
      const settled = await db
        .selectFrom("payment_intents")
        .select("id")
        .where("workspace_id", "=", ws)
        .where("status", "=", "payment_settled")
        .execute();
      expect(settled.length, "settled = paid").toBe(stats.paid.size);

      // Every event of the workspace reaches the receiver exactly once.
      const events = await db.selectFrom("events").select("id").where("workspace_id", "=", ws).execute();
      await waitUntil(
        async () => events.every((e) => stack.hooks.counts().has(e.id)),
        30_000,
        "every event's webhook",
      );
      await sleep(1_000); // a duplicate send would arrive by now
      const counts = stack.hooks.counts();
      const duplicates = [...counts].filter(([, n]) => n > 1);
      expect(duplicates, "webhook-ids received more than once").toEqual([]);
      expect(counts.size, "webhooks received = events").toBe(events.length);
      const byType = await db
        .selectFrom("events")
        .select(["type", (eb) => eb.fn.countAll<number>().as("n")])
        .where("workspace_id", "=", ws)
        .groupBy("type")
        .execute();
      const typeCount = Object.fromEntries(byType.map((r) => [r.type, Number(r.n)]));
      expect(typeCount["payment_intent.created"], "created events = intents").toBe(stats.acknowledged.size);
      expect(typeCount["payment_intent.succeeded"], "succeeded events = paid").toBe(stats.paid.size);

      const attempts = await db
        .selectFrom("webhook_attempts")
        .select(["delivery_id", "attempt"])
        .where(
          "event_id",
          "in",
          events.map((e) => e.id),
        )
        .execute();
      const keys = new Set(attempts.map((a) => `${a.delivery_id}#${a.attempt}`));
      expect(keys.size, "each (delivery, attempt) recorded once").toBe(attempts.length);
      expect(attempts.length, "attempts recorded = webhooks received").toBe(
        stack.hooks.receiver.received.length,
      );
      expect(stack.hooks.badSignatures()).toEqual([]);
      await Promise.all(started.map((p) => p.stop()));
    }, 90_000);
  },
);
