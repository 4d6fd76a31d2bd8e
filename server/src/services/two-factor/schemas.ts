import { z } from "@hono/zod-openapi";
import { SessionGrantSchema } from "../../http/schemas.ts";

/**
 * Response schemas of the second factor, written once: the OpenAPI document (and so the generated
 * API types) and the services' return types both come from them.
 */
const ts = z.number().int().openapi({ description: "Unix seconds" });

export const SecondFactorChallengeSchema = z
  .object({
    second_factor_required: z.literal(true),
    challenge_token: z.string().openapi({
      description:
        "`mfa_…`: send it with a code to POST /v1/auth/two-factor/verify; single-use, 5 attempts, expires at `expires_at`",
    }),
    methods: z.array(z.enum(["totp", "recovery_code"])),
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
  })
  .openapi("TwoFactorStatus");
