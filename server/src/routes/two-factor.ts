import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse, noParametersBody } from "../http/openapi.ts";
import { requestOrigin } from "../http/origin.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { newRouter } from "../http/router.ts";
import { SessionGrantSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import {
  confirmTotpEnrollment,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpEnrollment,
  twoFactorStatus,
} from "../services/two-factor/enrollment.ts";
import { proofOf } from "../services/two-factor/proof.ts";
import {
  assertionOf,
  PasskeyAssertionSchema,
  RecoveryCodesSchema,
  TotpEnrollmentSchema,
  TwoFactorStatusSchema,
} from "../services/two-factor/schemas.ts";
import { verifySecondFactorSignIn } from "../services/two-factor/sign-in.ts";
import { stepUp } from "../services/two-factor/step-up.ts";

const Code = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .openapi({ description: "The 6-digit code the authenticator app shows now", example: "492039" });
const RecoveryCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .openapi({ description: "One of the recovery codes (`xxxx-xxxx`, any case); each works once" });

const ConfirmBody = z.strictObject({ code: Code }).openapi("TotpConfirmRequest");
const ProofFields = {
  code: Code.optional(),
  recovery_code: RecoveryCode.optional(),
  passkey: PasskeyAssertionSchema.optional(),
};
const VerifyBody = z
  .strictObject({
    challenge_token: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "The `mfa_…` token sign-in answered" }),
    ...ProofFields,
  })
  .openapi("SecondFactorVerifyRequest", {
    description:
      "The challenge and exactly one of code, recovery_code, passkey (an answer to POST /v1/auth/two-factor/passkey-options)",
  });
const StepUpBody = z.strictObject(ProofFields).openapi("SecondFactorStepUpRequest", {
  description:
    "Exactly one of code, recovery_code, passkey (an answer to POST /v1/auth/passkeys/step-up-options)",
});
const StepUpSchema = z
  .object({
    second_factor_at: z.number().int().openapi({ description: "Unix seconds: when this session proved it" }),
    fresh_until: z
      .number()
      .int()
      .openapi({ description: "Unix seconds: guarded actions are allowed until then" }),
  })
  .openapi("SecondFactorStepUp");

/**
 * The second factor: an authenticator app (TOTP) and its recovery codes, managed by the signed-in
 * user; completing a sign-in that asked for it; and proving it again before guarded actions.
 */
export function twoFactorRoutes(deps: Deps, limits: { signIn: RateLimiter }) {
  const app = newRouter();
  // The caller's own account: signed-in users only, whatever workspace they are in.
  const ownAccount = guard(deps, { permission: null, keys: "none", target: "account" });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/two-factor",
      tags: ["Auth"],
      summary: "Whether the signed-in user has a second factor, and how many recovery codes are left",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: { 200: jsonResponse(TwoFactorStatusSchema, "Second factor"), ...errorResponses(401) },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await twoFactorStatus(deps.db, session.userId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/totp",
      tags: ["Auth"],
      summary: "Start adding an authenticator app: a new secret, pending until a first code confirms it",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: noParametersBody },
      responses: {
        200: jsonResponse(TotpEnrollmentSchema, "The secret, as an otpauth URL and as text"),
        ...errorResponses(401, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await startTotpEnrollment(deps, session.userId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/totp/confirm",
      tags: ["Auth"],
      summary:
        "Activate the authenticator with a first code; answers ten recovery codes, once. Other sessions are signed out",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: jsonBody(ConfirmBody) },
      responses: { 200: jsonResponse(RecoveryCodesSchema, "Recovery codes"), ...errorResponses(401, 409) },
    }),
    async (c) => {
      const session = requireSession(c);
      const { code } = c.req.valid("json");
      return c.json(await confirmTotpEnrollment(deps, session, code, requestOrigin(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/auth/two-factor/totp",
      tags: ["Auth"],
      summary:
        "Remove the authenticator and recovery codes (needs a second factor proved in the last 5 minutes). Other sessions are signed out",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: { 200: jsonResponse(TwoFactorStatusSchema, "Removed"), ...errorResponses(401, 403, 409) },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await removeTotp(deps, session, requestOrigin(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/recovery-codes",
      tags: ["Auth"],
      summary:
        "Replace every recovery code with ten new ones (needs a second factor proved in the last 5 minutes)",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: noParametersBody },
      responses: {
        200: jsonResponse(RecoveryCodesSchema, "Recovery codes"),
        ...errorResponses(401, 403, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await regenerateRecoveryCodes(deps, session, requestOrigin(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/verify",
      tags: ["Auth"],
      summary:
        "Complete a sign-in that asked for the second factor: the challenge token with a code, a recovery code or a passkey's answer",
      request: { body: jsonBody(VerifyBody) },
      responses: { 200: jsonResponse(SessionGrantSchema, "Session"), ...errorResponses(401) },
    }),
    async (c) => {
      await limits.signIn.take(`signin:${c.get("clientIp")}`);
      const { passkey, ...input } = c.req.valid("json");
      const proof = { ...input, passkey: passkey && assertionOf(passkey) };
      return c.json(await verifySecondFactorSignIn(deps, proof, requestOrigin(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/step-up",
      tags: ["Auth"],
      summary: "Prove the second factor again for this session, allowing guarded actions for 5 minutes",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: jsonBody(StepUpBody) },
      responses: { 200: jsonResponse(StepUpSchema, "Proved"), ...errorResponses(401, 409) },
    }),
    async (c) => {
      const session = requireSession(c);
      const { passkey, ...codes } = c.req.valid("json");
      const proof = proofOf({ ...codes, passkey: passkey && assertionOf(passkey) });
      return c.json(await stepUp(deps, session, proof, requestOrigin(c)), 200);
    },
  );

  return app;
}
