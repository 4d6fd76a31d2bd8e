import { sql } from "kysely";
import type { ExportRow, ExportRowCounts } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { queueAccountMail } from "../mail/account-mail.ts";
import { renderAccountMail } from "../mail/account-render.ts";
import { EXPORT_MAIL_MESSAGES as M } from "../mail/messages.ts";
import { oneLine } from "../mail/render.ts";
import { claimDue, LeaseKeeper } from "../outbox/claim.ts";
import { PeriodicTask } from "../periodic-task.ts";
import { transaction } from "../write-transaction.ts";
import { exportZip } from "./build.ts";
import { DOWNLOAD_LINK_SECONDS } from "./download-link.ts";
import { downloadUrl, exportRequests, RETENTION_SECONDS, scopeOfExport } from "./exports.ts";
import { type ExportStore, exportStoreOf } from "./store.ts";

export interface ExportWorkerOptions {
  /**
   * Longest sleep between passes. No change of the database's feed names exports, so a worker
   * finds one asked of another process at its next pass; one asked of its own process wakes it.
   */
  intervalMs: number;
  /** Seconds a claimed export belongs to its worker; renewed while it is built, page by page. */
  leaseSeconds: number;
  /** Seconds before each retry of a failed build; after the last one the export is `failed`. */
  delays: readonly number[];
  /** Rows per keyset page (build.ts). */
  pageRows?: number;
  /** Where files go (default: this server's, store.ts). */
  store?: ExportStore;
}

export const DEFAULT_EXPORT_OPTIONS: ExportWorkerOptions = {
  intervalMs: 10_000,
  leaseSeconds: 300,
  delays: [60, 600],
};

/** Exports expired in one statement: the rest wait for the next pass. */
const EXPIRE_BATCH = 100;

class LeaseLost extends Error {
  constructor() {
    super("the export's lease was lost");
  }
}

class Stopping extends Error {
  constructor() {
    super("the worker is stopping");
  }
}

/**
 * Builds exports, one at a time, and deletes their files once they expire. Works per due item: an
 * export is claimed with FOR UPDATE SKIP LOCKED and a lease (services/outbox/claim.ts), so any
 * number of server processes share the work and none builds an export another holds; the lease is
 * renewed page by page while the ZIP is written, and a worker that lost it (stalled past it while
 * another claimed the export) stops and discards what it wrote. The result is written only by the
 * holder of the attempt (same attempt number, still pending), in one transaction with the mail
 * that tells the member it is ready. A build that fails is retried after `delays`, then `failed`.
 */
export class ExportWorker {
  private readonly task: PeriodicTask<number>;
  private readonly store: ExportStore;
  private readonly onRequest = () => this.task.wake();
  private stopping = false;

  constructor(
    private readonly deps: Deps,
    private readonly options: ExportWorkerOptions = DEFAULT_EXPORT_OPTIONS,
  ) {
    this.store = options.store ?? exportStoreOf(deps);
    this.task = new PeriodicTask("export worker tick", options.intervalMs, () => this.pass(), {
      delayAfter: (ms) => ms,
    });
  }

  start(): void {
    exportRequests.on("export", this.onRequest);
    this.task.start();
  }

  /**
   * Stops; a build in progress stops at its next page and hands its export back (lease released),
   * so a shutdown does not wait for a large export and another worker takes it over at once.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    exportRequests.off("export", this.onRequest);
    await this.task.stop();
  }

  /**
   * One pass, then how long to sleep: until the next export is due or a file expires, at most the
   * interval. At rest a pass is one query (when is anything next due?); the claims run only when
   * something is.
   */
  private async pass(): Promise<number> {
    if ((await this.nextDue()) <= nowSeconds()) await this.tick();
    const due = await this.nextDue();
    if (!Number.isFinite(due)) return this.options.intervalMs;
    return Math.max(due * 1000 - Date.now(), 1_000);
  }

  /**
   * When the worker next has something to do: a pending export's retry time, or the second after
   * a lease held by a worker (maybe killed) runs out; a ready export's expiry. Infinity: nothing.
   */
  private async nextDue(): Promise<number> {
    const row = await this.deps.db
      .selectFrom("exports")
      .select(
        sql<string | number | null>`min(case when status = 'pending'
          then greatest(next_attempt_at, coalesce(locked_until + 1, 0)) else expires_at end)`.as("due"),
      )
      .where("status", "in", ["pending", "ready"])
      .executeTakeFirst();
    return row?.due == null ? Number.POSITIVE_INFINITY : Number(row.due);
  }

  /** Builds the due exports and deletes the expired files; how many exports it built or expired. */
  async tick(): Promise<number> {
    let handled = 0;
    // A stopping worker claims nothing more: what it hands back is for the other workers.
    while (!this.stopping) {
      const [row] = await claimDue(this.deps.db, "exports", {
        leaseSeconds: this.options.leaseSeconds,
        batchSize: 1,
      });
      if (!row) break;
      await this.build(row);
      handled++;
    }
    return handled + (await this.expire());
  }

  private async build(row: ExportRow): Promise<void> {
    const leases = new LeaseKeeper(this.deps.db, "exports", [row], this.options.leaseSeconds);
    const file = { exportId: row.id, attempt: row.attempt_count };
    try {
      const { stream, counts } = exportZip(
        this.deps.db,
        { scope: scopeOfExport(row), from: row.range_from, to: row.range_to, createdAt: row.created_at },
        {
          pageRows: this.options.pageRows,
          beforePage: async () => {
            if (this.stopping) throw new Stopping();
            if (!(await leases.holds(row))) throw new LeaseLost();
          },
        },
      );
      const size = await this.store.write(file, stream);
      if (!(await this.ready(row, counts, size))) await this.store.discard(file);
    } catch (error) {
      await this.store.discard(file).catch(() => {});
      if (error instanceof LeaseLost) return;
      if (error instanceof Stopping) return this.release(row);
      console.error(`export ${row.id}: attempt ${row.attempt_count} failed`, error);
      await this.failed(row, error);
    }
  }

  /**
   * Marks the export ready, if this worker still holds this attempt, and queues the mail to the
   * member who asked, in one transaction: the mail is sent only if the export is ready.
   */
  private async ready(row: ExportRow, counts: ExportRowCounts, size: number): Promise<boolean> {
    const now = nowSeconds();
    return transaction(this.deps, async (trx) => {
      const ready = await trx
        .updateTable("exports")
        .set({
          status: "ready",
          row_counts: JSON.stringify(counts),
          file_attempt: row.attempt_count,
          size_bytes: size,
          completed_at: now,
          expires_at: now + RETENTION_SECONDS,
          locked_until: null,
          last_error: null,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .where("attempt_count", "=", row.attempt_count)
        .returningAll()
        .executeTakeFirst();
      if (!ready) return false;
      if (ready.requested_by_type !== "user") return true;
      const member = await trx
        .selectFrom("users")
        .select("email")
        .where("id", "=", ready.requested_by_id)
        .executeTakeFirst();
      // A wallet-only account has no address to write to: the API shows the export instead.
      if (!member?.email) return true;
      const space = await trx
        .selectFrom("workspaces")
        .select(["name", "organization_id"])
        .where("id", "=", ready.workspace_id)
        .executeTakeFirstOrThrow();
      const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
      const minute = (t: number) => new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ");
      const workspace = oneLine(space.name);
      await queueAccountMail(trx, this.deps.secrets, {
        kind: "export_ready",
        recipient: member.email,
        userId: ready.requested_by_id,
        organizationId: space.organization_id,
        mail: renderAccountMail(
          M.readySubject(workspace),
          [
            M.readyIntro(workspace, day(ready.range_from), day(ready.range_to)),
            M.readyCounts(counts),
            M.readyLinkExpiry(minute(now + DOWNLOAD_LINK_SECONDS), minute(ready.expires_at)),
            M.readyCare,
          ],
          {
            label: M.readyAction,
            url: downloadUrl(this.deps, ready.id, { type: "user", id: ready.requested_by_id }, now),
          },
        ),
      });
      return true;
    });
  }

  /** Hands an export back unbuilt: pending, due now, its lease released for any worker. */
  private async release(row: ExportRow): Promise<void> {
    await this.deps.db
      .updateTable("exports")
      .set({ locked_until: null, updated_at: nowSeconds() })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where("attempt_count", "=", row.attempt_count)
      .execute();
  }

  /** A failed attempt: retried after the next delay, or `failed` after the last one. */
  private async failed(row: ExportRow, error: unknown): Promise<void> {
    const now = nowSeconds();
    const delay = this.options.delays[row.attempt_count - 1];
    const message = error instanceof Error ? error.message : String(error);
    await this.deps.db
      .updateTable("exports")
      .set({
        ...(delay === undefined ? { status: "failed" as const } : { next_attempt_at: now + delay }),
        locked_until: null,
        last_error: message.slice(0, 500),
        updated_at: now,
      })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where("attempt_count", "=", row.attempt_count)
      .execute();
  }

  /**
   * Ready exports past their week: marked `expired` first (no link opens them from then on), then
   * their files deleted. Rows another worker is expiring are skipped (SKIP LOCKED).
   */
  private async expire(): Promise<number> {
    const now = nowSeconds();
    const expired = await this.deps.db
      .updateTable("exports")
      .set({ status: "expired", updated_at: now })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("exports")
          .select("id")
          .where("status", "=", "ready")
          .where("expires_at", "<=", now)
          .orderBy("expires_at")
          .limit(EXPIRE_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning("id")
      .execute();
    for (const { id } of expired) await this.store.delete(id);
    return expired.length;
  }
}
