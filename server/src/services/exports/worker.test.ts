import type { Readable } from "node:stream";
import { unzipSync } from "fflate";
import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  raceWorkers,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import { nowSeconds } from "../../domain/ids.ts";
import { claimDue } from "../outbox/claim.ts";
import { exportZip } from "./build.ts";
import { scopeOfExport } from "./exports.ts";
import { type ExportStore, exportStoreOf } from "./store.ts";
import { ExportWorker, type ExportWorkerOptions } from "./worker.ts";

/**
 * The export worker: one build per export whatever the number of workers, a build abandoned by a
 * worker that lost its lease, retries then `failed`, and keyset pages that add up to the same file.
 */
let api: TestApi;
let m: Merchant;
const now = nowSeconds();
const range = { from: now - 3600, to: now + 3600 };

beforeAll(async () => {
  api = await startTestApi();
  m = await setupMerchant(api);
  for (let i = 0; i < 5; i++) {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: m.sk,
      body: { amount_minor: 100 + i, metadata: { n: String(i) } },
    });
    expect(res.status).toBe(201);
  }
}, 60_000);
afterAll(() => api?.close());

const worker = (options: Partial<ExportWorkerOptions> = {}) =>
  new ExportWorker(api.deps, { intervalMs: 60_000, leaseSeconds: 300, delays: [0, 0], ...options });

async function ask(auth: { token: string; headers?: Record<string, string> } = { token: m.sk }) {
  const res = await api.request("POST", "/v1/exports", { ...auth, body: range });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.id as string;
}

const rowOf = (id: string) =>
  api.deps.db.selectFrom("exports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptsStored = async (id: string) =>
  (
    await api.deps.db
      .selectFrom("export_files")
      .select("attempt")
      .distinct()
      .where("export_id", "=", id)
      .execute()
  ).map((r) => r.attempt);

async function unzipped(id: string): Promise<Record<string, string>> {
  const row = await rowOf(id);
  const stream = await exportStoreOf(api.deps).read({ exportId: id, attempt: row.file_attempt ?? -1 });
  if (!stream) throw new Error(`no file for ${id}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  return Object.fromEntries(Object.entries(files).map(([n, b]) => [n, new TextDecoder().decode(b)]));
}

/** Copies an intent `count` times (new ids and memos), as fixtures: fast, and no chain needed. */
async function cloneIntent(templateId: string, count: number) {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_name = 'payment_intents' and is_generated = 'NEVER'
      and coalesce(column_default, '') not like 'nextval%'
    order by ordinal_position`.execute(api.deps.db);
  const fresh: Record<string, RawBuilder<unknown>> = {
    id: sql`'pi_' || md5(${templateId} || g::text)`,
    memo: sql`md5('memo' || ${templateId} || g::text)`,
  };
  const columns = rows.map((r) => r.column_name);
  await sql`insert into payment_intents (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(columns.map((c) => fresh[c] ?? sql.ref(`t.${c}`)))}
    from payment_intents t, generate_series(1, ${count}) g where t.id = ${templateId}`.execute(api.deps.db);
}

describe("export worker", () => {
  it("two workers racing build each export once, and mail its member once", async () => {
    const session = { token: m.token, headers: { "x-workspace-id": m.workspaceId } };
    const asked = [await ask(session), await ask(session), await ask(session)];
    await raceWorkers(worker(), worker());
    for (const id of asked) {
      const row = await rowOf(id);
      expect(row.status).toBe("ready");
      expect(await attemptsStored(id)).toEqual([row.file_attempt]);
    }
    const mails = await api.deps.db
      .selectFrom("account_mail")
      .select("id")
      .where("kind", "=", "export_ready")
      .where("user_id", "=", m.user.id)
      .execute();
    expect(mails).toHaveLength(asked.length);
  });

  it("once started, builds an export asked of its own process at once, not at its next pass", async () => {
    const running = worker({ intervalMs: 60_000 });
    running.start();
    try {
      // Let the first pass find nothing due: the export below is asked of a worker at rest.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const id = await ask();
      const deadline = Date.now() + 10_000;
      while ((await rowOf(id)).status !== "ready") {
        if (Date.now() > deadline) throw new Error("the export was not built within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await running.stop();
    }
  });

  it("is running while a worker holds its lease", async () => {
    const id = await ask();
    const [claimed] = await claimDue(api.deps.db, "exports", { leaseSeconds: 300, batchSize: 1 });
    expect(claimed?.id).toBe(id);
    expect((await api.request("GET", `/v1/exports/${id}`, { token: m.sk })).body.status).toBe("running");
    // The holder vanished: once its lease has run out, the export is pending again and taken over.
    await api.deps.db
      .updateTable("exports")
      .set({ locked_until: nowSeconds() - 1 })
      .where("id", "=", id)
      .execute();
    expect((await api.request("GET", `/v1/exports/${id}`, { token: m.sk })).body.status).toBe("pending");
    await worker().tick();
    expect((await rowOf(id)).status).toBe("ready");
  });

  it("a worker that lost its lease stops mid-file, and neither records nor keeps what it wrote", async () => {
    // Enough rows that the ZIP waits on its reader (the store) long before the last page is read.
    const other = await setupMerchant(api);
    const template = await api.request("POST", "/v1/payment_intents", {
      token: other.sk,
      body: { amount_minor: 100, metadata: { note: "x".repeat(200) } },
    });
    await cloneIntent(template.body.id, 3000);
    const id = await ask({ token: other.sk });
    const store = exportStoreOf(api.deps);
    let writeError: unknown;
    // Another worker takes the export over before this one's store reads a byte. The holder may be
    // renewing at that very moment (SKIP LOCKED): try until taken.
    const stalled: ExportStore = {
      ...store,
      async write(file, bytes) {
        for (let tries = 0; ; tries++) {
          await api.deps.db
            .updateTable("exports")
            .set({ locked_until: nowSeconds() - 1 })
            .where("id", "=", id)
            .execute();
          const [taken] = await claimDue(api.deps.db, "exports", { leaseSeconds: 300, batchSize: 1 });
          if (taken?.id === id) break;
          if (tries === 50) throw new Error("never took the export over");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        try {
          return await store.write(file, bytes);
        } catch (error) {
          writeError = error;
          throw error;
        }
      },
    };
    // A lease of 0 s is renewed before every page: the first page read after the takeover stops it.
    await worker({ leaseSeconds: 0, store: stalled, pageRows: 100 }).tick();
    expect((writeError as Error | undefined)?.message).toBe("the export's lease was lost");
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempt_count: 2, last_error: null, file_attempt: null });
    expect(await attemptsStored(id)).toEqual([]);
    // The worker that took it over finishes it.
    await api.deps.db
      .updateTable("exports")
      .set({ locked_until: nowSeconds() - 1 })
      .where("id", "=", id)
      .execute();
    await worker().tick();
    expect(await rowOf(id)).toMatchObject({ status: "ready", file_attempt: 3 });
    expect((await rowOf(id)).row_counts?.payments).toBe(3001);
    expect(await attemptsStored(id)).toEqual([3]);
  });

  it("stopping mid-build hands the export back at once, its lease released and nothing kept", async () => {
    const other = await setupMerchant(api);
    const template = await api.request("POST", "/v1/payment_intents", {
      token: other.sk,
      body: { amount_minor: 100, metadata: { note: "y".repeat(200) } },
    });
    await cloneIntent(template.body.id, 3000);
    const id = await ask({ token: other.sk });
    const store = exportStoreOf(api.deps);
    let stopped: Promise<void> | undefined;
    const stopping = worker({
      pageRows: 100,
      store: {
        ...store,
        write: (file, bytes) => {
          // A shutdown while the ZIP waits on the store: the next page is not read.
          stopped = stopping.stop();
          return store.write(file, bytes);
        },
      },
    });
    await stopping.tick();
    await stopped;
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempt_count: 1, locked_until: null, last_error: null });
    expect(await attemptsStored(id)).toEqual([]);
    await worker().tick();
    expect(await rowOf(id)).toMatchObject({ status: "ready", file_attempt: 2 });
  });

  it("a build that finished after its lease was taken is not recorded, and its file is discarded", async () => {
    const id = await ask();
    const store = exportStoreOf(api.deps);
    const overtaken: ExportStore = {
      ...store,
      async write(file, bytes) {
        const size = await store.write(file, bytes);
        // Another worker claims it after the last page was read, before the result is written.
        await api.deps.db
          .updateTable("exports")
          .set({ locked_until: nowSeconds() - 1 })
          .where("id", "=", id)
          .execute();
        await claimDue(api.deps.db, "exports", { leaseSeconds: 300, batchSize: 1 });
        return size;
      },
    };
    await worker({ store: overtaken }).tick();
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempt_count: 2, file_attempt: null });
    expect(await attemptsStored(id)).toEqual([]);
  });

  it("retries a failed build, then marks the export failed", async () => {
    const other = await setupMerchant(api);
    const id = await ask({ token: other.sk });
    const broken: ExportStore = {
      ...exportStoreOf(api.deps),
      async write(_file, bytes) {
        (bytes as Readable).destroy();
        throw new Error("disk full");
      },
    };
    await worker({ store: broken, delays: [0, 0] }).tick();
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempt_count: 3, last_error: "disk full" });
    const view = await api.request("GET", `/v1/exports/${id}`, { token: other.sk });
    expect(view.body).toMatchObject({ status: "failed", download_url: null, row_counts: null });
  });

  it("waits the retry delay after a failed attempt", async () => {
    const other = await setupMerchant(api);
    const id = await ask({ token: other.sk });
    let writes = 0;
    const flaky: ExportStore = {
      ...exportStoreOf(api.deps),
      async write(_file, bytes) {
        writes++;
        (bytes as Readable).destroy();
        throw new Error("connection reset");
      },
    };
    await worker({ store: flaky, delays: [600] }).tick();
    const row = await rowOf(id);
    expect(writes).toBe(1);
    expect(row).toMatchObject({ status: "pending", attempt_count: 1, locked_until: null });
    expect(row.next_attempt_at).toBeGreaterThanOrEqual(nowSeconds() + 590);
    const listed = await api.request("GET", `/v1/exports/${id}`, { token: other.sk });
    expect(listed.body.status).toBe("pending");
  });

  it("reads by keyset pages: pages of 2 rows make the same files as pages of 1000", async () => {
    const id = await ask();
    await worker({ pageRows: 2 }).tick();
    const paged = await unzipped(id);
    const row = await rowOf(id);
    const whole = exportZip(api.deps.db, {
      scope: scopeOfExport(row),
      from: row.range_from,
      to: row.range_to,
      createdAt: row.created_at,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of whole.stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    for (const [name, bytes] of Object.entries(files)) {
      // The audit log has grown since (this export's own entries): compare the other files exactly.
      if (name === "audit_log.csv") continue;
      expect(paged[name], name).toBe(new TextDecoder().decode(bytes));
    }
    expect(row.row_counts?.payments).toBe(5);
    expect(paged["payments.csv"]?.split("\r\n").length).toBe(5 + 2);
  });

  it("a read that fails before the store reads a byte fails the store's write, not the process", async () => {
    const id = await ask();
    const row = await rowOf(id);
    const { stream } = exportZip(
      api.deps.db,
      { scope: scopeOfExport(row), from: row.range_from, to: row.range_to, createdAt: row.created_at },
      {
        beforePage: async () => {
          throw new Error("database gone");
        },
      },
    );
    // A store that makes its folder first: the ZIP has failed by the time it attaches.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.destroyed).toBe(true);
    await expect(exportStoreOf(api.deps).write({ exportId: id, attempt: 99 }, stream)).rejects.toThrow(
      "database gone",
    );
    await worker().tick();
  });

  it("a read that fails mid-file fails the ZIP stream instead of ending it short", async () => {
    const id = await ask();
    const row = await rowOf(id);
    let pages = 0;
    const { stream } = exportZip(
      api.deps.db,
      { scope: scopeOfExport(row), from: row.range_from, to: row.range_to, createdAt: row.created_at },
      {
        pageRows: 2,
        beforePage: async () => {
          if (++pages === 3) throw new Error("connection lost");
        },
      },
    );
    await expect(
      (async () => {
        for await (const _ of stream) {
          // drain
        }
      })(),
    ).rejects.toThrow("connection lost");
    await worker().tick();
  });
});
