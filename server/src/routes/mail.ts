import { createRoute, z } from "@hono/zod-openapi";
import { ID_PREFIX } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonResponse,
  listOf,
  noParametersBody,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { listMail, retryMail } from "../services/mail/inbox.ts";

const MAIL_STATUSES = ["pending", "sent", "kept", "failed"] as const;

export const MailSchema = z
  .object({
    id: z.string().openapi({ example: `${ID_PREFIX.mail}_0f1e2d3c4b5a69788796a5b4c3d2e1f0` }),
    object: z.literal("mail"),
    kind: z.enum(["payment_receipt", "refund_receipt", "payment_notification", "refund_notification"]),
    event: z.string().openapi({
      description: "The event the mail reports (`payment_intent.succeeded`, `refund.succeeded`)",
    }),
    to: z.string(),
    from: z.string().nullable(),
    subject: z.string().nullable().openapi({ description: "Null until the mail worker rendered it" }),
    text: z.string().nullable().openapi({ description: "The plain-text part" }),
    html: z.string().nullable().openapi({ description: "The HTML part" }),
    status: z.enum(MAIL_STATUSES).openapi({
      description:
        "`pending` (queued or to be retried), `sent` (accepted by the SMTP server), `kept` (no SMTP configured: kept for the local inbox), `failed`",
    }),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    env: z.enum(["test", "live"]),
    created_at: z.number().int(),
    sent_at: z.number().int().nullable(),
  })
  .openapi("Mail");

const ListQuery = PaginationQuery.extend({
  status: z.enum(MAIL_STATUSES).optional().openapi({ description: "Only mails in this status" }),
});

/**
 * Receipts mailed to payers: with SMTP configured they are sent; without (the embedded
 * default) they are kept here, the dashboard's local inbox. Secret key or session, in the caller's
 * workspace and environment.
 */
export function mailRoutes(deps: Deps) {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/mail",
      tags: ["Mail"],
      summary: "List receipt mails, newest first (secret key or session)",
      description:
        "The receipts sent to payers who gave an email: one when a payment settles, one when a refund succeeds. Without `SPAY_SMTP_URL` they are not sent but kept (`status: kept`), so they can be read here.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: ListQuery },
      responses: { 200: jsonResponse(listOf(MailSchema, "MailList"), "List"), ...errorResponses(401, 403) },
    }),
    async (c) =>
      c.json(
        await listMail(
          deps,
          await resolveWorkspaceScope(c, deps, { secretOnly: true }),
          c.req.valid("query"),
          c.req.path,
        ),
        200,
      ),
  );
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/mail/{id}/retry",
      tags: ["Mail"],
      summary: "Retry a failed mail (secret key or session)",
      description:
        "Puts a `failed` mail back in the outbox: `pending`, due now, its retry schedule started over. Any other status answers 409 `mail_unexpected_state`. Audit-logged as `mail.retried`.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.write",
          keys: "secret",
          target: { table: "mail_outbox", name: "mail" },
        }),
      ],
      request: { params: IdParam, body: noParametersBody },
      responses: { 200: jsonResponse(MailSchema, "Retried"), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(
        await retryMail(
          deps,
          await resolveWorkspaceScope(c, deps, { secretOnly: true }),
          c.req.valid("param").id,
          c.get("clientIp") ?? null,
        ),
        200,
      ),
  );
  return app;
}
