import { subscribes } from "@spay/protocol";
import { sql } from "kysely";
import type { NotificationSource } from "../../db/notifications.ts";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../../db/schema.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import { checkWebhookUrl } from "../../domain/ssrf.ts";
import type { Deps } from "../../http/context.ts";
import type { ChangeWokenLoop } from "../change-woken-loop.ts";
import { claimDue, LeaseKeeper, nextDueSeconds, outboxLoop } from "../outbox/claim.ts";
import { transaction } from "../write-transaction.ts";
import { signingSecrets, webhookUrlPolicy } from "./endpoints.ts";
import { eventPayload } from "./payload.ts";
import { DISABLE_AFTER_FAILING_SECONDS, nextAttemptDelay, RETRY_DELAYS_SECONDS } from "./retry-schedule.ts";
import { DELIVERY_TIMEOUT_MS, type SendResult, sendWebhook } from "./send.ts";

export interface WebhookWorkerOptions {
  /**
   * Longest wait between two passes. A worker given the database's notifications is woken by every
   * new event and sleeps until its next retry is due, so this is only a safety net (a missed
   * notification, a manual resend made while it sleeps); without them it polls at this interval.
   */
  intervalMs: number;
  /** Seconds a claimed delivery belongs to this worker; after that another may retry it. */
  leaseSeconds: number;
  /** Sends in flight at once: a claimed batch is sent this many at a time. */
  concurrency: number;
  batchSize: number;
  delays: readonly number[];
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookWorkerOptions = {
  intervalMs: 30_000,
  leaseSeconds: 30,
  concurrency: 64,
  batchSize: 500,
  delays: RETRY_DELAYS_SECONDS,
  timeoutMs: DELIVERY_TIMEOUT_MS,
};

interface Outcome {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow | undefined;
  result: SendResult | null; // null: not sent (endpoint gone or disabled)
}

/** A pass found more work than one batch (or something due it could not claim yet): run again in this. */
const BUSY_RETRY_MS = 1_000;

/**
 * Delivers the outbox: fans new events out to the endpoints subscribed to them, then sends due
 * deliveries. Deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease, and the attempt
 * number is taken at claim time, so no attempt is ever sent by two workers: a batch is sent with
 * `concurrency` in flight while a {@link LeaseKeeper} keeps its leases, and a delivery this worker
 * no longer holds (it stalled past its lease and another worker claimed it) is not sent. A worker
 * killed mid-batch leaves leases that expire together and are retried — nothing is lost.
 *
 * At rest it costs nothing but a timer: given `notifications`, it is woken by each committed event
 * that an endpoint should receive (announced by its writer: events.ts) and otherwise sleeps until
 * its next delivery is due (a retry, or a lease another worker may have let lapse), at most
 * `intervalMs`.
 */
export class WebhookWorker {
  private readonly loop: ChangeWokenLoop;

  constructor(
    private readonly deps: Deps,
    private readonly options: WebhookWorkerOptions = DEFAULT_WEBHOOK_OPTIONS,
    notifications: NotificationSource | null = null,
  ) {
    // Woken by each new event an endpoint should receive and each resend by hand, never by an event
    // nobody subscribes to (it is written fanned out: events.ts).
    this.loop = outboxLoop("webhook worker", options.intervalMs, () => this.pass(), notifications, [
      "delivery",
    ]);
  }

  /** Listens first, then runs the first pass: an event appended in between is never missed. */
  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass, then how long to sleep: until the next delivery is due (capped by the loop). */
  private async pass(): Promise<number> {
    const { fannedOut } = await this.tick();
    if (fannedOut >= this.options.batchSize) return 0;
    const due = await nextDueSeconds(this.deps.db, "webhook_deliveries");
    if (due === null) return this.options.intervalMs;
    const ms = due * 1000 - Date.now();
    return ms > 0 ? ms : BUSY_RETRY_MS;
  }

  /** One pass; returns how many events were fanned out and deliveries attempted. */
  async tick(): Promise<{ fannedOut: number; attempted: number }> {
    const fannedOut = await this.fanOut();
    let attempted = 0;
    for (;;) {
      const n = await this.deliverDue();
      attempted += n;
      if (n < this.options.batchSize) break;
    }
    return { fannedOut, attempted };
  }

  private async fanOut(): Promise<number> {
    return transaction(this.deps, async (trx) => {
      const events = await trx
        .selectFrom("events")
        .select(["id", "workspace_id", "env", "type"])
        .where("fanned_out", "=", false)
        .orderBy("seq")
        .limit(this.options.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (events.length === 0) return 0;
      const endpoints = await trx
        .selectFrom("webhook_endpoints")
        .select(["id", "workspace_id", "env", "enabled_events"])
        .where("workspace_id", "in", [...new Set(events.map((e) => e.workspace_id))])
        .where("status", "=", "enabled")
        .execute();
      const now = nowSeconds();
      const deliveries = events.flatMap((event) =>
        endpoints
          .filter(
            (ep) =>
              ep.workspace_id === event.workspace_id &&
              ep.env === event.env &&
              subscribes(ep.enabled_events, event.type),
          )
          .map((ep) => ({
            id: newId("webhookDelivery"),
            event_id: event.id,
            endpoint_id: ep.id,
            manual: false,
            state: "pending" as const,
            next_attempt_at: now,
            locked_until: null,
            last_status: null,
            created_at: now,
            updated_at: now,
          })),
      );
      if (deliveries.length > 0) await trx.insertInto("webhook_deliveries").values(deliveries).execute();
      await trx
        .updateTable("events")
        .set({ fanned_out: true })
        .where(
          "id",
          "in",
          events.map((e) => e.id),
        )
        .execute();
      return events.length;
    });
  }

  private async deliverDue(): Promise<number> {
    const claimed = await claimDue(this.deps.db, "webhook_deliveries", this.options);
    if (claimed.length === 0) return 0;
    const [events, endpoints] = await Promise.all([
      this.deps.db
        .selectFrom("events")
        .selectAll()
        .where("id", "in", [...new Set(claimed.map((d) => d.event_id))])
        .execute(),
      this.deps.db
        .selectFrom("webhook_endpoints")
        .selectAll()
        .where("id", "in", [...new Set(claimed.map((d) => d.endpoint_id))])
        .execute(),
    ]);
    const eventById = new Map(events.map((e) => [e.id, e]));
    const endpointById = new Map(endpoints.map((e) => [e.id, e]));
    const leases = new LeaseKeeper(this.deps.db, "webhook_deliveries", claimed, this.options.leaseSeconds);
    const outcomes = await mapWithConcurrency(
      claimed,
      this.options.concurrency,
      async (delivery): Promise<Outcome | null> => {
        // Another worker took it while this one waited (stalled past its lease): not sent twice.
        if (!(await leases.holds(delivery))) return null;
        const endpoint = endpointById.get(delivery.endpoint_id);
        const event = eventById.get(delivery.event_id);
        if (!endpoint || !event || endpoint.status !== "enabled") return { delivery, endpoint, result: null };
        // Re-checked before every send: a name that resolved publicly when saved may point inside
        // now. The send connects only to the addresses checked here (pinned). No timing floor:
        // nobody waits on the worker, and every refusal is logged alike (no excerpt, one error).
        const check = await checkWebhookUrl(endpoint.url, {
          ...webhookUrlPolicy(this.deps, endpoint.env),
          refusalFloorMs: 0,
        });
        if (!check.ok)
          return {
            delivery,
            endpoint,
            result: {
              ok: false,
              status: null,
              latencyMs: 0,
              excerpt: null,
              error: "url_not_allowed",
              retryAfterSeconds: null,
            },
          };
        const result = await sendWebhook({
          url: endpoint.url,
          id: event.id,
          body: JSON.stringify(eventPayload(event)),
          secrets: signingSecrets(this.deps, endpoint),
          timeoutMs: this.options.timeoutMs,
          addresses: check.addresses,
          resolve: this.deps.resolveHost,
        });
        return { delivery, endpoint, result };
      },
    );
    await this.record(outcomes.filter((o): o is Outcome => o !== null));
    return claimed.length;
  }

  /** Writes the attempts, the deliveries' next state and the endpoints' health in three statements. */
  private async record(outcomes: Outcome[]): Promise<void> {
    const now = nowSeconds();
    const attempts = outcomes
      .filter((o) => o.result !== null)
      .map((o) => ({
        id: newId("webhookAttempt"),
        delivery_id: o.delivery.id,
        event_id: o.delivery.event_id,
        endpoint_id: o.delivery.endpoint_id,
        attempt: o.delivery.attempt_count,
        attempted_at: now,
        status_code: o.result?.status ?? null,
        latency_ms: o.result?.latencyMs ?? 0,
        response_excerpt: o.result?.excerpt ?? null,
        error: o.result?.error ?? null,
        succeeded: o.result?.ok ?? false,
      }));
    const gone = new Set<string>();
    const failingEndpoints = new Set<string>();
    const healthyEndpoints = new Set<string>();
    const updates = outcomes.map((o) => {
      const { delivery, result } = o;
      if (result === null)
        return { id: delivery.id, state: "canceled", next: delivery.next_attempt_at, status: null };
      if (result.ok) {
        healthyEndpoints.add(delivery.endpoint_id);
        return { id: delivery.id, state: "succeeded", next: delivery.next_attempt_at, status: result.status };
      }
      failingEndpoints.add(delivery.endpoint_id);
      if (result.status === 410) {
        gone.add(delivery.endpoint_id);
        return { id: delivery.id, state: "failed", next: delivery.next_attempt_at, status: result.status };
      }
      const delay = delivery.manual
        ? null
        : nextAttemptDelay(delivery.attempt_count, {
            delays: this.options.delays,
            retryAfterSeconds: result.retryAfterSeconds,
          });
      return delay === null
        ? { id: delivery.id, state: "failed", next: delivery.next_attempt_at, status: result.status }
        : { id: delivery.id, state: "pending", next: now + Math.round(delay), status: result.status };
    });
    await transaction(this.deps, async (trx) => {
      if (attempts.length > 0) await trx.insertInto("webhook_attempts").values(attempts).execute();
      const rows = sql.join(
        updates.map((u) => sql`(${u.id}, ${u.state}, ${u.next}::bigint, ${u.status}::integer)`),
      );
      await sql`
        update webhook_deliveries as d
        set state = v.state, next_attempt_at = v.next, last_status = v.status, locked_until = null, updated_at = ${now}
        from (values ${rows}) as v(id, state, next, status)
        where d.id = v.id`.execute(trx);
      for (const id of healthyEndpoints) {
        if (!failingEndpoints.has(id))
          await trx
            .updateTable("webhook_endpoints")
            .set({ failing_since: null })
            .where("id", "=", id)
            .where("failing_since", "is not", null)
            .execute();
      }
      for (const id of failingEndpoints) {
        if (healthyEndpoints.has(id)) continue;
        await trx
          .updateTable("webhook_endpoints")
          .set({ failing_since: now })
          .where("id", "=", id)
          .where("failing_since", "is", null)
          .execute();
        await trx
          .updateTable("webhook_endpoints")
          .set({ status: "disabled", disabled_reason: "failing_for_3_days", updated_at: now })
          .where("id", "=", id)
          .where("status", "=", "enabled")
          .where("failing_since", "<=", now - DISABLE_AFTER_FAILING_SECONDS)
          .execute();
      }
      if (gone.size > 0) {
        await trx
          .updateTable("webhook_endpoints")
          .set({ status: "disabled", disabled_reason: "endpoint_returned_410", updated_at: now })
          .where("id", "in", [...gone])
          .execute();
      }
    });
  }
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping order. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
