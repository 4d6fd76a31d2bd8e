import { fieldErrorOf } from "../api/field-errors.ts";
import { errorCode } from "../api/http.ts";
import { CREATION_ERRORS, TENANCY } from "./messages.ts";

/** Where a creation error belongs in the form: the name or slug field it is about, or the form. */
export interface CreationError {
  field: "name" | "slug" | null;
  message: string;
}

/**
 * SPEC.md §8 "Creation": why an organization or workspace was not created, in plain words
 * (validator text never shows), with the field it is about when the server named one.
 */
export function creationError(err: unknown, what: "organization" | "workspace"): CreationError {
  if (errorCode(err) === "slug_taken") {
    return {
      field: "slug",
      message: what === "organization" ? CREATION_ERRORS.orgSlugTaken : CREATION_ERRORS.workspaceSlugTaken,
    };
  }
  if (!(err instanceof Error)) return { field: null, message: CREATION_ERRORS.bothFailed };
  const { param, message } = fieldErrorOf(err);
  const field = param === "name" || param === "slug" ? param : null;
  if (field) return { field, message: `${field === "name" ? TENANCY.name : TENANCY.slug}: ${message}` };
  return {
    field: null,
    message:
      what === "organization" ? CREATION_ERRORS.orgFailed(message) : CREATION_ERRORS.workspaceFailed(message),
  };
}

/** The message alone, for forms that show one error line. */
export function creationErrorMessage(err: unknown, what: "organization" | "workspace"): string {
  return creationError(err, what).message;
}
