import { createRoute, z } from "@hono/zod-openapi";
import {
  ASSETS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  TERMINAL_STATUSES,
} from "@spay/protocol";
import { streamSSE } from "hono/streaming";
import { TXID_PATTERN } from "../chain/client.ts";
import type { PaymentIntentRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { MAX_AMOUNT_MINOR } from "../domain/money.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { pendingClaim } from "../http/idempotency.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { PaymentEventSchema, PaymentIntentSchema } from "../http/schemas.ts";
import { ownsRow, resolveWorkspaceScope } from "../services/access.ts";
import * as intents from "../services/payment-intents.ts";
import { submitTransaction } from "../services/settlement/submit.ts";

/**
 * The intent stream re-reads the row when the database announces a change to it (the change feed,
 * LISTEN/NOTIFY), so an idle open stream runs no query. As a safety net against a notification lost
 * in a way the feed cannot see, it also re-reads every {@link INTENT_STREAM_SAFETY_READ_MS}: at 1,000
 * open checkouts that is ~33 queries a second where polling every 250 ms was 4,000.
 */
const INTENT_STREAM_SAFETY_READ_MS = 30_000;
const INTENT_STREAM_HEARTBEAT_MS = 15_000;

/** One server-sent message of an intent stream, with the status it reports. */
interface IntentStreamMessage {
  /** The intent's JSON: what a stream compares to know whether it has sent this state. */
  data: string;
  status: PaymentStatus;
  /** The whole `event: payment_intent` frame, encoded once for every stream that sends it. */
  frame: Uint8Array;
}

const encoder = new TextEncoder();

/** A server-sent event frame (the JSON is one line: it holds no raw line break). */
function sseFrame(event: string, id: string, data: string): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${data}\nid: ${id}\n\n`);
}

const Amount = z.number().int().min(1).max(MAX_AMOUNT_MINOR);
const Metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, "at most 50 keys");

const CreateIntentBody = z
  .strictObject({
    amount_minor: Amount.optional().openapi({
      description:
        "Amount in cents. Optional with product_id or payment_link (their catalogue price is used; a different amount is refused with amount_mismatch). A publishable key may only send its own amount when the workspace allows custom amounts from the browser.",
    }),
    amount_usd: Amount.optional().openapi({ description: "Alias of amount_minor (cents)" }),
    currency: z
      .string()
      .transform((c) => c.toLowerCase())
      .pipe(z.literal("usd"))
      .default("usd"),
    asset: z
      .string()
      .transform((a) => a.toLowerCase())
      .pipe(z.enum(ASSETS))
      .default("sbtc"),
    customer_email: z.string().trim().max(254).pipe(z.email()).optional(),
    shipping_address: z.record(z.string().max(100), z.unknown()).nullable().optional(),
    metadata: Metadata.optional(),
    product_id: z
      .string()
      .max(100)
      .optional()
      .openapi({ description: "A product of this environment: the intent costs its price; sold out → 409" }),
    payment_link: z.string().max(100).optional().openapi({
      description: "An active payment link of this environment: the intent costs its product's price",
    }),
    merchant_principal: z.string().max(64).optional(),
    payment_method: z.enum(PAYMENT_METHODS).optional(),
    env: z
      .enum(["test", "live"])
      .optional()
      .openapi({ description: "Must match the key's environment when sent" }),
    /** Legacy onboarding clients send a status on create; only the initial one is meaningful. */
    status: z.enum(["requires_payment", "requires_payment_method"]).optional(),
    expires_in: z
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .optional()
      .openapi({ description: "Seconds until expiry (default 900)" }),
  })
  .openapi("CreatePaymentIntentRequest");

const ListQuery = PaginationQuery.extend({
  status: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const values = s.split(",").map((v) => v.trim());
      for (const v of values) {
        if (!(PAYMENT_STATUSES as readonly string[]).includes(v)) {
          ctx.addIssue({ code: "custom", message: `unknown status '${v}'` });
          return z.NEVER;
        }
      }
      return values as (typeof PAYMENT_STATUSES)[number][];
    })
    .openapi({ type: "string", description: "One status or a comma-separated list" }),
});

const SubmitBody = z
  .strictObject({
    txid: z
      .string()
      .regex(TXID_PATTERN, "must be a 32-byte hex transaction id")
      .openapi({ example: "0x5c3f…" }),
    payment_method: z.enum(PAYMENT_METHODS).optional(),
  })
  .openapi("SubmitTransactionRequest");

/**
 * The client secret a publishable key must present to reach an intent by id (see
 * `assertIntentAccess`); secret keys and sessions need none. A query parameter, as Stripe's, so an
 * EventSource can send it and no CORS preflight header is needed.
 */
const ClientSecretQuery = z.object({
  client_secret: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "The intent's `client_secret`; required with a publishable key" }),
});

const CancelBody = z
  .strictObject({ cancellation_reason: z.enum(intents.CANCELLATION_REASONS).optional() })
  .openapi("CancelPaymentIntentRequest");

export function paymentIntentRoutes(deps: Deps) {
  /**
   * The message every stream of an intent sends for one read of its row. The streams of an intent
   * share that read (change-feed.ts), so its view, client secret, JSON and encoded frame are made
   * once for all of them: a paid intent watched by a thousand checkout pages is serialized once, not
   * a thousand times.
   */
  const messages = new WeakMap<PaymentIntentRow, IntentStreamMessage>();
  const streamMessage = (row: PaymentIntentRow): IntentStreamMessage => {
    let message = messages.get(row);
    if (!message) {
      const view = intents.withClientSecret(deps, intents.paymentIntentView(deps, row));
      const data = JSON.stringify(view);
      message = {
        data,
        status: view.status,
        frame: sseFrame("payment_intent", `${view.id}:${view.status}`, data),
      };
      messages.set(row, message);
    }
    return message;
  };
  const app = newRouter();
  const tags = ["Payment intents"];

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/payment_intents",
      tags,
      summary: "Create a payment intent (publishable or secret key; send an Idempotency-Key)",
      description:
        "With `product_id` or `payment_link` the price comes from the catalogue. A publishable key may only create intents for an active product or payment link of its environment, unless the workspace allows custom amounts from the browser (`custom_amount_not_allowed`).",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.write", keys: "any", target: "request" })],
      request: {
        headers: z.object({ "idempotency-key": z.string().max(255).optional() }),
        body: jsonBody(CreateIntentBody),
      },
      responses: {
        201: jsonResponse(PaymentIntentSchema, "Created"),
        ...errorResponses(401, 403, 404, 409, 410),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const { amount_minor, amount_usd, status: _status, ...body } = c.req.valid("json");
      // Missing only when a product or payment link prices the intent (the service decides).
      const amount = amount_minor ?? amount_usd;
      if (amount_minor !== undefined && amount_usd !== undefined && amount_minor !== amount_usd) {
        throw new ApiError("parameter_invalid", {
          message: "amount_minor and amount_usd disagree",
          param: "amount_usd",
        });
      }
      // The creator — the merchant's server or the browser's publishable key — gets the secret. With
      // an Idempotency-Key, the key's claim and this answer are stored by the creating statement.
      const claim = pendingClaim(c);
      let answered: intents.PaymentIntentView | undefined;
      const created = await intents.createPaymentIntent(
        deps,
        scope,
        { ...body, amount_minor: amount },
        {
          idempotency: claim && {
            claim,
            status: 201,
            answer: (view) => {
              answered = intents.withClientSecret(deps, view);
              return JSON.stringify(answered);
            },
          },
        },
      );
      return c.json(answered ?? intents.withClientSecret(deps, created), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payment_intents",
      tags,
      summary: "List payment intents, newest first (secret key or session)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "secret", target: "request" })],
      request: { query: ListQuery },
      responses: {
        200: jsonResponse(
          listOf(PaymentIntentSchema, "PaymentIntentList").extend({
            payment_intents: z.array(PaymentIntentSchema),
          }),
          "List",
        ),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const page = await intents.listPaymentIntents(deps, scope, c.req.valid("query"), c.req.path);
      return c.json({ ...page, payment_intents: page.data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payment_intents/{id}",
      tags,
      summary:
        "Retrieve a payment intent (a publishable key with the intent's client_secret: the checkout follows its status)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "any",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, query: ClientSecretQuery },
      responses: { 200: jsonResponse(PaymentIntentSchema, "Payment intent"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const { id } = c.req.valid("param");
      intents.assertIntentAccess(deps, scope.principal, id, c.req.valid("query").client_secret);
      return c.json(intents.withClientSecret(deps, await intents.getPaymentIntent(deps, scope, id)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/payment_intents/{id}/cancel",
      tags,
      summary: "Cancel an unpaid payment intent",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.write",
          keys: "secret",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, body: { ...jsonBody(CancelBody), required: false } },
      responses: {
        200: jsonResponse(PaymentIntentSchema, "Canceled"),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const body = (c.req.valid("json") ?? {}) as z.infer<typeof CancelBody>;
      const canceled = await intents.cancelPaymentIntent(
        deps,
        scope,
        c.req.valid("param").id,
        body.cancellation_reason,
      );
      return c.json(intents.withClientSecret(deps, canceled), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/payment_intents/{id}/submit",
      tags,
      summary:
        "Report the txid of the transfer the checkout broadcast (a publishable key with the intent's client_secret)",
      description:
        "A hint, never a claim: the gateway looks the transaction up and it counts only for the intent whose memo it carries. When the memo is this intent's, the intent moves to `transaction_broadcast` and the watcher verifies it on chain; while the chain does not know the txid yet, the intent is returned unchanged and the watcher resolves the report. A transaction whose memo names another intent, or none (an unmatched transfer the merchant may assign), is refused with `transaction_not_for_intent` and settles nothing here. Reporting a transaction for an expired intent records a late payment.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.write",
          keys: "any",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, query: ClientSecretQuery, body: jsonBody(SubmitBody) },
      responses: { 200: jsonResponse(PaymentIntentSchema, "Recorded"), ...errorResponses(401, 404, 409) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const { id } = c.req.valid("param");
      intents.assertIntentAccess(deps, scope.principal, id, c.req.valid("query").client_secret);
      const { txid, payment_method } = c.req.valid("json");
      const submitted = await submitTransaction(deps, scope, id, txid, payment_method);
      return c.json(intents.withClientSecret(deps, submitted), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payment_intents/{id}/stream",
      tags,
      summary:
        "Server-sent events: the intent now and after every change, until a terminal status (a publishable key with the intent's client_secret)",
      description:
        "Each message is `event: payment_intent` with the intent JSON as data; the stream ends after `payment_settled`, `failed`, `canceled` or `expired`.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "any",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, query: ClientSecretQuery },
      responses: {
        200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const id = c.req.valid("param").id;
      intents.assertIntentAccess(deps, scope.principal, id, c.req.valid("query").client_secret);
      // Every stream on the intent shares one read per change (change-feed.ts), so the row is read
      // by id alone and each stream checks its own access to it.
      const read = async (fresh = false) => {
        const row = await deps.changes.sharedIntentRead(id, () => intents.findIntentById(deps.db, id), fresh);
        if (!row || !ownsRow(scope, row)) throw notFound("payment_intent", id);
        return streamMessage(row);
      };
      // Watch before the first read: a change committed after it always wakes this stream.
      const watch = deps.changes.watchIntent(id);
      let current: Awaited<ReturnType<typeof read>>;
      try {
        current = await read();
      } catch (error) {
        watch.close();
        throw error;
      }
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => watch.close());
        try {
          let sent = "";
          let lastBeat = Date.now();
          let lastRead = Date.now();
          while (!stream.aborted && !stream.closed) {
            if (current.data !== sent) {
              await stream.write(current.frame);
              sent = current.data;
            }
            if (TERMINAL_STATUSES.includes(current.status)) break;
            const now = Date.now();
            const woke = await watch.next(
              Math.min(lastBeat + INTENT_STREAM_HEARTBEAT_MS, lastRead + INTENT_STREAM_SAFETY_READ_MS) - now,
            );
            // The client left, or the server is shutting down (the feed closed every watch).
            if (woke === "closed" || stream.aborted || stream.closed) break;
            if (Date.now() - lastBeat >= INTENT_STREAM_HEARTBEAT_MS) {
              await stream.write(": keep-alive\n\n");
              lastBeat = Date.now();
            }
            if (woke === "changed" || Date.now() - lastRead >= INTENT_STREAM_SAFETY_READ_MS) {
              current = await read(woke !== "changed");
              lastRead = Date.now();
            }
          }
        } finally {
          watch.close();
        }
      });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/payment_intents/{id}/events",
      tags,
      summary: "Status history of a payment intent (a publishable key with the intent's client_secret)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "any",
          target: { table: "payment_intents", name: "payment intent" },
        }),
      ],
      request: { params: IdParam, query: ClientSecretQuery },
      responses: {
        200: jsonResponse(
          z.object({ object: z.literal("list"), data: z.array(PaymentEventSchema), has_more: z.boolean() }),
          "Events",
        ),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const { id } = c.req.valid("param");
      intents.assertIntentAccess(deps, scope.principal, id, c.req.valid("query").client_secret);
      const rows = await intents.listPaymentEvents(deps, scope, id);
      return c.json(
        {
          object: "list" as const,
          data: rows.map((r) => ({
            id: r.id,
            object: "payment_event" as const,
            payment_intent_id: r.payment_intent_id,
            from_status: r.from_status,
            to_status: r.to_status,
            reason: r.reason,
            txid: r.txid,
            created_at: r.created_at,
          })),
          has_more: false,
        },
        200,
      );
    },
  );

  return app;
}
