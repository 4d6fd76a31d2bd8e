import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { IntentChange } from "@spay/protocol";
import type { KyselyPlugin } from "kysely";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { waitFor } from "../../test/server-process.ts";
import { createApp } from "../app.ts";
import { AnnouncingSource } from "../db/announcements.ts";
import { LISTEN_APPLICATION_NAME, pgNotifications } from "../db/notifications.ts";
import { answerClientErrors } from "../http/client-error.ts";
import type { Deps } from "../http/context.ts";
import { ChangeFeed, parseChange } from "./change-feed.ts";
import { changeIntent } from "./settlement/transitions.ts";
import { transaction } from "./write-transaction.ts";

/**
 * The payment-intent and event SSE streams are pushed: each writer announces its committed changes
 * (in process at once, to other processes by a coalesced NOTIFY), and the change feed fans them out:
 * a change reaches an open stream at once, and a stream waiting while nothing changes runs no query.
 */

let api: TestApi;
let merchant: Merchant;

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(async () => {
  await api?.close();
});

/** Counts every query the app runs through `deps.db` (each result that comes back), and by table read. */
function countingDb(deps: Deps) {
  const counter = { queries: 0, byTable: new Map<string, number>() };
  const tables = new Map<unknown, string>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      const node = args.node as { from?: { froms?: { table?: { identifier?: { name?: string } } }[] } };
      tables.set(args.queryId, node.from?.froms?.[0]?.table?.identifier?.name ?? "?");
      return args.node;
    },
    transformResult: async (args) => {
      counter.queries++;
      const table = tables.get(args.queryId) ?? "?";
      tables.delete(args.queryId);
      counter.byTable.set(table, (counter.byTable.get(table) ?? 0) + 1);
      return args.result;
    },
  };
  return { db: deps.db.withPlugin(plugin), counter };
}

/** Serves the app over `deps` on a real socket (SSE needs one). */
async function serveApp(deps: Deps) {
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: "127.0.0.1" });
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections(): void }).closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An open SSE response, read in the background into `text`. */
async function openStream(url: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const stream = { text: "", ended: false, close: () => abort.abort() };
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.text += decoder.decode(value);
      }
    } catch {
      // Aborted by the test.
    }
    stream.ended = true;
  })();
  return stream;
}

async function newIntent(amount = 500) {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: amount },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; client_secret: string };
}

const intentStreamUrl = (base: string, pi: { id: string; client_secret: string }) =>
  `${base}/v1/payment_intents/${pi.id}/stream?client_secret=${pi.client_secret}`;

/** Applies a change with the one writer of intent status, in a transaction that locks the row. */
async function applyChange(deps: Deps, id: string, change: IntentChange) {
  await transaction(deps, async (trx) => {
    const row = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await changeIntent(deps, trx, row, change);
  });
}

/** The way the settlement watcher records a transaction seen in the mempool: a status, no outbox event. */
const markPending = (deps: Deps, id: string) =>
  applyChange(deps, id, {
    status: "transaction_pending",
    reason: "in_mempool",
    txid: `0x${randomBytes(32).toString("hex")}`,
    event: null,
  });

/** …and its first confirmation of two: again a status without an outbox event. */
const markConfirmed = (deps: Deps, id: string) =>
  applyChange(deps, id, { status: "transaction_confirmed", reason: "confirmations:1/2", event: null });

describe("pushed streams: a change reaches an open stream at once, without polling", () => {
  it("an intent stream shows a cancel within a second (its safety re-read is 30 s away)", async () => {
    const served = await serveApp(api.deps);
    try {
      const pi = await newIntent(501);
      const stream = await openStream(intentStreamUrl(served.url, pi), merchant.pk);
      await waitFor(() => stream.text.includes("requires_payment_method"), 5_000, "the first message");
      const changedAt = Date.now();
      await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, { token: merchant.sk });
      await waitFor(() => stream.text.includes('"status":"canceled"'), 5_000, "the canceled message");
      expect(Date.now() - changedAt).toBeLessThan(1_000);
      await waitFor(() => stream.ended, 5_000, "the stream to end at the terminal status");
    } finally {
      await served.close();
    }
  });

  it("a status change that writes no outbox event (a transaction in the mempool) still reaches the intent stream", async () => {
    const served = await serveApp(api.deps);
    try {
      const pi = await newIntent(502);
      const stream = await openStream(intentStreamUrl(served.url, pi), merchant.pk);
      await waitFor(() => stream.text.includes("requires_payment_method"), 5_000, "the first message");
      const eventsBefore = await api.deps.db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      await markPending(api.deps, pi.id);
      await waitFor(
        () => stream.text.includes('"status":"transaction_pending"'),
        2_000,
        "the pending message",
      );
      const eventsAfter = await api.deps.db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(eventsAfter.n)).toBe(Number(eventsBefore.n));
      stream.close();
    } finally {
      await served.close();
    }
  });

  it("the event stream shows a new event within a second", async () => {
    const served = await serveApp(api.deps);
    try {
      const stream = await openStream(`${served.url}/v1/events/stream`, merchant.sk);
      await new Promise((r) => setTimeout(r, 200));
      const changedAt = Date.now();
      const pi = await newIntent(503);
      await waitFor(() => stream.text.includes(pi.id), 5_000, "the created event");
      expect(Date.now() - changedAt).toBeLessThan(1_000);
      expect(stream.text).toContain("event: payment_intent.created");
      stream.close();
    } finally {
      await served.close();
    }
  });
});

describe("an idle open stream costs no queries", () => {
  it("20 intent streams and 2 event streams, open while nothing changes, run no query for 2.5 s; a change then costs a read", async () => {
    const { db, counter } = countingDb(api.deps);
    const served = await serveApp({ ...api.deps, db });
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      const intents = [];
      for (let i = 0; i < 20; i++) intents.push(await newIntent(600 + i));
      for (const pi of intents) streams.push(await openStream(intentStreamUrl(served.url, pi), merchant.pk));
      for (let i = 0; i < 2; i++)
        streams.push(await openStream(`${served.url}/v1/events/stream`, merchant.sk));
      await waitFor(
        () => streams.slice(0, 20).every((s) => s.text.includes("requires_payment_method")),
        5_000,
        "every intent stream's first message",
      );
      await new Promise((r) => setTimeout(r, 300));
      const before = counter.queries;
      await new Promise((r) => setTimeout(r, 2_500));
      expect(counter.queries - before).toBe(0);

      // Not starved of reads either: the one intent that changes is read again, the others are not.
      const first = intents[0];
      if (!first) throw new Error("no intent");
      const intentReads = counter.byTable.get("payment_intents") ?? 0;
      const eventReads = counter.byTable.get("events") ?? 0;
      await api.request("POST", `/v1/payment_intents/${first.id}/cancel`, { token: merchant.sk });
      await waitFor(
        () =>
          (streams[0]?.text.includes('"status":"canceled"') ?? false) &&
          streams.slice(20).every((s) => s.text.includes("event: payment_intent.canceled")),
        5_000,
        "the cancel on its intent stream and on both event streams",
      );
      // One read of the intent, by its stream; the 19 others stay asleep. Each event stream reads
      // at least once (again 20 ms later while an older transaction on the cluster is in flight).
      expect((counter.byTable.get("payment_intents") ?? 0) - intentReads).toBe(1);
      expect((counter.byTable.get("events") ?? 0) - eventReads).toBeGreaterThanOrEqual(2);
    } finally {
      for (const s of streams) s.close();
      await served.close();
    }
  });

  it("30 streams on one intent: a change is read once for all of them, not once per stream", async () => {
    const { db, counter } = countingDb(api.deps);
    const served = await serveApp({ ...api.deps, db });
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      const pi = await newIntent(650);
      for (let i = 0; i < 30; i++)
        streams.push(await openStream(intentStreamUrl(served.url, pi), merchant.pk));
      await waitFor(
        () => streams.every((s) => s.text.includes("requires_payment_method")),
        5_000,
        "every stream's first message",
      );
      const before = counter.byTable.get("payment_intents") ?? 0;
      await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, { token: merchant.sk });
      await waitFor(
        () => streams.every((s) => s.text.includes('"status":"canceled"')),
        5_000,
        "the cancel on every stream",
      );
      expect((counter.byTable.get("payment_intents") ?? 0) - before).toBe(1);
    } finally {
      for (const s of streams) s.close();
      await served.close();
    }
  });

  it("a stream stops watching when its client goes or it ends: nothing is left behind in the feed", async () => {
    const served = await serveApp(api.deps);
    try {
      // Streams of earlier tests are released as their sockets close; start from none.
      await waitFor(() => api.deps.changes.watchCount === 0, 5_000, "no open watches");
      const [left, ended] = [await newIntent(701), await newIntent(702)];
      const leaving = [
        await openStream(intentStreamUrl(served.url, left), merchant.pk),
        await openStream(`${served.url}/v1/events/stream`, merchant.sk),
      ];
      const ending = await openStream(intentStreamUrl(served.url, ended), merchant.pk);
      await waitFor(
        () => [leaving[0], ending].every((s) => s?.text.includes("requires_payment_method")),
        5_000,
        "first messages",
      );
      expect(api.deps.changes.watchCount).toBe(3);
      // The clients of two streams go away while the streams wait.
      for (const s of leaving) s.close();
      await waitFor(() => api.deps.changes.watchCount === 1, 5_000, "the left streams' watches released");
      // The third ends by itself at a terminal status, its client still connected.
      await api.request("POST", `/v1/payment_intents/${ended.id}/cancel`, { token: merchant.sk });
      await waitFor(() => ending.ended, 5_000, "the stream to end");
      await waitFor(() => api.deps.changes.watchCount === 0, 2_000, "the ended stream's watch released");
    } finally {
      await served.close();
    }
  });

  it("stopping the feed (server shutdown) ends the open streams instead of leaving them waiting", async () => {
    const feed = await ChangeFeed.start(null);
    const served = await serveApp({ ...api.deps, changes: feed });
    try {
      const pi = await newIntent(703);
      const intentStream = await openStream(intentStreamUrl(served.url, pi), merchant.pk);
      const eventStream = await openStream(`${served.url}/v1/events/stream`, merchant.sk);
      await waitFor(() => intentStream.text.includes("requires_payment_method"), 5_000, "first message");
      await feed.close();
      await waitFor(() => intentStream.ended && eventStream.ended, 2_000, "both streams to end");
      expect(feed.watchCount).toBe(0);
    } finally {
      await served.close();
    }
  });
});

describe("change payloads", () => {
  it("reads the announced kinds and ignores anything else on the channel", () => {
    expect(parseChange('{"kind":"intent","id":"pi_1","workspace_id":"ws_1"}')).toEqual({
      kind: "intent",
      id: "pi_1",
      workspace_id: "ws_1",
    });
    expect(parseChange('{"kind" : "event", "workspace_id" : "ws_1", "env" : "test"}')).toEqual({
      kind: "event",
      workspace_id: "ws_1",
      env: "test",
    });
    expect(parseChange("not json")).toBeNull();
    expect(parseChange('{"kind":"intent"}')).toBeNull();
    expect(parseChange("null")).toBeNull();
  });
});

describe.skipIf(process.env.SPAY_TEST_DB !== "postgres")("the PostgreSQL LISTEN connection is lost", () => {
  /** The feed's LISTEN backend: terminating it is what a failover or a network cut does. */
  async function listenerPids(): Promise<number[]> {
    const rows = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`.execute(
      api.deps.db,
    );
    return rows.rows.map((r) => r.pid);
  }
  async function terminateListener(): Promise<number[]> {
    const pids = await listenerPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) await sql`select pg_terminate_backend(${pid})`.execute(api.deps.db);
    return pids;
  }

  it("the process listens on every channel (changes, keys) through one session", async () => {
    const channels = await sql<{ n: number }>`select count(*)::int as n from pg_listening_channels()`.execute(
      api.deps.db,
    );
    expect(channels.rows[0]?.n).toBe(0); // a pooled connection never listens
    expect(await listenerPids()).toHaveLength(1);
  });

  it("reconnects and listens again: a change made while it was down, and one after, both reach the stream", async () => {
    if (!api.databaseUrl) throw new Error("no database url");
    // A feed of its own, as another process has, with a slow first retry, so the change below
    // surely lands while it is down.
    const feed = await ChangeFeed.start(
      new AnnouncingSource(
        pgNotifications({ connectionString: api.databaseUrl }, { minBackoffMs: 1_500, maxBackoffMs: 1_500 }),
        null,
      ),
    );
    const served = await serveApp({ ...api.deps, changes: feed });
    try {
      const pi = await newIntent(801);
      const stream = await openStream(intentStreamUrl(served.url, pi), merchant.pk);
      await waitFor(() => stream.text.includes("requires_payment_method"), 5_000, "first message");
      await terminateListener();
      // Missed by LISTEN (no connection): only the re-read after reconnecting can show it.
      await markPending(api.deps, pi.id);
      await waitFor(() => stream.text.includes('"status":"transaction_pending"'), 8_000, "the missed change");
      // Listening again: a later change is pushed as usual.
      await markConfirmed(api.deps, pi.id);
      await waitFor(
        () => stream.text.includes('"status":"transaction_confirmed"'),
        3_000,
        "the later change",
      );
    } finally {
      await feed.close();
      await served.close();
    }
  });

  it("the server's own feed comes back too: the event stream gets events after its LISTEN was terminated", async () => {
    const served = await serveApp(api.deps);
    try {
      const stream = await openStream(`${served.url}/v1/events/stream`, merchant.sk);
      await new Promise((r) => setTimeout(r, 200));
      const killed = await terminateListener();
      await waitFor(
        async () => (await listenerPids()).some((pid) => !killed.includes(pid)),
        8_000,
        "a new LISTEN connection",
      );
      const pi = await newIntent(802);
      await waitFor(() => stream.text.includes(pi.id), 3_000, "an event after reconnecting");
      stream.close();
    } finally {
      await served.close();
    }
  });
});

describe.skipIf(process.env.SPAY_TEST_DB !== "postgres")(
  "the event stream when writes commit out of order",
  () => {
    /** The ids of the events an open stream has sent, in order. */
    const sentIds = (text: string) => [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);

    it("a long write in another database on the cluster does not hold this one's stream", async () => {
      const otherUrl = process.env.SPAY_TEST_DATABASE_URL;
      if (!otherUrl) throw new Error("no admin database url");
      const served = await serveApp(api.deps);
      const elsewhere = new pg.Client({ connectionString: otherUrl });
      await elsewhere.connect();
      try {
        const stream = await openStream(`${served.url}/v1/events/stream`, merchant.sk);
        await new Promise((r) => setTimeout(r, 200));
        // Another database's transaction takes a transaction id and stays open.
        await elsewhere.query("begin");
        await elsewhere.query("create temporary table long_write (n int)");
        await elsewhere.query("insert into long_write values (1)");
        const pi = await newIntent(903);
        await waitFor(() => stream.text.includes(pi.id), 3_000, "the event, while the other write is open");
        stream.close();
      } finally {
        await elsewhere.query("rollback").catch(() => {});
        await elsewhere.end();
        await served.close();
      }
    });

    it("an event that commits after a newer one is still sent, before it, and a resume after the newer one skips nothing", async () => {
      if (!api.databaseUrl) throw new Error("no database url");
      const served = await serveApp(api.deps);
      const slow = new pg.Client({ connectionString: api.databaseUrl });
      await slow.connect();
      try {
        const stream = await openStream(`${served.url}/v1/events/stream`, merchant.sk);
        await new Promise((r) => setTimeout(r, 200));
        // A writer takes its place in the outbox first (the lower seq) and commits last.
        await slow.query("begin");
        const { rows } = await slow.query<{ id: string; seq: string }>(
          `insert into events (id, workspace_id, env, type, data, created_at)
         values ('evt_slowwriter' || floor(random() * 1e9)::text, $1, 'test', 'payment_intent.created', '{"object":{}}', 0)
         returning id, seq`,
          [merchant.workspaceId],
        );
        const slowEvent = rows[0];
        if (!slowEvent) throw new Error("no event");
        // Meanwhile a newer event commits and is announced.
        const pi = await newIntent(901);
        const newer = await api.deps.db
          .selectFrom("events")
          .select(["id", "seq"])
          .where("type", "=", "payment_intent.created")
          .where(sql<boolean>`data->'object'->>'id' = ${pi.id}`)
          .executeTakeFirstOrThrow();
        expect(Number(newer.seq)).toBeGreaterThan(Number(slowEvent.seq));
        // Not sent yet: the older transaction is still in flight.
        await new Promise((r) => setTimeout(r, 300));
        expect(sentIds(stream.text)).not.toContain(newer.id);
        await slow.query("commit");
        await waitFor(() => sentIds(stream.text).includes(newer.id), 3_000, "the newer event");
        expect(sentIds(stream.text)).toEqual([slowEvent.id, newer.id]);
        stream.close();

        // Resuming after the newer event: nothing before it comes again, the next one does.
        const resumed = await fetch(`${served.url}/v1/events/stream`, {
          headers: { authorization: `Bearer ${merchant.sk}`, "last-event-id": newer.id },
        });
        const reader = (resumed.body as ReadableStream<Uint8Array>).getReader();
        const next = await newIntent(902);
        let text = "";
        const decoder = new TextDecoder();
        while (!text.includes(next.id)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
        await reader.cancel();
        expect(sentIds(text)).toHaveLength(1);
      } finally {
        await slow.end();
        await served.close();
      }
    });

    it("a poller of the event list (ending_before the newest it saw) gets an event that commits after a newer one", async () => {
      if (!api.databaseUrl) throw new Error("no database url");
      const served = await serveApp(api.deps);
      const slow = new pg.Client({ connectionString: api.databaseUrl });
      await slow.connect();
      const list = async (query: string) => {
        const res = await fetch(`${served.url}/v1/events?limit=100&${query}`, {
          headers: { authorization: `Bearer ${merchant.sk}` },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { id: string }[] }).data.map((e) => e.id);
      };
      try {
        await newIntent(904);
        let cursor = (await list(""))[0];
        if (!cursor) throw new Error("no event to start from");
        const seen: string[] = [];
        const poll = async () => {
          const ids = await list(`ending_before=${cursor}`);
          seen.push(...ids);
          cursor = ids[0] ?? cursor;
        };
        await slow.query("begin");
        const { rows } = await slow.query<{ id: string }>(
          `insert into events (id, workspace_id, env, type, data, created_at)
         values ('evt_slowpoller' || floor(random() * 1e9)::text, $1, 'test', 'payment_intent.created', '{"object":{}}', 0)
         returning id`,
          [merchant.workspaceId],
        );
        const slowId = rows[0]?.id;
        await newIntent(905);
        await poll();
        await slow.query("commit");
        await poll();
        expect(seen).toContain(slowId);
        expect(seen).toHaveLength(2);
        // Newest first by writing transaction: the slow writer took its transaction id first.
        expect((await list(""))[1]).toBe(slowId);
      } finally {
        await slow.query("rollback").catch(() => {});
        await slow.end();
        await served.close();
      }
    });
  },
);
