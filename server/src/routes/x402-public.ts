/**
 * The public facilitator: x402 servers others wrote (x402-stacks' `paymentMiddleware`, @x402's
 * resource servers) settle through sPay with no header at all. The URL names the merchant's
 * environment by its publishable key — public by design, revocable, and tied to one workspace and
 * one environment (test keys settle on testnet, live keys on mainnet):
 *
 *   {gateway}/x402/{pk}            settle answers once the transaction is in the mempool
 *   {gateway}/x402/{pk}/confirmed  settle answers once the transaction succeeded on chain
 *
 * each answering `GET /supported`, `POST /verify`, `POST /settle` in the x402 reference shapes. A
 * request's `waitForConfirmation` (the client's choice) overrides the URL's (the server's).
 * Only signed transactions are settled here: a txid names a transfer already on chain that anyone
 * may have seen, so without a secret key it proves nothing about who paid for what. Payments are
 * held to the workspace's verified payout address and the tokens sPay settles, used once (txid),
 * recorded as x402 intents (Payments, webhooks), and rate-limited per merchant and per payer.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { X402Error } from "@spay/protocol/x402";
import { ApiError } from "../domain/errors.ts";
import { signedTransferFacts } from "../domain/x402/transfer.ts";
import { keyPrincipal } from "../http/authenticate.ts";
import type { Deps } from "../http/context.ts";
import { errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { newRouter } from "../http/router.ts";
import type { WorkspaceScope } from "../services/access.ts";
import { supportedKinds } from "../services/x402/facilitator.ts";
import {
  FacilitatorRequest,
  type Parsed,
  parse,
  SettleResponse,
  SupportedResponse,
  settleParsed,
  VerifyResponse,
  verifyParsed,
} from "./x402.ts";

/** When `settle` answers, as the facilitator URL chose it. */
const MODES = [
  { suffix: "", confirmed: false, says: "in the mempool" },
  { suffix: "/confirmed", confirmed: true, says: "succeeded on chain" },
] as const;

const FacilitatorKey = z.object({
  facilitatorKey: z
    .string()
    .max(200)
    .openapi({ description: "The environment's publishable key (pk_test_… / pk_live_…)" }),
});

export interface PublicFacilitatorLimits {
  /** Per merchant: the facilitator key's bucket, shared with the key's other API calls. */
  merchant: RateLimiter;
  /** Per payer address. */
  payer: RateLimiter;
}

/** The workspace and environment a facilitator key names; only an active publishable key does. */
async function facilitatorScope(
  deps: Deps,
  key: string,
  limits: PublicFacilitatorLimits,
): Promise<WorkspaceScope> {
  if (!/^pk_(test|live)_/.test(key)) throw new ApiError("facilitator_not_found");
  const principal = await keyPrincipal(deps, key).catch((err: unknown) => {
    if (err instanceof ApiError) throw new ApiError("facilitator_not_found");
    throw err;
  });
  if (principal.kind !== "api_key") throw new ApiError("facilitator_not_found");
  await limits.merchant.take(`key:${principal.keyId}`);
  return {
    workspaceId: principal.workspaceId,
    environmentId: principal.environmentId,
    env: principal.env,
    principal,
  };
}

/** A payment the public facilitator can take: a signed transaction, its payer rate-limited. */
async function publicPayment(parsed: Parsed, limits: PublicFacilitatorLimits): Promise<Parsed> {
  if (!parsed.ok) return parsed;
  if (parsed.proof.kind !== "transaction")
    return {
      ok: false,
      reason: "invalid_payload",
      message: "the public facilitator settles signed transactions (payload.transaction), not txids",
      network: parsed.proof.network,
    };
  try {
    await limits.payer.take(`payer:${signedTransferFacts(parsed.proof.hex).payer}`);
  } catch (err) {
    if (err instanceof X402Error)
      return { ok: false, reason: err.reason, message: err.message, network: parsed.proof.network };
    throw err;
  }
  return parsed;
}

export function publicFacilitatorRoutes(deps: Deps, limits: PublicFacilitatorLimits) {
  const app = newRouter();
  const tags = ["x402"];
  for (const mode of MODES) {
    const base = `/x402/{facilitatorKey}${mode.suffix}`;
    app.openapi(
      createRoute({
        method: "get",
        path: `${base}/supported`,
        tags,
        summary: `Public facilitator (settle answers ${mode.says}): the payment kinds it settles`,
        request: { params: FacilitatorKey },
        responses: { 200: jsonResponse(SupportedResponse, "Kinds"), ...errorResponses(404, 429) },
      }),
      async (c) => {
        const scope = await facilitatorScope(deps, c.req.valid("param").facilitatorKey, limits);
        return c.json(supportedKinds(scope.env), 200);
      },
    );

    app.openapi(
      createRoute({
        method: "post",
        path: `${base}/verify`,
        tags,
        summary: `Public facilitator (settle answers ${mode.says}): check a signed payment without broadcasting`,
        request: { params: FacilitatorKey, body: jsonBody(FacilitatorRequest) },
        responses: { 200: jsonResponse(VerifyResponse, "Verdict"), ...errorResponses(404, 429) },
      }),
      async (c) => {
        const scope = await facilitatorScope(deps, c.req.valid("param").facilitatorKey, limits);
        const body = c.req.valid("json");
        return c.json(await verifyParsed(deps, scope, await publicPayment(parse(body), limits), body), 200);
      },
    );

    app.openapi(
      createRoute({
        method: "post",
        path: `${base}/settle`,
        tags,
        summary: `Public facilitator: verify, broadcast and record a signed payment; success means ${mode.says}`,
        request: { params: FacilitatorKey, body: jsonBody(FacilitatorRequest) },
        responses: { 200: jsonResponse(SettleResponse, "Outcome"), ...errorResponses(404, 429) },
      }),
      async (c) => {
        const scope = await facilitatorScope(deps, c.req.valid("param").facilitatorKey, limits);
        const body = c.req.valid("json");
        const payment = await publicPayment(parse(body), limits);
        return c.json(await settleParsed(deps, scope, payment, body, mode.confirmed), 200);
      },
    );
  }
  return app;
}
