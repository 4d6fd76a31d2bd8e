import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../../db/database.ts";
import { ApiError } from "../../domain/errors.ts";
import type { Deps } from "../../http/context.ts";
import { recordAudit } from "../audit-log.ts";
import type { RequestOrigin } from "../auth.ts";
import { recoveryCodesRemaining, spendRecoveryCode } from "./recovery-codes.ts";
import { totpStepOf } from "./totp.ts";
import { spendAssertion, verifyAssertion } from "./webauthn.ts";

/**
 * A proof of the second factor: a code from the authenticator app, one recovery code, or a passkey's
 * signed answer to options the server issued.
 */
export type SecondFactorProof =
  | { method: "totp"; code: string }
  | { method: "recovery_code"; code: string }
  | { method: "passkey"; response: AuthenticationResponseJSON };

/**
 * What a passkey's options were issued for, which its answer must match: this sign-in's challenge
 * (the hash of its token), or this session's step-up.
 */
export type PasskeyScope = { purpose: "second_factor" | "step_up"; boundTo: string };

/** The proof a request body carries: exactly one of `code`, `recovery_code` and `passkey`. */
export function proofOf(body: {
  code?: string | undefined;
  recovery_code?: string | undefined;
  passkey?: AuthenticationResponseJSON | undefined;
}): SecondFactorProof {
  const sent = [body.code, body.recovery_code, body.passkey].filter((p) => p !== undefined).length;
  if (sent > 1)
    throw new ApiError("parameter_invalid", {
      param: body.passkey !== undefined ? "passkey" : "recovery_code",
      message: "Send one of code, recovery_code and passkey",
    });
  if (body.code !== undefined) return { method: "totp", code: body.code };
  if (body.recovery_code !== undefined) return { method: "recovery_code", code: body.recovery_code };
  if (body.passkey !== undefined) return { method: "passkey", response: body.passkey };
  throw new ApiError("parameter_missing", {
    param: "code",
    message:
      "Send a code from your authenticator app (code), a recovery code (recovery_code) or a passkey's answer (passkey)",
  });
}

/**
 * Spends the proof in `trx` when it is right and answers true; answers false, having written
 * nothing, when it is not. A TOTP code is accepted once: its time step must be newer than the last
 * one accepted, checked and stored in one conditional update so two requests racing with the same
 * code cannot both pass. A recovery code is spent for good. A passkey's answer must be to options
 * issued for `passkeyScope`, and its challenge is spent.
 */
export async function spendSecondFactor(
  deps: Deps,
  trx: Db,
  userId: string,
  proof: SecondFactorProof,
  origin: RequestOrigin,
  passkeyScope: PasskeyScope,
): Promise<boolean> {
  if (proof.method === "passkey") {
    const verified = await verifyAssertion(deps, trx, proof.response, {
      purpose: passkeyScope.purpose,
      userId,
      boundTo: passkeyScope.boundTo,
      requireUserVerification: false,
    });
    return verified !== null && (await spendAssertion(trx, verified));
  }
  if (proof.method === "recovery_code") {
    if (!(await spendRecoveryCode(deps, trx, userId, proof.code))) return false;
    await recordAudit(trx, {
      action: "user.recovery_code_used",
      actor: { kind: "user", userId },
      ip: origin.ip,
      object: { type: "user", id: userId },
      details: { remaining: await recoveryCodesRemaining(trx, userId) },
    });
    return true;
  }
  const totp = await trx
    .selectFrom("user_totp")
    .select(["secret_sealed"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!totp) return false;
  const step = totpStepOf(deps.secrets.open(totp.secret_sealed), proof.code);
  if (step === null) return false;
  const accepted = await trx
    .updateTable("user_totp")
    .set({ last_used_step: step })
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .returning("user_id")
    .executeTakeFirst();
  return accepted !== undefined;
}
