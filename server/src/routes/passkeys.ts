import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  DeletedSchema,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  noParametersBody,
} from "../http/openapi.ts";
import { requestOrigin } from "../http/origin.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import { newRouter } from "../http/router.ts";
import { SessionGrantSchema } from "../http/schemas.ts";
import { requireSession } from "../services/access.ts";
import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  secondFactorPasskeyOptions,
  signInPasskeyOptions,
  signInWithPasskey,
  stepUpPasskeyOptions,
} from "../services/two-factor/passkeys.ts";
import {
  assertionOf,
  PasskeyAssertionSchema,
  PasskeyCreationOptionsSchema,
  PasskeyRegistrationResponseSchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  registrationOf,
} from "../services/two-factor/schemas.ts";

const Name = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .openapi({ description: 'What the user calls it ("YubiKey", "Work laptop")', example: "Work laptop" });

const RegisterBody = z
  .strictObject({
    name: Name.optional().openapi({ description: "Default: the browser and system it was added from" }),
    response: PasskeyRegistrationResponseSchema,
  })
  .openapi("PasskeyRegisterRequest");
const RenameBody = z.strictObject({ name: Name }).openapi("PasskeyRenameRequest");
const SignInBody = z.strictObject({ response: PasskeyAssertionSchema }).openapi("PasskeySignInRequest");
const SecondFactorOptionsBody = z
  .strictObject({
    challenge_token: z
      .string()
      .min(1)
      .max(100)
      .openapi({ description: "The `mfa_…` token sign-in answered" }),
  })
  .openapi("PasskeySecondFactorOptionsRequest");

/**
 * Passkeys (WebAuthn): the signed-in user's list of them, adding and removing one; options for a
 * passkey to answer a sign-in's second-factor challenge or a step-up; and signing in with a passkey
 * alone. Each ceremony is two calls: options (a challenge the server keeps for five minutes), then
 * the browser's answer.
 */
export function passkeyRoutes(deps: Deps, limits: { signIn: RateLimiter }) {
  const app = newRouter();
  const tags = ["Auth"];
  // The caller's own account: signed-in users only, whatever workspace they are in.
  const ownAccount = guard(deps, { permission: null, keys: "none", target: "account" });
  const limitSignIn = (ip: string) => limits.signIn.take(`signin:${ip}`);

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/auth/passkeys",
      tags,
      summary: "Your passkeys",
      security: bearerSecurity,
      middleware: [ownAccount],
      responses: {
        200: jsonResponse(
          z.object({ object: z.literal("list"), data: z.array(PasskeySchema) }).openapi("PasskeyList"),
          "Passkeys, oldest first",
        ),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const { userId } = requireSession(c);
      return c.json({ object: "list" as const, data: await listPasskeys(deps.db, userId) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/passkeys/registration-options",
      tags,
      summary:
        "Options to create a passkey for your account (needs a second factor proved in the last 5 minutes, if you have one)",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: noParametersBody },
      responses: {
        200: jsonResponse(PasskeyCreationOptionsSchema, "Creation options"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await passkeyRegistrationOptions(deps, session), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/passkeys",
      tags,
      summary:
        "Add the passkey the browser created from the registration options. Other sessions are signed out",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: jsonBody(RegisterBody) },
      responses: {
        201: jsonResponse(PasskeySchema, "Added"),
        ...errorResponses(401, 403, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      const { name, response } = c.req.valid("json");
      const passkey = await registerPasskey(
        deps,
        session,
        { name, response: registrationOf(response) },
        requestOrigin(c),
      );
      return c.json(passkey, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/auth/passkeys/{id}",
      tags,
      summary: "Rename one of your passkeys",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { params: IdParam, body: jsonBody(RenameBody) },
      responses: { 200: jsonResponse(PasskeySchema, "Renamed"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const { userId } = requireSession(c);
      const { id } = c.req.valid("param");
      return c.json(await renamePasskey(deps, userId, id, c.req.valid("json").name), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/auth/passkeys/{id}",
      tags,
      summary:
        "Remove one of your passkeys (needs a second factor proved in the last 5 minutes). Other sessions are signed out",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Removed"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const session = requireSession(c);
      const { id } = c.req.valid("param");
      await removePasskey(deps, session, id, requestOrigin(c));
      return c.json({ id, object: "passkey", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/passkeys/step-up-options",
      tags,
      summary:
        "Options for one of your passkeys to prove the second factor again (answer with POST /v1/auth/two-factor/step-up)",
      security: bearerSecurity,
      middleware: [ownAccount],
      request: { body: noParametersBody },
      responses: {
        200: jsonResponse(PasskeyRequestOptionsSchema, "Request options"),
        ...errorResponses(401, 409),
      },
    }),
    async (c) => {
      const session = requireSession(c);
      return c.json(await stepUpPasskeyOptions(deps, session), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/two-factor/passkey-options",
      tags,
      summary:
        "Options for a passkey to meet a sign-in's second-factor challenge (answer with POST /v1/auth/two-factor/verify)",
      request: { body: jsonBody(SecondFactorOptionsBody) },
      responses: {
        200: jsonResponse(PasskeyRequestOptionsSchema, "Request options"),
        ...errorResponses(401, 409),
      },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      return c.json(await secondFactorPasskeyOptions(deps, c.req.valid("json").challenge_token), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/passkeys/sign-in-options",
      tags,
      summary: "Options to sign in with a passkey alone: the browser offers the passkeys it holds for sPay",
      request: { body: noParametersBody },
      responses: { 200: jsonResponse(PasskeyRequestOptionsSchema, "Request options"), ...errorResponses() },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      return c.json(await signInPasskeyOptions(deps), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/auth/passkeys/sign-in",
      tags,
      summary:
        "Sign in with a passkey alone: one that verified its user is both factors, so no second-factor challenge follows",
      request: { body: jsonBody(SignInBody) },
      responses: { 200: jsonResponse(SessionGrantSchema, "Session"), ...errorResponses(401) },
    }),
    async (c) => {
      await limitSignIn(c.get("clientIp"));
      const { response } = c.req.valid("json");
      return c.json(await signInWithPasskey(deps, assertionOf(response), requestOrigin(c)), 200);
    },
  );

  return app;
}
