import { INTENT_EVENT, REFUND_EVENT } from "@spay/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { ID_PREFIX, nowSeconds } from "../../domain/ids.ts";

/** The events that send mail: a settled payment (receipt, merchant notification) and a refund (receipt). */
export const MAIL_EVENT_TYPES: readonly string[] = [INTENT_EVENT.succeeded, REFUND_EVENT.succeeded];

/** The event a mail is about, as `recordEvent` wrote it. */
export interface MailingEvent {
  id: string;
  workspaceId: string;
  env: string;
  type: string;
  /** The payment intent (payment events) or refund (refund events) the event carries. */
  objectId: string;
}

/** A mail id made in SQL: the ids table's prefix and 32 hex digits. */
const mailId = sql<string>`${`${ID_PREFIX.mail}_`} || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Queues the mails an event sends, in the event's transaction, so they commit or roll back with it:
 * - a settled payment: the customer's receipt, and the merchant's notification when the workspace
 *   gave an address for it, and to each member who asked for payment notifications;
 * - a settled refund: the customer's receipt, and to each member who asked for refund notifications.
 * Addresses are compared trimmed and lower-cased; a blank one queues nothing. Each (event, kind,
 * recipient) is queued at most once, so a merchant paying themselves gets both mails, once each.
 *
 * Done here, by the one writer of these events, rather than by a trigger on `events`: a row trigger
 * costs every event insert — the payment-intent create's among them — its setup and its condition.
 */
export async function queueEventMail(trx: Db, event: MailingEvent): Promise<void> {
  if (!MAIL_EVENT_TYPES.includes(event.type)) return;
  const now = nowSeconds();
  const payment = event.type === INTENT_EVENT.succeeded;
  // The members of the workspace's organization who asked for this kind of notification.
  const members = (
    kind: "payment_notification" | "refund_notification",
    environment: ReturnType<typeof sql>,
  ) =>
    sql`select ${environment} as environment_id, ${kind} as kind, nullif(lower(btrim(u.email)), '') as recipient
        from workspaces w
        join organization_members om on om.organization_id = w.organization_id
        join users u on u.id = om.user_id
        join member_preferences p on p.user_id = om.user_id
        where w.id = ${event.workspaceId}
          and ${sql.ref(kind === "payment_notification" ? "p.payment_notifications" : "p.refund_notifications")}`;
  const candidates = payment
    ? sql`select pi.environment_id, m.kind, m.recipient
          from payment_intents pi join workspaces w on w.id = pi.workspace_id
          cross join lateral (values
            ('payment_receipt', nullif(lower(btrim(pi.customer_email)), '')),
            ('payment_notification', nullif(lower(btrim(w.notify_on_payment_email)), ''))
          ) as m(kind, recipient)
          where pi.id = ${event.objectId} and pi.workspace_id = ${event.workspaceId}
        union all
        ${members(
          "payment_notification",
          sql`(select environment_id from payment_intents where id = ${event.objectId})`,
        )}`
    : sql`select pi.environment_id, 'refund_receipt' as kind,
            nullif(lower(btrim(pi.customer_email)), '') as recipient
          from refunds r join payment_intents pi on pi.id = r.payment_intent_id
          where r.id = ${event.objectId} and r.workspace_id = ${event.workspaceId}
        union all
        ${members("refund_notification", sql`(select environment_id from refunds where id = ${event.objectId})`)}`;
  await sql`insert into mail_outbox (id, workspace_id, environment_id, env, event_id, kind, recipient,
                                     next_attempt_at, created_at, updated_at)
    select ${mailId}, ${event.workspaceId}, c.environment_id, ${event.env}, ${event.id}, c.kind, c.recipient,
           ${now}, ${now}, ${now}
    from (${candidates}) as c
    where c.recipient is not null
    on conflict (event_id, kind, recipient) do nothing`.execute(trx);
}
