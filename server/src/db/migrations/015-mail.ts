import { type Kysely, sql } from "kysely";
import { ID_PREFIX } from "../../domain/ids.ts";
import { executeScript } from "./execute-script.ts";

/** The literal `'mail_'` spliced into the trigger's body (a bound parameter cannot be: it is DDL). */
const MAIL_ID_PREFIX = sql.lit(`${ID_PREFIX.mail}_`);

/**
 * Receipts by email.
 *
 * A payer who gave an email gets a receipt when the payment settles (`payment_intent.succeeded`)
 * and when a refund of it succeeds (`refund.succeeded`). The mail is queued by a trigger on the
 * events outbox, so it commits or rolls back with the event that announces it (never lost), and
 * `(event_id, recipient)` is unique (never queued twice). The recipient is the intent's
 * `customer_email`, read from the row, not from the event's payload.
 *
 * The mail worker claims due rows (FOR UPDATE SKIP LOCKED, a lease, the attempt number taken at
 * claim time), renders them, sends them over SMTP and marks them `sent`; a failure is retried with
 * backoff, then `failed`. Without SMTP configured a rendered mail is `kept`, for the dashboard's
 * local inbox (`GET /v1/mail`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table mail_outbox (
      id text primary key,
      seq bigserial not null,
      workspace_id text not null references workspaces(id) on delete cascade,
      environment_id text not null references environments(id) on delete cascade,
      env text not null check (env in ('test', 'live')),
      event_id text not null references events(id) on delete cascade,
      kind text not null check (kind in ('payment_receipt', 'refund_receipt')),
      recipient text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'kept', 'failed')),
      attempt_count integer not null default 0,
      next_attempt_at bigint not null,
      locked_until bigint,
      last_error text,
      from_address text,
      subject text,
      text_body text,
      html_body text,
      message_id text,
      created_at bigint not null,
      updated_at bigint not null,
      sent_at bigint
    );
    create unique index mail_outbox_event_recipient on mail_outbox(event_id, recipient);
    create index mail_outbox_workspace on mail_outbox(workspace_id, seq);
    create index mail_outbox_due on mail_outbox(next_attempt_at) where status = 'pending';

    `,
  );
  // One statement each: the PL/pgSQL body contains `;`, which executeScript would split on.
  await sql`
    create function enqueue_receipt_mail() returns trigger language plpgsql as $$
    declare
      v_environment_id text;
      v_email text;
      v_kind text;
      v_now bigint := floor(extract(epoch from now()))::bigint;
    begin
      if new.type = 'payment_intent.succeeded' then
        select pi.environment_id, pi.customer_email into v_environment_id, v_email
          from payment_intents pi
          where pi.id = new.data->'object'->>'id' and pi.workspace_id = new.workspace_id;
        v_kind := 'payment_receipt';
      else
        select pi.environment_id, pi.customer_email into v_environment_id, v_email
          from refunds r join payment_intents pi on pi.id = r.payment_intent_id
          where r.id = new.data->'object'->>'id' and r.workspace_id = new.workspace_id;
        v_kind := 'refund_receipt';
      end if;
      v_email := nullif(lower(btrim(v_email)), '');
      if v_environment_id is null or v_email is null then
        return null;
      end if;
      insert into mail_outbox (id, workspace_id, environment_id, env, event_id, kind, recipient,
                               next_attempt_at, created_at, updated_at)
        values (${MAIL_ID_PREFIX} || replace(gen_random_uuid()::text, '-', ''), new.workspace_id,
                v_environment_id, new.env, new.id, v_kind, v_email, v_now, v_now, v_now)
        on conflict (event_id, recipient) do nothing;
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger events_enqueue_receipt_mail after insert on events
      for each row when (new.type in ('payment_intent.succeeded', 'refund.succeeded'))
      execute function enqueue_receipt_mail()`.execute(db);
}
