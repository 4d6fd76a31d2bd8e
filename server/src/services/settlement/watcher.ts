import { decide, LATE_STATUSES, OPEN_STATUSES, TRACKING_STATUSES } from "@spay/protocol";
import { sql } from "kysely";
import { ChainUnavailableError } from "../../chain/client.ts";
import type { NotificationSource } from "../../db/notifications.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { ChangeWokenLoop } from "../change-woken-loop.ts";
import { PeriodicTask } from "../periodic-task.ts";
import { CANCELED } from "../refunds.ts";
import { transaction } from "../write-transaction.ts";
import { BlockFollower, DEFAULT_FOLLOWER_OPTIONS, type FollowerOptions } from "./block-follower.ts";
import type { ChainClients } from "./chains.ts";
import { scanMempool } from "./mempool-scan.ts";
import { observeTransfer } from "./observe-transfer.ts";
import { resolveReport } from "./reports.ts";
import { changeIntent } from "./transitions.ts";

export interface WatcherOptions extends FollowerOptions {
  /** How often the watcher runs while anything is watched: follows the chain, checks due transfers and reports. */
  intervalMs: number;
  /**
   * How long it rests while nothing is watched. Given the database's notifications it is woken by
   * any change (a new intent is an outbox event), so this only bounds a missed notification.
   */
  idleIntervalMs: number;
  /** How often the mempool is scanned for unreported transfers carrying an intent's memo. */
  discoveryIntervalMs: number;
  /** Intents that expired less than this long ago are still watched for late payments. */
  lateWindowSeconds: number;
  /** Pages of the mempool one scan reads at most. */
  mempoolPages: number;
}

export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = {
  ...DEFAULT_FOLLOWER_OPTIONS,
  intervalMs: 1_000,
  idleIntervalMs: 30_000,
  discoveryIntervalMs: 2_000,
  lateWindowSeconds: 24 * 3600,
  mempoolPages: 4,
};

const BATCH = 100;

/** The chains a watcher follows: the sandbox (test keys) and mainnet (live keys). */
const ENVIRONMENTS = ["test", "live"] as const;

/**
 * Moves intents along the chain's evidence. Safe with any number of processes on one database:
 * each transfer is re-read and locked with FOR UPDATE SKIP LOCKED before anything changes, and
 * every decision is re-checked against the locked rows.
 */
export class SettlementWatcher {
  private readonly waking: ChangeWokenLoop;
  /**
   * Environments this watcher found nothing to watch on at its last pass (none before the first).
   * Both: it rests, and a change in the database wakes it.
   */
  private unwatched = new Set<"test" | "live">();
  private readonly follower: BlockFollower;
  private readonly options: WatcherOptions;
  private lastDiscovery = 0;
  /** Per environment: when the chain may be asked again after failures, and the current backoff. */
  private readonly backoff = new Map<"test" | "live", { until: number; delayMs: number }>();

  constructor(
    private readonly deps: Deps,
    private readonly chains: ChainClients,
    options: Partial<WatcherOptions> = {},
    notifications: NotificationSource | null = null,
  ) {
    this.options = { ...DEFAULT_WATCHER_OPTIONS, ...options };
    this.follower = new BlockFollower(deps, chains, this.options);
    const { intervalMs, idleIntervalMs } = this.options;
    const task = new PeriodicTask(
      "settlement watcher tick",
      Math.max(intervalMs, idleIntervalMs),
      () => this.tick(),
      {
        delayAfter: (watched) => (watched > 0 ? intervalMs : idleIntervalMs),
      },
    );
    // At rest, any committed change (a new intent appends an outbox event) may give it work.
    this.waking = new ChangeWokenLoop(
      "settlement watcher",
      task,
      notifications,
      () => this.unwatched.size === ENVIRONMENTS.length,
      idleIntervalMs,
    );
  }

  /**
   * Starts the loop. At rest (nothing watched) it costs a timer: given `notifications` (the
   * database's LISTEN), any committed change — a new intent appends an outbox event — wakes it.
   */
  start(): void {
    this.waking.start();
  }

  async stop(): Promise<void> {
    await this.waking.stop();
  }

  /**
   * One pass: expire; then, for each environment with something to watch, follow the chain to its
   * tip (block-follower.ts), scan the mempool (throttled), and look up the reported and in-flight
   * transactions that are due.
   */
  async tick(now = Date.now()): Promise<number> {
    await expireIntents(this.deps);
    const watched = await watchedEnvironments(this.deps, this.options);
    const resting = this.unwatched;
    this.unwatched = new Set(ENVIRONMENTS.filter((env) => !watched.includes(env)));
    for (const env of watched)
      await this.guarded(env, async () => {
        await this.follower.follow(env, { afterRest: resting.has(env) });
        return true;
      });
    if (now - this.lastDiscovery >= this.options.discoveryIntervalMs) {
      this.lastDiscovery = now;
      for (const env of watched)
        await this.guarded(env, async () => {
          await scanMempool(this.deps, this.chains, env, {
            ...this.options,
            maxPages: this.options.mempoolPages,
          });
          return true;
        });
    }
    for (const env of watched) await this.guarded(env, () => this.checkDueReports(env));
    for (const env of watched) await this.guarded(env, () => this.checkDueTransfers(env));
    return watched.length;
  }

  /** Resolves txids reported for intents that the chain did not know yet (see reports.ts). */
  private async checkDueReports(env: "test" | "live"): Promise<boolean> {
    const due = await this.deps.db
      .selectFrom("transfer_reports as r")
      .innerJoin("payment_intents as pi", "pi.id", "r.payment_intent_id")
      .select(["r.txid", "r.payment_intent_id"])
      .where("r.state", "=", "pending")
      .where("r.next_check_at", "<=", nowSeconds())
      .where("pi.env", "=", env)
      .orderBy("r.next_check_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) return false;
    const chain = this.chains[env];
    for (const { txid, payment_intent_id } of due) {
      const tx = await chain.getTransaction(txid);
      await transaction(this.deps, async (trx) => {
        const intent = await trx
          .selectFrom("payment_intents")
          .selectAll()
          .where("id", "=", payment_intent_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const report = await trx
          .selectFrom("transfer_reports")
          .selectAll()
          .where("payment_intent_id", "=", payment_intent_id)
          .where("txid", "=", txid)
          .where("state", "=", "pending")
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!report) return; // resolved meanwhile, or another process holds it
        await resolveReport(this.deps, trx, intent, txid, tx, report.created_at, this.options);
      });
    }
    return true;
  }

  /**
   * Runs chain work for one environment unless it is backing off; failures grow the backoff, and
   * only an answer from the chain (work returning true) resets it.
   */
  private async guarded(env: "test" | "live", work: () => Promise<boolean>): Promise<void> {
    const state = this.backoff.get(env);
    if (state && state.until > Date.now()) return;
    try {
      if (await work()) this.backoff.delete(env);
    } catch (err) {
      if (!(err instanceof ChainUnavailableError)) throw err;
      const delayMs = Math.min(30_000, (state?.delayMs ?? 500) * 2);
      this.backoff.set(env, { until: Date.now() + delayMs, delayMs });
      console.warn(`chain API for ${env} unavailable (${err.message}); retrying in ${delayMs} ms`);
    }
  }

  /** Transfers not mined yet (submitted, or seen in the mempool) whose next look-up is due. */
  private async checkDueTransfers(env: "test" | "live"): Promise<boolean> {
    const due = await this.deps.db
      .selectFrom("payment_transfers as t")
      .innerJoin("payment_intents as pi", "pi.id", "t.payment_intent_id")
      .select(["t.txid"])
      .where("t.state", "=", "tracking")
      .where("t.block_height", "is", null)
      .where("t.next_check_at", "<=", nowSeconds())
      .where("pi.env", "=", env)
      .orderBy("t.next_check_at")
      .limit(BATCH)
      .execute();
    if (due.length === 0) return false;
    const chain = this.chains[env];
    const tip = await chain.getTipHeight();
    for (const { txid } of due) {
      const tx = await chain.getTransaction(txid);
      await transaction(this.deps, (trx) => observeTransfer(this.deps, trx, txid, tx, tip, this.options));
    }
    return true;
  }
}

/** Moves unpaid intents past their expiry to `expired`, claiming rows so processes never collide. */
export async function expireIntents(deps: Deps, now = nowSeconds()): Promise<number> {
  return transaction(deps, async (trx) => {
    const due = await trx
      .selectFrom("payment_intents")
      .selectAll()
      // Both environments named: the due rows are read from the (env, status, expires_at) index,
      // the one every intent written already maintains, not from an index of their own.
      .where("env", "in", [...ENVIRONMENTS])
      .where("status", "in", [...OPEN_STATUSES])
      .where("expires_at", "<=", now)
      .orderBy("expires_at")
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const intent of due) {
      const change = decide(intent, { kind: "expired", now });
      if (change) await changeIntent(deps, trx, intent, change);
    }
    return due.length;
  });
}

/**
 * The environments with anything to settle — open or in-flight intents, or ones that ended
 * recently (late payments) — or with transfers mined within the fork window (a fork may still
 * orphan them), or pending or recently canceled refunds (the merchant's refund transfer
 * is awaited; one sent before a cancel still counts). Indexed
 * queries; a quiet environment costs the chain nothing.
 */
export async function watchedEnvironments(
  deps: Pick<Deps, "db">,
  options: Pick<WatcherOptions, "lateWindowSeconds" | "forkWindow"> = DEFAULT_WATCHER_OPTIONS,
): Promise<Array<"test" | "live">> {
  const since = nowSeconds() - options.lateWindowSeconds;
  const window = options.forkWindow;
  const active = [...OPEN_STATUSES, ...TRACKING_STATUSES];
  // EXISTS stops at the first row: the cost does not grow with the number of open intents.
  const watched = (env: "test" | "live") => sql<boolean>`(
    exists (select 1 from payment_intents where env = ${env} and status in (${sql.join(active)}))
    or exists (select 1 from payment_intents
               where env = ${env} and status in (${sql.join(LATE_STATUSES)}) and expires_at > ${since})
    or exists (select 1 from chain_cursors c
               join payment_transfers t on t.block_height > c.height - ${window}
               join payment_intents pi on pi.id = t.payment_intent_id and pi.env = c.env
               where c.env = ${env})
    or exists (select 1 from refunds where env = ${env} and status = 'pending')
    or exists (select 1 from refunds
               where env = ${env} and status = 'failed' and status_reason = ${CANCELED} and failed_at > ${since}))`;
  const { rows } = await sql<{ test: boolean; live: boolean }>`
    select ${watched("test")} as test, ${watched("live")} as live`.execute(deps.db);
  const row = rows[0];
  return ENVIRONMENTS.filter((env) => row?.[env] === true);
}
