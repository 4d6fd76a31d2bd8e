import { ASSETS, type Asset } from "@spay/protocol";
import { sql } from "kysely";
import type { Listening, NotificationSource } from "../../db/notifications.ts";
import type { MailOutboxRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { CHANGES_CHANNEL, parseChange } from "../change-feed.ts";
import { PeriodicTask } from "../periodic-task.ts";
import { type ReceiptInput, type RenderedMail, renderReceipt } from "./render.ts";
import { MailSendError, type MailTransport } from "./transport.ts";

export interface MailWorkerOptions {
  /** Longest sleep: woken by each new event (its mail is queued in the event's transaction). */
  intervalMs: number;
  /** Seconds a claimed mail belongs to its worker: longer than a send can take (transport.ts). */
  leaseSeconds: number;
  batchSize: number;
  /** Seconds before each retry of a failed send; after the last one the mail is `failed`. */
  delays: readonly number[];
  /** The From header (`Name <address>`). */
  from: string;
}

export const DEFAULT_MAIL_DELAYS: readonly number[] = [60, 300, 1800, 7200, 21_600, 86_400];

export function defaultMailOptions(deps: Pick<Deps, "config">): MailWorkerOptions {
  return {
    intervalMs: 30_000,
    leaseSeconds: 300,
    batchSize: 50,
    delays: DEFAULT_MAIL_DELAYS,
    from: deps.config.mailFrom ?? `sPay <receipts@${new URL(deps.config.publicUrl).hostname}>`,
  };
}

/** What a claimed mail became. A `payment_notification` goes to the merchant (migration 016). */
type Outcome =
  | { status: "sent" | "kept"; mail: RenderedMail }
  | { status: "pending"; mail: RenderedMail | null; error: string; retryAt: number }
  | { status: "failed"; mail: RenderedMail | null; error: string };

/**
 * Sends the receipts of the mail outbox (migration 015). A due mail is claimed with FOR UPDATE SKIP
 * LOCKED and a lease, its attempt number taken at claim time, so two workers never send the same
 * attempt; the result is written only by the claim's holder (same attempt number, still pending).
 * A failed send (4xx, a closed connection) is retried after `delays`; an SMTP 5xx or the last
 * retry makes it `failed`. Without a transport (no SPAY_SMTP_URL) a mail is rendered and `kept`.
 *
 * A worker killed between the SMTP server's acceptance and the write of `sent` leaves a lease that
 * expires and the mail is sent again: at-least-once is what SMTP allows. The Message-ID is the
 * same on every attempt, so a receiver can drop the copy.
 */
export class MailWorker {
  private readonly loop: PeriodicTask<number>;
  private listening: Promise<Listening | null> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly transport: MailTransport | null,
    private readonly options: MailWorkerOptions = defaultMailOptions(deps),
    private readonly notifications: NotificationSource | null = null,
  ) {
    this.loop = new PeriodicTask("mail worker tick", options.intervalMs, () => this.pass(), {
      delayAfter: (ms) => ms,
    });
  }

  start(): void {
    const source = this.notifications;
    if (!source) {
      this.loop.start();
      return;
    }
    this.listening = source
      .listen(CHANGES_CHANNEL, {
        onNotify: (payload) => {
          if (parseChange(payload)?.kind === "event") this.loop.wake();
        },
        onReconnect: () => this.loop.wake(),
      })
      .catch((error: unknown) => {
        console.error("mail worker: LISTEN failed; polling every", this.options.intervalMs, "ms", error);
        return null;
      });
    void this.listening.then(() => {
      if (!this.stopped) this.loop.start();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const listening = await this.listening;
    this.listening = null;
    await Promise.all([this.loop.stop(), listening?.close()]);
    this.transport?.close();
  }

  private async pass(): Promise<number> {
    await this.tick();
    const row = await this.deps.db
      .selectFrom("mail_outbox")
      .select(
        sql<string | number | null>`min(greatest(next_attempt_at, coalesce(locked_until + 1, 0)))`.as("due"),
      )
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (row?.due == null) return this.options.intervalMs;
    return Math.max(Number(row.due) * 1000 - Date.now(), 1_000);
  }

  /** Claims and handles due mails until none is left; how many were handled. */
  async tick(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) await this.record(row, await this.handle(row));
      handled += claimed.length;
      if (claimed.length < this.options.batchSize) return handled;
    }
  }

  private async claim(): Promise<MailOutboxRow[]> {
    const now = nowSeconds();
    return this.deps.db
      .updateTable("mail_outbox")
      .set((eb) => ({
        attempt_count: eb("attempt_count", "+", 1),
        locked_until: now + this.options.leaseSeconds,
        updated_at: now,
      }))
      .where("id", "in", (eb) =>
        eb
          .selectFrom("mail_outbox")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", now)
          .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", now)]))
          .orderBy("seq")
          .limit(this.options.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  private async handle(row: MailOutboxRow): Promise<Outcome> {
    const input = await this.receiptInput(row);
    if (!input) return { status: "failed", mail: null, error: "event_unreadable" };
    const mail = renderReceipt(input);
    if (!this.transport) return { status: "kept", mail };
    try {
      await this.transport.send({
        from: this.options.from,
        to: row.recipient,
        ...mail,
        messageId: messageIdOf(row, this.options.from),
      });
      return { status: "sent", mail };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof MailSendError && error.permanent;
      const delay = this.options.delays[row.attempt_count - 1];
      if (permanent || delay === undefined) return { status: "failed", mail, error: text };
      return { status: "pending", mail, error: text, retryAt: nowSeconds() + delay };
    }
  }

  /** Only the holder of this attempt writes its result. */
  private async record(row: MailOutboxRow, outcome: Outcome): Promise<void> {
    const now = nowSeconds();
    await this.deps.db
      .updateTable("mail_outbox")
      .set({
        status: outcome.status,
        locked_until: null,
        updated_at: now,
        last_error: "error" in outcome ? outcome.error : null,
        ...(outcome.status === "pending" ? { next_attempt_at: outcome.retryAt } : {}),
        ...(outcome.status === "sent" ? { sent_at: now } : {}),
        ...(outcome.mail
          ? {
              from_address: this.options.from,
              subject: outcome.mail.subject,
              text_body: outcome.mail.text,
              html_body: outcome.mail.html,
              message_id: messageIdOf(row, this.options.from),
            }
          : {}),
      })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where("attempt_count", "=", row.attempt_count)
      .execute();
  }

  /** The receipt's facts: the event's object (as announced) and the workspace's current name. */
  private async receiptInput(row: MailOutboxRow): Promise<ReceiptInput | null> {
    const [event, workspace] = await Promise.all([
      this.deps.db.selectFrom("events").select("data").where("id", "=", row.event_id).executeTakeFirst(),
      this.deps.db
        .selectFrom("workspaces")
        .select(["name", "display_name"])
        .where("id", "=", row.workspace_id)
        .executeTakeFirst(),
    ]);
    const data = typeof event?.data === "string" ? JSON.parse(event.data) : event?.data;
    const object = (data as { object?: Record<string, unknown> } | undefined)?.object;
    if (!object || !workspace) return null;
    const asset = object.asset as Asset;
    if (!ASSETS.includes(asset)) return null;
    const refund = row.kind === "refund_receipt";
    const atomic = refund ? object.amount : (object.amount_received ?? object.amount_asset);
    return {
      kind: row.kind,
      merchantName: workspace.display_name?.trim() || workspace.name,
      objectId: String(object.id),
      asset,
      amountAtomic: String(atomic ?? "0"),
      amountMinor: Number(object.amount_minor ?? 0),
      currency: typeof object.currency === "string" ? object.currency : "usd",
      txid: typeof object.txid === "string" ? object.txid : null,
      env: row.env,
      payerEmail: typeof object.customer_email === "string" ? object.customer_email : null,
    };
  }
}

function messageIdOf(row: MailOutboxRow, from: string): string {
  const host = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "spay.invalid";
  return `<${row.id}@${host}>`;
}
