import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { ApiKeySchema, OnboardingStatusSchema, PayoutWalletVerificationSchema } from "../http/schemas.ts";
import { assertWorkspaceAccess, requireSession } from "../services/access.ts";
import * as onboarding from "../services/onboarding.ts";
import { SignedChallengeFields } from "./auth.ts";

// Optional to zod so that a missing header reaches the handler and answers `workspace_required`.
const headers = z.object({
  "x-workspace-id": z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "The workspace being onboarded (required)" }),
});

const WalletVerifyBody = z
  .strictObject({
    ...SignedChallengeFields,
    bitcoin_payment_address: z.string().max(100).optional(),
    bitcoin_payment_publickey: z.string().max(200).optional(),
    bitcoin_ordinals_address: z.string().max(100).optional(),
    bitcoin_ordinals_publickey: z.string().max(200).optional(),
  })
  .openapi("PayoutWalletVerifyRequest");

/** Onboarding calls name their workspace in X-Workspace-Id, checked against the session's memberships. */
async function onboardingWorkspace(c: Context<AppEnv>, deps: Deps) {
  const session = requireSession(c);
  const workspaceId = c.req.header("x-workspace-id")?.trim();
  if (!workspaceId) throw new ApiError("workspace_required", { param: "X-Workspace-Id" });
  await assertWorkspaceAccess(deps, { kind: "session", ...session }, workspaceId);
  return { userId: session.userId, workspaceId };
}

export function onboardingRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Onboarding"];

  app.openapi(
    createRoute({
      method: "post",
      path: "/onboarding/wallet/verify",
      tags,
      summary: "Verify the payout wallet (server-side signature check); creates test keys",
      description:
        "Get a challenge with `GET /v1/auth/wallet/challenge?address=…&purpose=payout_wallet`, sign it in the wallet, and send the signature and public key.",
      security: bearerSecurity,
      request: { headers, body: jsonBody(WalletVerifyBody) },
      responses: {
        200: jsonResponse(PayoutWalletVerificationSchema, "Verified"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { userId, workspaceId } = await onboardingWorkspace(c, deps);
      const verified = await onboarding.verifyPayoutWallet(
        deps,
        userId,
        workspaceId,
        c.req.valid("json"),
        c.get("clientIp"),
      );
      return c.json(verified, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/onboarding/status",
      tags,
      summary: "Onboarding progress of a workspace",
      security: bearerSecurity,
      request: { headers },
      responses: { 200: jsonResponse(OnboardingStatusSchema, "Status"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { workspaceId } = await onboardingWorkspace(c, deps);
      return c.json(await onboarding.onboardingStatus(deps, workspaceId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/onboarding/api-keys",
      tags,
      summary: "Active API keys of a workspace (secret keys masked)",
      security: bearerSecurity,
      request: { headers },
      responses: {
        200: jsonResponse(z.object({ api_keys: z.array(ApiKeySchema) }), "Keys"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { workspaceId } = await onboardingWorkspace(c, deps);
      return c.json({ api_keys: await onboarding.onboardingApiKeys(deps, workspaceId) }, 200);
    },
  );

  return app;
}
