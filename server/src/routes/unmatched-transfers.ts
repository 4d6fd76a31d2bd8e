import { createRoute, z } from "@hono/zod-openapi";
import { TXID_PATTERN } from "../chain/client.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { assignUnmatchedTransfer, listUnmatchedTransfers } from "../services/settlement/unmatched.ts";

const UnmatchedTransferSchema = z
  .object({
    id: z.string().openapi({ description: "The txid" }),
    object: z.literal("unmatched_transfer"),
    txid: z.string(),
    env: z.enum(["test", "live"]),
    recipient: z.string(),
    token_contract: z.string(),
    asset: z.string(),
    amount: z.string().openapi({ description: "In the token's smallest unit (sats, USDC micro-units)" }),
    sender: z.string(),
    memo: z.string().nullable(),
    block_height: z.number().int().nullable(),
    assigned_payment_intent: z.string().nullable(),
    assigned_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .openapi("UnmatchedTransfer");

const TxidParam = z.object({
  txid: z
    .string()
    .regex(TXID_PATTERN)
    .openapi({ param: { name: "txid", in: "path" }, example: `0x${"ab".repeat(32)}` }),
});

const AssignBody = z
  .strictObject({ payment_intent: z.string().min(1).max(100).openapi({ example: "pi_123" }) })
  .openapi("AssignUnmatchedTransferRequest");

/** Transfers into the payout address whose memo names no intent; the merchant may assign them. */
export function unmatchedTransferRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Unmatched transfers"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/unmatched_transfers",
      tags,
      summary: "List transfers into the payout address that named no payment intent, newest first",
      description:
        "A transfer counts only for the intent whose memo it carries. One with no memo, or a memo naming no intent of this payout address and token, settles nothing by itself and is listed here (secret key or session; this workspace and environment).",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: PaginationQuery },
      responses: {
        200: jsonResponse(listOf(UnmatchedTransferSchema, "UnmatchedTransferList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json(await listUnmatchedTransfers(deps, await scope(c), c.req.valid("query"), c.req.path), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/unmatched_transfers/{txid}/assign",
      tags,
      summary: "Assign an unmatched transfer to a payment intent (secret key or session)",
      description:
        "The intent must be of this workspace and environment, paid to the same address in the same token, and open or expired. The transfer then counts for it through the normal settlement path (payment event reason `assigned_by_merchant`), and the assignment is recorded in the audit log (`transfer.assigned`). A transfer already assigned or already counted answers 409 `transfer_already_assigned`.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "transfers.assign",
          keys: "secret",
          target: { table: "unmatched_transfers", name: "unmatched transfer", param: "txid", column: "txid" },
        }),
      ],
      request: { params: TxidParam, body: jsonBody(AssignBody) },
      responses: {
        200: jsonResponse(UnmatchedTransferSchema, "Assigned"),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const s = await scope(c);
      const { payment_intent } = c.req.valid("json");
      return c.json(
        await assignUnmatchedTransfer(deps, s, c.req.valid("param").txid, payment_intent, c.get("clientIp")),
        200,
      );
    },
  );

  return app;
}
