import { type Kysely, type Selectable, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { NotificationSource } from "../../db/notifications.ts";
import type { Database } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Change } from "../change-feed.ts";
import { ChangeWokenLoop } from "../change-woken-loop.ts";
import { PeriodicTask } from "../periodic-task.ts";

/**
 * The outboxes a worker drains by lease (webhook deliveries, mails): the column that says a row is
 * still to send (`'pending'`), and the order due rows are claimed in.
 */
const LEASED_OUTBOXES = {
  webhook_deliveries: { pending: "state", order: "next_attempt_at" },
  mail_outbox: { pending: "status", order: "seq" },
  account_mail: { pending: "status", order: "seq" },
  // An export still to build: `pending` while a worker holds its lease too (the API says `running`).
  exports: { pending: "status", order: "seq" },
} as const;
export type LeasedOutbox = keyof typeof LEASED_OUTBOXES;

/** The columns the lease protocol reads and writes, common to every leased outbox. */
interface LeaseColumns {
  id: string;
  seq: number;
  state: string;
  status: string;
  attempt_count: number;
  next_attempt_at: number;
  locked_until: number | null;
  updated_at: number;
}
type LeaseDb = Kysely<Record<LeasedOutbox, LeaseColumns>>;

export interface ClaimOptions {
  /** Seconds a claimed row belongs to its worker: longer than one send can take. */
  leaseSeconds: number;
  batchSize: number;
}

/**
 * Claims up to `batchSize` due rows (pending, due, not leased or lease expired) with FOR UPDATE
 * SKIP LOCKED and a lease, and takes the attempt number at claim time: two workers never claim the
 * same attempt, and a worker killed mid-send leaves a lease that expires, so nothing is lost.
 */
export async function claimDue<T extends LeasedOutbox>(
  db: Db,
  table: T,
  options: ClaimOptions,
): Promise<Selectable<Database[T]>[]> {
  const { pending, order } = LEASED_OUTBOXES[table];
  const now = nowSeconds();
  const rows = await (db as unknown as LeaseDb)
    .updateTable(table as LeasedOutbox)
    .set((eb) => ({
      attempt_count: eb("attempt_count", "+", 1),
      locked_until: now + options.leaseSeconds,
      updated_at: now,
    }))
    .where("id", "in", (eb) =>
      eb
        .selectFrom(table as LeasedOutbox)
        .select("id")
        .where(pending, "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", now)]))
        .orderBy(order)
        .limit(options.batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  return rows as unknown as Selectable<Database[T]>[];
}

/**
 * Renews the lease of those of `rows` (claimed by this worker) it still holds: still pending, at the
 * attempt it claimed (a claim by another worker, even after this one's lease lapsed, has taken the
 * next); {@link LeaseKeeper} calls it while a batch is sent, so a row is sent only under a live
 * lease of its claimant: rows claimed together and sent one after another could otherwise outlive
 * their lease while waiting, be claimed and sent by another worker, then sent again by this one.
 * The ids still held.
 */
export async function renewLeases(
  db: Db,
  table: LeasedOutbox,
  rows: readonly { id: string; attempt_count: number }[],
  leaseSeconds: number,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const renewed = await (db as unknown as LeaseDb)
    .updateTable(table)
    .set({ locked_until: nowSeconds() + leaseSeconds })
    .where(LEASED_OUTBOXES[table].pending, "=", "pending")
    .where((eb) =>
      eb.or(rows.map((row) => eb.and([eb("id", "=", row.id), eb("attempt_count", "=", row.attempt_count)]))),
    )
    .returning("id")
    .execute();
  return new Set(renewed.map((row) => row.id));
}

/**
 * Keeps a claimed batch's leases while its rows are sent — one after another, or a few at a time —
 * and their results written. Before each send, {@link LeaseKeeper.holds} says whether this worker
 * still holds the row. The leases of the whole batch (sent rows too: their results are not written
 * yet) are renewed in one UPDATE, and only once half a lease has passed since the last renewal, so
 * a batch sent quickly costs no extra query. A row another worker claimed meanwhile (this one
 * stalled past its lease) is not held any more, and must not be sent again.
 */
export class LeaseKeeper {
  private held: Set<string>;
  private renewedAt = Date.now();
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly table: LeasedOutbox,
    private readonly rows: readonly { id: string; attempt_count: number }[],
    private readonly leaseSeconds: number,
  ) {
    this.held = new Set(rows.map((r) => r.id));
  }

  async holds(row: { id: string }): Promise<boolean> {
    if (Date.now() - this.renewedAt >= this.leaseSeconds * 500) await this.renew();
    return this.held.has(row.id);
  }

  private renew(): Promise<void> {
    this.renewing ??= renewLeases(this.db, this.table, this.rows, this.leaseSeconds)
      .then((held) => {
        this.held = held;
        this.renewedAt = Date.now();
      })
      .finally(() => {
        this.renewing = null;
      });
    return this.renewing;
  }
}

/**
 * When the earliest pending row can next be claimed: its retry time, or the second after a lease
 * held by a worker (this one or another, maybe killed) runs out. Null: nothing pending.
 */
export async function nextDueSeconds(db: Db, table: LeasedOutbox): Promise<number | null> {
  const row = await (db as unknown as LeaseDb)
    .selectFrom(table)
    .select(
      sql<string | number | null>`min(greatest(next_attempt_at, coalesce(locked_until + 1, 0)))`.as("due"),
    )
    .where(LEASED_OUTBOXES[table].pending, "=", "pending")
    .executeTakeFirst();
  return row?.due == null ? null : Number(row.due);
}

/**
 * A worker's loop: `pass` runs again after the milliseconds it returns (at most `intervalMs`),
 * woken at once by each committed change of the kinds in `wakeOn` (change-woken-loop.ts).
 */
export function outboxLoop(
  /** `mail worker`, `webhook worker`: names the loop's tick and its log lines. */
  name: string,
  intervalMs: number,
  pass: () => Promise<number>,
  notifications: NotificationSource | null,
  wakeOn: readonly Change["kind"][],
): ChangeWokenLoop {
  const task = new PeriodicTask(`${name} tick`, intervalMs, pass, { delayAfter: (ms) => ms });
  return new ChangeWokenLoop(
    name,
    task,
    notifications,
    (kind) => kind !== undefined && wakeOn.includes(kind),
    intervalMs,
  );
}
