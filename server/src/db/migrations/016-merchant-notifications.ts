import { type Kysely, sql } from "kysely";
import { ID_PREFIX } from "../../domain/ids.ts";
import { executeScript } from "./execute-script.ts";

/** The literal `'mail_'` spliced into the trigger's body (a bound parameter cannot be: it is DDL). */
const MAIL_ID_PREFIX = sql.lit(`${ID_PREFIX.mail}_`);

/**
 * A merchant may receive an email for every settled payment.
 *
 * `workspaces.notify_on_payment_email` (null: off) is the address. The events trigger of 015 is
 * replaced so that a `payment_intent.succeeded` also queues a `payment_notification` to that
 * address, in the event's transaction. The unique key becomes `(event_id, kind, recipient)`: a
 * merchant who pays themselves gets both the receipt and the notification, each at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table workspaces add column notify_on_payment_email text;
    alter table mail_outbox drop constraint mail_outbox_kind_check;
    alter table mail_outbox add constraint mail_outbox_kind_check
      check (kind in ('payment_receipt', 'refund_receipt', 'payment_notification'));
    create unique index mail_outbox_event_kind_recipient on mail_outbox(event_id, kind, recipient);
    drop index mail_outbox_event_recipient;
    `,
  );
  // One statement: the PL/pgSQL body contains `;`, which executeScript would split on.
  await sql`
    create or replace function enqueue_receipt_mail() returns trigger language plpgsql as $$
    declare
      v_environment_id text;
      v_email text;
      v_merchant text;
      v_kind text;
      v_now bigint := floor(extract(epoch from now()))::bigint;
    begin
      if new.type = 'payment_intent.succeeded' then
        select pi.environment_id, pi.customer_email, w.notify_on_payment_email
          into v_environment_id, v_email, v_merchant
          from payment_intents pi join workspaces w on w.id = pi.workspace_id
          where pi.id = new.data->'object'->>'id' and pi.workspace_id = new.workspace_id;
        v_kind := 'payment_receipt';
      else
        select pi.environment_id, pi.customer_email into v_environment_id, v_email
          from refunds r join payment_intents pi on pi.id = r.payment_intent_id
          where r.id = new.data->'object'->>'id' and r.workspace_id = new.workspace_id;
        v_kind := 'refund_receipt';
      end if;
      if v_environment_id is null then
        return null;
      end if;
      v_email := nullif(lower(btrim(v_email)), '');
      if v_email is not null then
        insert into mail_outbox (id, workspace_id, environment_id, env, event_id, kind, recipient,
                                 next_attempt_at, created_at, updated_at)
          values (${MAIL_ID_PREFIX} || replace(gen_random_uuid()::text, '-', ''), new.workspace_id,
                  v_environment_id, new.env, new.id, v_kind, v_email, v_now, v_now, v_now)
          on conflict (event_id, kind, recipient) do nothing;
      end if;
      v_merchant := nullif(lower(btrim(v_merchant)), '');
      if v_merchant is not null then
        insert into mail_outbox (id, workspace_id, environment_id, env, event_id, kind, recipient,
                                 next_attempt_at, created_at, updated_at)
          values (${MAIL_ID_PREFIX} || replace(gen_random_uuid()::text, '-', ''), new.workspace_id,
                  v_environment_id, new.env, new.id, 'payment_notification', v_merchant, v_now, v_now, v_now)
          on conflict (event_id, kind, recipient) do nothing;
      end if;
      return null;
    end;
    $$`.execute(db);
}
