import { fieldErrorOf } from "../api/field-errors.ts";
import { errorCode, errorMessage, retryAfterSeconds } from "../api/http.ts";
import { AUTH, SECOND_FACTOR } from "./messages.ts";

/**
 * SPEC.md §8 "Auth": the message shown for a failed register or sign-in. A weak password shows the
 * server's reason (the strength estimator's warning and suggestions), which only it can know.
 */
export function authErrorMessage(err: unknown): string {
  switch (errorCode(err)) {
    case "email_already_exists":
      return AUTH.emailExists;
    case "invalid_credentials":
      return AUTH.invalidCredentials;
    case "password_too_weak":
      return errorMessage(err) || AUTH.passwordTooWeak;
    case "sign_in_throttled":
      return AUTH.signInThrottled;
    default:
      return AUTH.failed;
  }
}

/**
 * A refused second factor in words, at sign-in and at step-up: a wrong or spent code, a passkey
 * the server could not verify, too many wrong codes (with the wait the server named), a sign-in
 * that expired; anything else as any failed call reads.
 */
export function secondFactorErrorText(err: unknown): string {
  switch (errorCode(err)) {
    case "invalid_second_factor_code":
      return SECOND_FACTOR.invalidCode;
    case "passkey_invalid":
      return SECOND_FACTOR.passkeyInvalid;
    case "second_factor_throttled": {
      const seconds = retryAfterSeconds(err);
      return SECOND_FACTOR.throttled(seconds === null ? null : Math.max(1, Math.ceil(seconds / 60)));
    }
    case "second_factor_challenge_invalid":
      return SECOND_FACTOR.challengeExpired;
    default:
      return fieldErrorOf(err).message;
  }
}
