import { errorCode, errorMessage } from "../api/http.ts";
import { AUTH } from "./messages.ts";

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
