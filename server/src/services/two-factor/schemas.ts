import { z } from "@hono/zod-openapi";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { SessionGrantSchema } from "../../http/schemas.ts";

/**
 * Schemas of the second factor, written once: the OpenAPI document (and so the generated API types)
 * and the services' types both come from them.
 */
const ts = z.number().int().openapi({ description: "Unix seconds" });

export const SecondFactorChallengeSchema = z
  .object({
    second_factor_required: z.literal(true),
    challenge_token: z.string().openapi({
      description:
        "`mfa_…`: send it with a code or a passkey's answer to POST /v1/auth/two-factor/verify; single-use, 5 attempts, expires at `expires_at`",
    }),
    methods: z.array(z.enum(["totp", "recovery_code", "passkey"])).openapi({
      description:
        "What the account can answer with: `passkey` takes options from POST /v1/auth/two-factor/passkey-options",
    }),
    expires_at: ts,
  })
  .openapi("SecondFactorChallenge");

/**
 * What a first factor (password, wallet) answers: the session, or — when the account has a second
 * factor — a challenge for it and no session. Tell them apart by `second_factor_required`.
 */
export const SignInResultSchema = z
  .union([SessionGrantSchema, SecondFactorChallengeSchema])
  .openapi("SignInResult", {}, { unionPreferredType: "oneOf" });

export const TotpEnrollmentSchema = z
  .object({
    otpauth_url: z.string().openapi({ description: "`otpauth://totp/…`: show it as a QR code" }),
    secret: z.string().openapi({ description: "The same secret in base32, for typing in by hand" }),
  })
  .openapi("TotpEnrollment");

export const RecoveryCodesSchema = z
  .object({
    recovery_codes: z.array(z.string()).openapi({
      description: "Ten single-use codes (`xxxx-xxxx`), shown only now: the server keeps only their hashes",
    }),
  })
  .openapi("RecoveryCodes");

export const TwoFactorStatusSchema = z
  .object({
    totp: z.object({
      enabled: z.boolean(),
      created_at: ts.nullable().openapi({ description: "When the authenticator was confirmed" }),
    }),
    recovery_codes_remaining: z.number().int(),
    passkeys: z.number().int().openapi({ description: "How many passkeys the account has" }),
    enabled: z
      .boolean()
      .openapi({ description: "The account has a second factor: an authenticator app or a passkey" }),
  })
  .openapi("TwoFactorStatus");

/**
 * Passkeys (WebAuthn). Requests carry what the browser made — `PublicKeyCredential.toJSON()` of
 * `navigator.credentials.create()` or `.get()` (or @simplewebauthn/browser's startRegistration and
 * startAuthentication) — and answers carry the options to give it. Binary fields are base64url.
 */
const Base64Url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/, "base64url, without padding");
const AuthenticatorAttachment = z.enum(["platform", "cross-platform"]).nullable().optional();
const ClientExtensionResults = z.record(z.string(), z.unknown()).default({});

export const PasskeyRegistrationResponseSchema = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url,
      authenticatorData: Base64Url.optional(),
      transports: z.array(z.string().max(32)).max(16).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: Base64Url.optional(),
    }),
    authenticatorAttachment: AuthenticatorAttachment,
    clientExtensionResults: ClientExtensionResults,
  })
  .openapi("PasskeyRegistrationResponse", {
    description: "The new credential, as `PublicKeyCredential.toJSON()` gives it",
  });

export const PasskeyAssertionSchema = z
  .object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Base64Url.nullable().optional(),
    }),
    authenticatorAttachment: AuthenticatorAttachment,
    clientExtensionResults: ClientExtensionResults,
  })
  .openapi("PasskeyAssertion", {
    description:
      "A passkey's signed answer to options from this server, as `PublicKeyCredential.toJSON()` gives it",
  });

const CredentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

export const PasskeyCreationOptionsSchema = z
  .object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number().int() })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(CredentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.unknown().optional(),
  })
  .openapi("PasskeyCreationOptions", {
    description:
      "`PublicKeyCredentialCreationOptionsJSON`: give it to `PublicKeyCredential.parseCreationOptionsFromJSON()` and `navigator.credentials.create()`; good for 5 minutes, once",
  });

export const PasskeyRequestOptionsSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(CredentialDescriptor).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: z.unknown().optional(),
  })
  .openapi("PasskeyRequestOptions", {
    description:
      "`PublicKeyCredentialRequestOptionsJSON`: give it to `PublicKeyCredential.parseRequestOptionsFromJSON()` and `navigator.credentials.get()`; good for 5 minutes, once",
  });

export const PasskeySchema = z
  .object({
    id: z.string(),
    object: z.literal("passkey"),
    name: z.string(),
    backed_up: z.boolean().openapi({ description: "Synced by its provider (a multi-device passkey)" }),
    transports: z.array(z.string()),
    created_at: ts,
    last_used_at: ts.nullable(),
  })
  .openapi("Passkey");

/**
 * The validated body's answer as the WebAuthn library types it: the same fields, with extension
 * results (which the server does not read) left as the browser sent them.
 */
export function registrationOf(
  body: z.infer<typeof PasskeyRegistrationResponseSchema>,
): RegistrationResponseJSON {
  return {
    ...body,
    authenticatorAttachment: body.authenticatorAttachment ?? undefined,
    clientExtensionResults: body.clientExtensionResults as RegistrationResponseJSON["clientExtensionResults"],
  };
}

/** As {@link registrationOf}, for a passkey's signed answer. */
export function assertionOf(body: z.infer<typeof PasskeyAssertionSchema>): AuthenticationResponseJSON {
  return {
    ...body,
    response: { ...body.response, userHandle: body.response.userHandle ?? undefined },
    authenticatorAttachment: body.authenticatorAttachment ?? undefined,
    clientExtensionResults:
      body.clientExtensionResults as AuthenticationResponseJSON["clientExtensionResults"],
  };
}
