import { errorCode } from "../api/http.ts";
import { AUTH } from "../messages.ts";

/** SPEC.md §8 "Auth": the message shown for a failed register or sign-in. */
export function authErrorMessage(err: unknown): string {
  switch (errorCode(err)) {
    case "email_already_exists":
      return AUTH.emailExists;
    case "invalid_credentials":
      return AUTH.invalidCredentials;
    default:
      return AUTH.failed;
  }
}
