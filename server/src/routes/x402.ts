import { createRoute, z } from "@hono/zod-openapi";
import { ASSETS } from "@spay/protocol";
import {
  decodeX402Header as decodeHeader,
  type PaymentProof,
  parsePaymentProof,
  parseRequirement,
  v1NetworkName,
  X402Error,
} from "@spay/protocol/x402";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { resolveWorkspaceScope, type WorkspaceScope } from "../services/access.ts";
import { type StatedRequirement, supportedKinds, verifyPayment } from "../services/x402/facilitator.ts";
import { issueRequirements } from "../services/x402/requirements.ts";
import { settlePayment } from "../services/x402/settle.ts";

const Offer = z
  .object({
    asset: z.enum(ASSETS),
    amount: z
      .string()
      .regex(/^[1-9]\d{0,30}$/)
      .optional()
      .openapi({ description: "Exact price in the token's atomic units (USDC: 1000 = $0.001; sBTC: sats)" }),
    price: z
      .string()
      .max(32)
      .optional()
      .openapi({ description: "…or a dollar price (`$0.001`), converted and rounded up to whole units" }),
  })
  .refine((o) => (o.amount === undefined) !== (o.price === undefined), {
    message: "give exactly one of amount and price",
  });

const RequirementsRequest = z
  .object({
    resource: z.object({
      url: z.string().url().max(2048),
      description: z.string().max(500).optional(),
      mimeType: z.string().max(100).optional(),
    }),
    accepts: z.array(Offer).min(1).max(ASSETS.length),
    maxTimeoutSeconds: z.number().int().min(10).max(3600).optional(),
  })
  .openapi("X402RequirementsRequest");

const PaymentRequired = z
  .object({
    x402Version: z.literal(2),
    resource: z.object({ url: z.string(), description: z.string(), mimeType: z.string() }),
    accepts: z.array(
      z.object({
        scheme: z.string(),
        network: z.string(),
        amount: z.string(),
        asset: z.string(),
        payTo: z.string(),
        maxTimeoutSeconds: z.number().int(),
        extra: z.object({
          nonce: z.string(),
          expiresAt: z.number().int(),
          decimals: z.number().int(),
          tokenType: z.string(),
          assetName: z.string(),
          symbol: z.string(),
        }),
      }),
    ),
  })
  .openapi("X402PaymentRequired");

export const FacilitatorRequest = z
  .object({
    x402Version: z.number().int().optional(),
    paymentPayload: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "The client's payment, decoded (v2, v1 or SPEC.md proof form)" }),
    paymentHeader: z
      .string()
      .max(65_536)
      .optional()
      .openapi({ description: "…or the raw base64 header value" }),
    paymentRequirements: z.record(z.string(), z.unknown()).openapi({
      description:
        "The requirement the payment answers (an accepts[] entry or a SPEC.md scheme); with requireIssued, `{resource}` alone: the payment's memo names the issued requirement",
    }),
    requireIssued: z.boolean().optional().openapi({
      description:
        "The requirement's nonce must be one this gateway issued (POST /v1/x402/requirements); its terms are enforced",
    }),
    waitForConfirmation: z.boolean().optional().openapi({
      description: "settle: answer after the transaction succeeded on chain, not when it entered the mempool",
    }),
  })
  .openapi("X402FacilitatorRequest");

export const VerifyResponse = z
  .object({
    isValid: z.boolean(),
    invalidReason: z.string().optional(),
    invalidMessage: z.string().optional(),
    payer: z.string().optional(),
  })
  .openapi("X402VerifyResponse");
export const SettleResponse = z
  .object({
    success: z.boolean(),
    errorReason: z.string().optional(),
    errorMessage: z.string().optional(),
    payer: z.string().optional(),
    transaction: z.string(),
    network: z.string(),
    payment_intent_id: z.string().optional(),
  })
  .openapi("X402SettleResponse");
export const SupportedResponse = z
  .object({
    kinds: z.array(z.object({ x402Version: z.number().int(), scheme: z.string(), network: z.string() })),
    extensions: z.array(z.string()),
    signers: z.record(z.string(), z.array(z.string())),
  })
  .openapi("X402SupportedResponse");

export type Parsed =
  | { ok: true; proof: PaymentProof; requirement: StatedRequirement }
  | { ok: false; reason: string; message: string; network: string };

/** Malformed payments are answers (`invalid_payload`, …), never 500s. */
export function parse(body: z.infer<typeof FacilitatorRequest>): Parsed {
  const network =
    typeof body.paymentRequirements.network === "string" ? body.paymentRequirements.network : "";
  try {
    const payload = body.paymentPayload ?? (body.paymentHeader ? decodeHeader(body.paymentHeader) : null);
    if (!payload) throw new X402Error("invalid_payload", "send paymentPayload or paymentHeader");
    const stated = body.paymentRequirements;
    // A paywall names only the resource: the payment's memo says which issued requirement it answers.
    const byMemo =
      body.requireIssued === true && stated.payTo === undefined && stated.recipient === undefined;
    return {
      ok: true,
      proof: parsePaymentProof(payload),
      requirement: byMemo
        ? { byMemo: true, resource: typeof stated.resource === "string" ? stated.resource : null }
        : parseRequirement(stated),
    };
  } catch (err) {
    if (err instanceof X402Error) return { ok: false, reason: err.reason, message: err.message, network };
    throw err;
  }
}

/** The verdict on a parsed payment: a payment that could not be read is an invalid one. */
export function verifyParsed(
  deps: Deps,
  scope: WorkspaceScope,
  parsed: Parsed,
  body: { requireIssued?: boolean | undefined },
): Promise<z.infer<typeof VerifyResponse>> {
  if (!parsed.ok)
    return Promise.resolve({ isValid: false, invalidReason: parsed.reason, invalidMessage: parsed.message });
  return verifyPayment(deps, scope, parsed.proof, parsed.requirement, { requireIssued: body.requireIssued });
}

/** The outcome of settling a parsed payment; `confirmedByDefault` when the request does not say. */
export function settleParsed(
  deps: Deps,
  scope: WorkspaceScope,
  parsed: Parsed,
  body: { requireIssued?: boolean | undefined; waitForConfirmation?: boolean | undefined },
  confirmedByDefault: boolean,
): Promise<z.infer<typeof SettleResponse>> {
  if (!parsed.ok)
    return Promise.resolve({
      success: false,
      errorReason: parsed.reason,
      errorMessage: parsed.message,
      transaction: "",
      network: parsed.network,
    });
  return settlePayment(deps, scope, parsed.proof, parsed.requirement, {
    waitForConfirmation: body.waitForConfirmation ?? confirmedByDefault,
    requireIssued: body.requireIssued,
  }).then((settled) =>
    // A v1 payment hears its network by word, as its requirements and `/supported` v1 kinds say it.
    parsed.proof.version === 1 ? { ...settled, network: v1NetworkName(settled.network) } : settled,
  );
}

/** The gateway as x402 facilitator for the merchant's own paid APIs (secret key). */
export function x402Routes(deps: Deps) {
  const app = newRouter();
  const tags = ["x402"];

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/x402/requirements",
      tags,
      summary: "Issue fresh payment requirements (nonce, expiry, payout address) for a paid resource",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "x402.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(RequirementsRequest) },
      responses: {
        200: jsonResponse(PaymentRequired, "x402 v2 requirements, ready for a 402 answer"),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      return c.json(await issueRequirements(deps, scope, c.req.valid("json")), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/x402/verify",
      tags,
      summary: "Check a payment against a requirement without broadcasting",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "x402.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(FacilitatorRequest) },
      responses: { 200: jsonResponse(VerifyResponse, "Verdict"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const body = c.req.valid("json");
      return c.json(await verifyParsed(deps, scope, parse(body), body), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/x402/settle",
      tags,
      summary: "Verify, broadcast (or look up) and record the payment; each payment settles once",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "x402.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(FacilitatorRequest) },
      responses: { 200: jsonResponse(SettleResponse, "Outcome"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const body = c.req.valid("json");
      return c.json(await settleParsed(deps, scope, parse(body), body, false), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/x402/supported",
      tags,
      summary: "The payment kinds this facilitator settles",
      responses: { 200: jsonResponse(SupportedResponse, "Kinds"), ...errorResponses() },
    }),
    (c) => c.json(supportedKinds(), 200),
  );

  return app;
}
