import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";

/**
 * PostgreSQL takes one lock for the whole cluster at the commit of every transaction that issued a
 * NOTIFY, and holds it through the commit's WAL flush. A NOTIFY inside each business write — a
 * trigger on `payment_intents` or `events`, a `pg_notify` in a service's transaction — makes every
 * write on the cluster commit one at a time, whatever the number of processes. Writes announce
 * after commit instead (announcements.ts); this file catches the lock coming back.
 */

const onPostgres = process.env.SPAY_TEST_DB === "postgres";

/** Backends waiting on the notify lock: an `object` lock on `pg_database`, object 0, not granted. */
const WAITING = `
  select count(*)::int as waiting from pg_locks
  where locktype = 'object' and classid = 'pg_database'::regclass and objid = 0 and not granted`;

/** Samples pg_locks from its own connection every 2 ms while `during` runs. */
async function sampleNotifyLock(url: string, during: () => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let running = true;
  const seen = { samples: 0, waits: 0 };
  const sampler = (async () => {
    while (running) {
      const { rows } = await client.query<{ waiting: number }>(WAITING);
      seen.samples++;
      if ((rows[0]?.waiting ?? 0) > 0) seen.waits++;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  try {
    await during();
  } finally {
    running = false;
    await sampler;
    await client.end();
  }
  return seen;
}

describe.skipIf(!onPostgres)("writes never queue on PostgreSQL's cluster-wide notify lock", () => {
  let api: TestApi;
  let merchant: Merchant;

  beforeAll(async () => {
    api = await startTestApi();
    merchant = await setupMerchant(api);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  /** `total` intents created `concurrency` at a time, each then canceled (an update and an event). */
  async function burst(total: number, concurrency: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        const created = await api.request("POST", "/v1/payment_intents", {
          token: merchant.sk,
          body: { amount_minor: 1000 + next },
        });
        expect(created.status).toBe(201);
        const canceled = await api.request("POST", `/v1/payment_intents/${created.body.id}/cancel`, {
          token: merchant.sk,
        });
        expect(canceled.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  it("a burst of concurrent creates and cancels: no sample shows a backend waiting on the lock", async () => {
    const url = api.databaseUrl;
    if (!url) throw new Error("the PostgreSQL project gives each file a database URL");
    const seen = await sampleNotifyLock(url, () => burst(600, 16));
    expect(seen.samples).toBeGreaterThan(50);
    expect(seen.waits).toBe(0);
  }, 120_000);

  it("the sampler sees the lock when writes notify again (a NOTIFY trigger put back on the outbox)", async () => {
    const url = api.databaseUrl;
    if (!url) throw new Error("the PostgreSQL project gives each file a database URL");
    // This file's database is its own: the trigger put back here reaches no other test.
    await sql`
      create function test_notify_event() returns trigger language plpgsql as $$
      begin
        perform pg_notify('spay_changes', json_build_object('kind', 'event', 'workspace_id', new.workspace_id, 'env', new.env)::text);
        return null;
      end
      $$`.execute(api.deps.db);
    await sql`create trigger test_events_notify after insert on events
      for each row execute function test_notify_event()`.execute(api.deps.db);
    try {
      const seen = await sampleNotifyLock(url, () => burst(600, 16));
      expect(seen.waits).toBeGreaterThan(0);
    } finally {
      await sql`drop trigger test_events_notify on events`.execute(api.deps.db);
      await sql`drop function test_notify_event()`.execute(api.deps.db);
    }
  }, 120_000);
});
