import { ASSETS, type Asset, MICROS_PER_CENT } from "@spay/protocol";
import type { Kysely } from "kysely";
import type { NotificationSource } from "../../db/notifications.ts";
import type { MailOutboxRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import type { ChangeWokenLoop } from "../change-woken-loop.ts";
import { claimDue, LeaseKeeper, nextDueSeconds, outboxLoop } from "../outbox/claim.ts";
import { stillWanted } from "../preferences.ts";
import { chainsByEnv } from "../settlement/chains.ts";
import { openAccountMail } from "./account-mail.ts";
import { attemptsSinceRetry } from "./inbox.ts";
import { type ReceiptInput, type RenderedMail, renderReceipt } from "./render.ts";
import { MailSendError, type MailTransport } from "./transport.ts";

export interface MailWorkerOptions {
  /** Longest sleep: woken by each event that queues mail (in the event's transaction) and each retry. */
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
  | { status: "suppressed"; mail: null; error: string }
  | { status: "pending"; mail: RenderedMail | null; error: string; retryAt: number }
  | { status: "failed"; mail: RenderedMail | null; error: string };

/**
 * Sends the receipts of the mail outbox (migration 015). A due mail is claimed with FOR UPDATE SKIP
 * LOCKED and a lease, its attempt number taken at claim time (../outbox/claim.ts, as the webhook
 * worker claims deliveries), so two workers never send the same attempt; the result is written
 * only by the claim's holder (same attempt number, still pending). Mails are claimed in batches
 * and sent one after another, each up to transport.ts's timeouts: each one's lease is renewed right
 * before its send, and one this worker no longer holds (its lease lapsed while it waited and
 * another worker claimed it) is skipped, so a mail is never sent by two claims. A failed send
 * (4xx, a closed connection) is retried after `delays`; an SMTP 5xx or the last retry makes it
 * `failed`, which the merchant may retry by hand (`POST /v1/mail/{id}/retry`: its attempts start
 * over, its attempt number goes on, ./inbox.ts). Without a transport (no SPAY_SMTP_URL) a mail is
 * rendered and `kept`.
 *
 * A worker killed between the SMTP server's acceptance and the write of `sent` leaves a lease that
 * expires and the mail is sent again: at-least-once is what SMTP allows. The Message-ID is the
 * same on every attempt, so a receiver can drop the copy.
 */
export class MailWorker {
  private readonly loop: ChangeWokenLoop;

  constructor(
    private readonly deps: Deps,
    private readonly transport: MailTransport | null,
    private readonly options: MailWorkerOptions = defaultMailOptions(deps),
    notifications: NotificationSource | null = null,
  ) {
    // Woken by each event that may queue a mail (its mail is queued with it) and each retry by hand.
    this.loop = outboxLoop("mail worker", options.intervalMs, () => this.pass(), notifications, [
      "mail",
      "account_mail",
    ]);
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport?.close();
  }

  private async pass(): Promise<number> {
    await this.tick();
    const dues = await Promise.all([
      nextDueSeconds(this.deps.db, "mail_outbox"),
      nextDueSeconds(this.deps.db, "account_mail"),
    ]);
    const due = Math.min(...dues.map((d) => d ?? Number.POSITIVE_INFINITY));
    if (due === Number.POSITIVE_INFINITY) return this.options.intervalMs;
    return Math.max(due * 1000 - Date.now(), 1_000);
  }

  /** Claims and handles due mails (receipts, then account mail) until none is left; how many were handled. */
  async tick(): Promise<number> {
    return (await this.receipts()) + (await this.accountMail());
  }

  private async receipts(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claimDue(this.deps.db, "mail_outbox", this.options);
      const leases = new LeaseKeeper(this.deps.db, "mail_outbox", claimed, this.options.leaseSeconds);
      for (const row of claimed) {
        if (!(await leases.holds(row))) continue; // another worker took it while this one waited
        const outcome = await this.handle(row);
        const mail = outcome.mail;
        await this.record(
          "mail_outbox",
          row,
          outcome,
          mail ? { subject: mail.subject, text_body: mail.text, html_body: mail.html } : {},
        );
        handled++;
      }
      if (claimed.length < this.options.batchSize) return handled;
    }
  }

  /** Invitations and security alerts: rendered when queued, sent as the receipts are. */
  private async accountMail(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claimDue(this.deps.db, "account_mail", this.options);
      const leases = new LeaseKeeper(this.deps.db, "account_mail", claimed, this.options.leaseSeconds);
      for (const row of claimed) {
        if (!(await leases.holds(row))) continue;
        const mail = openAccountMail(this.deps.secrets, row);
        const outcome: Outcome = !mail
          ? { status: "failed", mail: null, error: "body_unreadable" }
          : (await stillWanted(this.deps.db, row))
            ? await this.send(row, mail)
            : { status: "suppressed", mail: null, error: "turned off in the member's preferences" };
        // The body stays sealed: what was sent is the sealed body, not a second copy in the clear.
        await this.record("account_mail", row, outcome, {});
        handled++;
      }
      if (claimed.length < this.options.batchSize) return handled;
    }
  }

  private async handle(row: MailOutboxRow): Promise<Outcome> {
    const input = await this.receiptInput(row);
    if (!input) return { status: "failed", mail: null, error: "event_unreadable" };
    return this.send(row, renderReceipt(input));
  }

  /** One attempt over SMTP; without a transport the mail is kept for the local inbox. */
  private async send(
    row: { id: string; recipient: string; attempt_count: number; attempts_at_retry: number },
    mail: RenderedMail,
  ): Promise<Outcome> {
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
      const delay = this.options.delays[attemptsSinceRetry(row) - 1];
      if (permanent || delay === undefined) return { status: "failed", mail, error: text };
      return { status: "pending", mail, error: text, retryAt: nowSeconds() + delay };
    }
  }

  /** Only the holder of this attempt writes its result. */
  /**
   * Writes an attempt's result; only the holder of this attempt does (same attempt number, still
   * pending). `content` is what the outbox keeps of a mail that was rendered.
   */
  private async record(
    table: "mail_outbox" | "account_mail",
    row: { id: string; attempt_count: number },
    outcome: Outcome,
    content: { subject?: string; text_body?: string; html_body?: string },
  ): Promise<void> {
    const now = nowSeconds();
    await (this.deps.db as unknown as Kysely<Record<typeof table, RecordColumns>>)
      .updateTable(table)
      .set({
        status: outcome.status,
        locked_until: null,
        updated_at: now,
        last_error: "error" in outcome ? outcome.error : null,
        ...(outcome.status === "pending" ? { next_attempt_at: outcome.retryAt } : {}),
        ...(outcome.status === "sent" ? { sent_at: now } : {}),
        ...(outcome.mail
          ? { from_address: this.options.from, message_id: messageIdOf(row, this.options.from), ...content }
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
      // Events written before amounts were kept in micro-dollars carry whole cents only.
      amountMicros:
        typeof object.amount_micros === "string"
          ? object.amount_micros
          : String(Number(object.amount_minor ?? 0) * MICROS_PER_CENT),
      currency: typeof object.currency === "string" ? object.currency : "usd",
      txid: typeof object.txid === "string" ? object.txid : null,
      env: row.env,
      // The chain GET /v1/chains names for this environment: a devnet transaction has no explorer page.
      chain: chainsByEnv(this.deps.config)[row.env],
      payerEmail: typeof object.customer_email === "string" ? object.customer_email : null,
    };
  }
}

/** The columns an attempt's result writes, common to both outboxes. */
interface RecordColumns {
  id: string;
  status: string;
  attempt_count: number;
  locked_until: number | null;
  updated_at: number;
  last_error: string | null;
  next_attempt_at: number;
  sent_at: number | null;
  from_address: string | null;
  message_id: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
}

function messageIdOf(row: { id: string }, from: string): string {
  const host = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "spay.invalid";
  return `<${row.id}@${host}>`;
}
