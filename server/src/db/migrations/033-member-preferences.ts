import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Which mail a member receives. Payment and refund notifications are off until a member asks for
 * them (a team of ten must not get ten mails per sale by default); team news and security alerts are
 * on. A member's account mail they turned off is `suppressed` by the mail worker when it comes due,
 * so a change of mind applies to mail already queued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    create table member_preferences (
      user_id text primary key references users(id) on delete cascade,
      payment_notifications boolean not null default false,
      refund_notifications boolean not null default false,
      team_notifications boolean not null default true,
      security_alerts boolean not null default true,
      updated_at bigint not null
    );
    alter table mail_outbox drop constraint mail_outbox_kind_check;
    alter table mail_outbox add constraint mail_outbox_kind_check
      check (kind in ('payment_receipt', 'refund_receipt', 'payment_notification', 'refund_notification'));
    alter table account_mail drop constraint account_mail_kind_check;
    alter table account_mail add constraint account_mail_kind_check
      check (kind in ('invitation', 'security_alert', 'member_joined', 'export_ready'));
    alter table account_mail drop constraint account_mail_status_check;
    alter table account_mail add constraint account_mail_status_check
      check (status in ('pending', 'sent', 'kept', 'failed', 'suppressed'));
    `,
  );
}
