import { createRoute, z } from "@hono/zod-openapi";
import { roleCan } from "@spay/protocol";
import type { Context } from "hono";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import {
  ApiKeySchema,
  OnboardingStatusSchema,
  OnboardingWebhookSchema,
  PayoutWalletVerificationSchema,
} from "../http/schemas.ts";
import { assertWorkspaceAccess, requireSession } from "../services/access.ts";
import * as onboarding from "../services/onboarding.ts";
import { connectOnboardingWebhook } from "../services/webhooks/onboarding-webhook.ts";
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

const WebhookStepBody = z
  .strictObject({ url: z.string().trim().min(1).max(2048) })
  .openapi("OnboardingWebhookRequest");

/** Onboarding calls name their workspace in X-Workspace-Id, checked against the session's memberships. */
async function onboardingWorkspace(c: Context<AppEnv>, deps: Deps) {
  const session = requireSession(c);
  const workspaceId = c.req.header("x-workspace-id")?.trim();
  if (!workspaceId) throw new ApiError("workspace_required", { param: "X-Workspace-Id" });
  const principal = { kind: "session" as const, ...session };
  await assertWorkspaceAccess(deps, principal, workspaceId);
  return { userId: session.userId, workspaceId, principal };
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
      middleware: [
        guard(deps, { permission: "payout_wallet.write", keys: "none", target: "request", stepUp: true }),
      ],
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
      method: "post",
      path: "/onboarding/webhook",
      tags,
      summary: "Register the webhook URL as a sandbox endpoint (or reuse it) and send it a signed test",
      description:
        "The endpoint is subscribed to the payment events; its signing secret is in `endpoint.secret` only when `created`. The test joins the endpoint's delivery log; a 2xx answer marks the step 'webhook tested'.",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "webhooks.write", keys: "none", target: "request" })],
      request: { headers, body: jsonBody(WebhookStepBody) },
      responses: {
        200: jsonResponse(OnboardingWebhookSchema, "Endpoint and test outcome (ok or not)"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { workspaceId, principal } = await onboardingWorkspace(c, deps);
      const scope = { workspaceId, environmentId: null, env: null, principal };
      return c.json(
        await connectOnboardingWebhook(deps, scope, c.req.valid("json").url, c.get("clientIp")),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/onboarding/status",
      tags,
      summary: "Onboarding progress of a workspace",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "workspace.read", keys: "none", target: "request" })],
      request: { headers },
      responses: { 200: jsonResponse(OnboardingStatusSchema, "Status"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { workspaceId } = await onboardingWorkspace(c, deps);
      const status = await onboarding.onboardingStatus(deps, workspaceId);
      // The progress is every member's; the keys it lists (masked) only for those who may see keys.
      const role = c.get("member")?.role;
      if (role && !roleCan(role, "developers.read")) return c.json({ ...status, api_keys: [] }, 200);
      return c.json(status, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/onboarding/api-keys",
      tags,
      summary: "Active API keys of a workspace (secret keys masked)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "developers.read", keys: "none", target: "request" })],
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
