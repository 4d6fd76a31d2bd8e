import type { z } from "@hono/zod-openapi";
import type { MailOutboxRow } from "../../db/schema.ts";
import type { Deps } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import type { MailSchema } from "../../routes/mail.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { fetchPage, type Page } from "../pagination.ts";

export type MailView = z.infer<typeof MailSchema>;

export function mailView(row: MailOutboxRow): MailView {
  return {
    id: row.id,
    object: "mail",
    kind: row.kind,
    event: row.event_id,
    to: row.recipient,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: row.attempt_count,
    last_error: row.last_error,
    env: row.env,
    created_at: Number(row.created_at),
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
  };
}

/** The caller's environment's receipts, newest first (the dashboard's local inbox). */
export async function listMail(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { status?: MailOutboxRow["status"] | undefined },
  url: string,
): Promise<Page<MailView>> {
  let query = deps.db.selectFrom("mail_outbox").selectAll().where(ownedBy(scope, "mail_outbox"));
  if (page.status) query = query.where("status", "=", page.status);
  const result = await fetchPage(deps.db, "mail_outbox", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map(mailView) };
}
