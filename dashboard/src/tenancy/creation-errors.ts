import { errorCode, errorMessage } from "../api/http.ts";
import { CREATION_ERRORS } from "../messages.ts";

/** SPEC.md §8 "Creation": the message for a failed organization or workspace creation. */
export function creationErrorMessage(err: unknown, what: "organization" | "workspace"): string {
  if (errorCode(err) === "slug_taken") {
    return what === "organization" ? CREATION_ERRORS.orgSlugTaken : CREATION_ERRORS.workspaceSlugTaken;
  }
  if (err instanceof Error) {
    return what === "organization"
      ? CREATION_ERRORS.orgFailed(errorMessage(err))
      : CREATION_ERRORS.workspaceFailed(errorMessage(err));
  }
  return CREATION_ERRORS.bothFailed;
}
