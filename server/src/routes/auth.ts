import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import { bearerSecurity, errorResponses, jsonBody, jsonResponse } from "../http/openapi.ts";
import { requestOrigin } from "../http/origin.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { newRouter } from "../http/router.ts";
import { OkSchema, SessionGrantSchema, UserSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import * as auth from "../services/auth.ts";
import { SignInResultSchema } from "../services/two-factor/schemas.ts";

const Email = z.string().trim().max(254).pipe(z.email());
const Password = z.string().min(8, "must be at least 8 characters").max(200);

const RegisterBody = z
  .strictObject({ email: Email, password: Password, name: z.string().trim().max(100).optional() })
  .openapi("RegisterRequest");
const LoginBody = z
  .strictObject({ email: Email, password: z.string().min(1).max(200) })
  .openapi("LoginRequest");
const ProfileBody = z
  .strictObject({ name: z.string().trim().min(1).max(100).optional(), email: Email.optional() })
  .openapi("ProfileUpdateRequest");
const PasswordBody = z
  .strictObject({
    current_password: z.string().min(1).max(200).optional().openapi({
      description: "Required unless the account has no password yet (wallet sign-in only)",
    }),
    new_password: Password,
  })
  .openapi("PasswordChangeRequest");
const ChallengeQuery = z.object({
  address: z.string().min(1).max(64),
  purpose: z.enum(["sign_in", "payout_wallet"]).default("sign_in"),
});
const ChallengeSchema = z
  .object({
    message: z.string(),
    nonce: z.string(),
    address: z.string(),
    issued_at: z.number().int(),
    expires_at: z.number().int(),
  })
  .openapi("WalletChallenge");
export const SignedChallengeFields = {
  address: z.string().min(1).max(64),
  signature: z.string().min(1).max(200).openapi({ description: "RSV signature, hex" }),
  public_key: z
    .string()
    .min(1)
    .max(200)
    .openapi({ description: "Compressed or uncompressed secp256k1 key, hex" }),
  nonce: z.string().max(64).optional(),
  message: z.string().max(2000).optional(),
};
const WalletVerifyBody = z.strictObject(SignedChallengeFields).openapi("WalletVerifyRequest");

export function authRoutes(deps: Deps, limits: { signIn: RateLimiter; challenge: RateLimiter }) {
  const app = newRouter();
  const limitSignIn = (ip: string) => limits.signIn.take(`signin:${ip}`);

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/register",
      tags: ["Auth"],
      summary: "Create an account with email and password",
      request: { body: jsonBody(RegisterBody) },
      responses: { 201: jsonResponse(SessionGrantSchema, "Account and session"), ...errorResponses(409) },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      return c.json(await auth.register(deps, c.req.valid("json"), requestOrigin(c)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/login",
      tags: ["Auth"],
      summary: "Sign in with email and password",
      request: { body: jsonBody(LoginBody) },
      responses: {
        200: jsonResponse(SignInResultSchema, "Session, or a challenge for the account's second factor"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      return c.json(await auth.login(deps, c.req.valid("json"), requestOrigin(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/logout",
      tags: ["Auth"],
      summary: "Revoke the current session",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      responses: { 200: jsonResponse(OkSchema, "Revoked"), ...errorResponses(401) },
    }),
    async (c) => {
      const session = requireSession(c);
      await auth.logout(deps, session.sessionId);
      return c.json({ ok: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/session",
      tags: ["Auth"],
      summary: "The signed-in user (validates a stored session)",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      responses: {
        200: jsonResponse(z.object({ user: UserSchema }), "Current user"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json({ user: await auth.currentUser(deps, session.userId) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/auth/session",
      tags: ["Auth"],
      summary: "Change the signed-in user's name or email",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { body: jsonBody(ProfileBody) },
      responses: {
        200: jsonResponse(z.object({ user: UserSchema }), "Updated user"),
        ...errorResponses(400, 401, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json({ user: await auth.updateProfile(deps, session.userId, c.req.valid("json")) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/password",
      tags: ["Auth"],
      summary: "Change the password; the user's other sessions are signed out",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: null, keys: "none", target: "account" })],
      request: { body: jsonBody(PasswordBody) },
      responses: { 200: jsonResponse(OkSchema, "Changed"), ...errorResponses(400, 401) },
    }),
    async (c) => {
      const session = requireSession(c);
      await auth.changePassword(deps, session, c.req.valid("json"), requestOrigin(c));
      return c.json({ ok: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/wallet/challenge",
      tags: ["Auth"],
      summary: "A single-use message for a Stacks wallet to sign (expires in 5 minutes)",
      request: { query: ChallengeQuery },
      responses: { 200: jsonResponse(ChallengeSchema, "Challenge"), ...errorResponses() },
    }),
    async (c) => {
      await limits.challenge.take(`challenge:${c.get("clientIp")}`);
      const { address, purpose } = c.req.valid("query");
      return c.json(await auth.issueWalletChallenge(deps, address, purpose), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/wallet/verify",
      tags: ["Auth"],
      summary: "Sign in with a signed wallet challenge",
      request: { body: jsonBody(WalletVerifyBody) },
      responses: {
        200: jsonResponse(SignInResultSchema, "Session, or a challenge for the account's second factor"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      return c.json(await auth.walletSignIn(deps, c.req.valid("json"), requestOrigin(c)), 200);
    },
  );

  return app;
}
