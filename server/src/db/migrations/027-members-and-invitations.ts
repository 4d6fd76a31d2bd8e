import type { Kysely } from "kysely";
import { executeScript } from "./execute-script.ts";

/**
 * Teams: an organization's members hold one of four roles (the protocol package's roles table), and
 * new members join through an invitation mailed to them.
 *
 * - `organization_members.role` is held to the four roles by the database too, so no write path can
 *   store a role the permission checks do not know.
 * - An invitation keeps only its token's hash; the token itself travels in the mail, sealed in the
 *   account outbox until it is sent. It is used once (`accepted_at`), may be revoked, and expires.
 *   At most one pending invitation per organization and address.
 * - `account_mail` is the outbox of mail about a person's account (invitations, security alerts):
 *   it belongs to no workspace environment, so it is apart from the receipts' outbox, drained by
 *   the same worker with the same lease protocol.
 * - Member changes belong to an organization, not one workspace: the audit log names it, so every
 *   workspace's log shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
    alter table organization_members add constraint organization_members_role
      check (role in ('owner', 'admin', 'developer', 'support'));
    create table invitations (
      id text primary key,
      seq bigserial not null,
      organization_id text not null references organizations(id) on delete cascade,
      email text not null,
      role text not null check (role in ('owner', 'admin', 'developer', 'support')),
      token_hash text not null unique,
      invited_by text references users(id) on delete set null,
      created_at bigint not null,
      expires_at bigint not null,
      accepted_at bigint,
      accepted_by text references users(id) on delete set null,
      revoked_at bigint
    );
    create unique index invitations_pending on invitations(organization_id, email)
      where accepted_at is null and revoked_at is null;
    create index invitations_organization on invitations(organization_id, seq);
    create table account_mail (
      id text primary key,
      seq bigserial not null,
      kind text not null check (kind in ('invitation', 'security_alert')),
      recipient text not null,
      user_id text references users(id) on delete cascade,
      organization_id text references organizations(id) on delete cascade,
      subject text not null,
      sealed_body text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'kept', 'failed')),
      attempt_count integer not null default 0,
      attempts_at_retry integer not null default 0,
      next_attempt_at bigint not null,
      locked_until bigint,
      last_error text,
      from_address text,
      message_id text,
      created_at bigint not null,
      updated_at bigint not null,
      sent_at bigint
    );
    create index account_mail_due on account_mail(next_attempt_at) where status = 'pending';
    create index account_mail_recipient on account_mail(recipient, seq);
    alter table audit_log add column organization_id text references organizations(id) on delete cascade;
    create index audit_log_organization on audit_log(organization_id, seq) where organization_id is not null;
    `,
  );
}
