import type { z } from "@hono/zod-openapi";
import type { MailOutboxRow } from "../../db/schema.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import type { Pagination } from "../../http/openapi.ts";
import type { MailSchema } from "../../routes/mail.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { recordAudit } from "../audit-log.ts";
import { fetchPage, type Page } from "../pagination.ts";
import { announceOnCommit, transaction } from "../write-transaction.ts";

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
    attempts: attemptsSinceRetry(row),
    last_error: row.last_error,
    env: row.env,
    created_at: Number(row.created_at),
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
  };
}

/** The attempts of the mail's current run: since its last manual retry (migration 018). */
export function attemptsSinceRetry(row: Pick<MailOutboxRow, "attempt_count" | "attempts_at_retry">): number {
  return row.attempt_count - row.attempts_at_retry;
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

/**
 * Puts a `failed` mail back in the outbox: pending, due now, its attempts reset so the worker's
 * retry schedule starts over. The reset moves `attempts_at_retry` up to `attempt_count`, which
 * itself never goes back: a worker's claim made before the retry (its attempt number taken at
 * claim time, ./worker.ts) never matches a claim made after it, so its late result is dropped.
 * The worker is woken on commit; the retry is audit-logged.
 */
export async function retryMail(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  ip: string | null,
): Promise<MailView> {
  return transaction(deps, async (trx) => {
    const current = await trx
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", id)
      .where(ownedBy(scope, "mail_outbox"))
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound("mail", id);
    if (current.status !== "failed")
      throw new ApiError("mail_unexpected_state", {
        message: `You cannot retry this mail because it has a status of ${current.status}.`,
      });
    const now = nowSeconds();
    const retried = await trx
      .updateTable("mail_outbox")
      .set({
        status: "pending",
        attempts_at_retry: current.attempt_count,
        next_attempt_at: now,
        locked_until: null,
        last_error: null,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      action: "mail.retried",
      actor: scope.principal,
      ip,
      workspaceId: scope.workspaceId,
      object: { type: "mail", id },
      details: { kind: current.kind, attempts: attemptsSinceRetry(current), last_error: current.last_error },
    });
    announceOnCommit(trx, { kind: "mail", workspace_id: current.workspace_id });
    return mailView(retried);
  });
}
