import { ERRORS } from "@spay/protocol";
import { SPayError } from "@spay/sdk";
import { FIELD_ERRORS } from "../messages.ts";

/** A failed call explained for the form: the field it is about (the API's `param`) and plain words. */
export interface FieldError {
  /** The request parameter the error is about (`description`, `price_minor`, …), or null. */
  param: string | null;
  message: string;
}

/** Validator texts (zod, as the server's edge reports them) and their plain-words equivalent. */
const VALIDATOR_TEXTS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/received undefined/i, () => FIELD_ERRORS.required],
  [/too big: expected (?:string|array) to have <=\s*(\d+)/i, (m) => FIELD_ERRORS.atMostChars(Number(m[1]))],
  [/too small: expected (?:string|array) to have >=\s*1\b/i, () => FIELD_ERRORS.required],
  [
    /too small: expected (?:string|array) to have >=\s*(\d+)/i,
    (m) => FIELD_ERRORS.atLeastChars(Number(m[1])),
  ],
  [/too big: expected number to be <=\s*(-?[\d.]+)/i, (m) => FIELD_ERRORS.atMost(Number(m[1]))],
  [/too big: expected number to be <\s*(-?[\d.]+)/i, (m) => FIELD_ERRORS.atMost(Number(m[1]) - 1)],
  [/too small: expected number to be >=\s*(-?[\d.]+)/i, (m) => FIELD_ERRORS.atLeast(Number(m[1]))],
  [/too small: expected number to be >\s*(-?[\d.]+)/i, (m) => FIELD_ERRORS.above(Number(m[1]))],
  [/expected int\b/i, () => FIELD_ERRORS.wholeNumber],
  [/expected number/i, () => FIELD_ERRORS.number],
  [/invalid url/i, () => FIELD_ERRORS.url],
  [/invalid email/i, () => FIELD_ERRORS.email],
  [/invalid option|expected one of/i, () => FIELD_ERRORS.choice],
  [/must match pattern|invalid string/i, () => FIELD_ERRORS.format],
];

/**
 * The plain-words form of a validation message: `Invalid slug: Too big: expected string to have
 * <=48 characters` → `Use at most 48 characters`. A rule's own hint (the server's custom zod
 * message, already in words, e.g. "use lowercase letters, digits and single hyphens") keeps its
 * words, capitalized; anything else that reads like validator output becomes a generic sentence.
 */
export function plainValidationText(raw: string): string {
  const detail = raw.replace(/^Invalid [\w.[\]]+: /, "").trim();
  for (const [pattern, text] of VALIDATOR_TEXTS) {
    const m = detail.match(pattern);
    if (m) return text(m);
  }
  // A server-written hint: lowercase words only, no validator jargon (`<=`, `expected`, quotes).
  if (/^[a-z][a-z ,'-]+$/i.test(detail) && !/expected|invalid/i.test(detail)) {
    return detail.charAt(0).toUpperCase() + detail.slice(1);
  }
  return FIELD_ERRORS.invalid;
}

/** The opening of the server's reason for a weak password, the one server text shown as sent. */
const WEAK_PASSWORD_REASON = /^This password is too easy to guess\.(?: [A-Z][^<>{}]*)?$/;

/** The API's own message for codes whose catalogue text is written for people (SPEC.md §8). */
function catalogueText(code: string): string | null {
  const entry = (ERRORS as Record<string, { message: string } | undefined>)[code];
  return entry ? entry.message : null;
}

/**
 * One place that turns a failed API call into the field it concerns and plain words:
 * validation answers (`parameter_invalid`, `parameter_missing`, `parameter_unknown`) are
 * translated; other API codes use `overrides[code]`, else the API's catalogue text; a request that
 * got no answer, or a server failure, reads as such.
 */
export function fieldErrorOf(err: unknown, overrides: Record<string, string> = {}): FieldError {
  if (!(err instanceof SPayError)) {
    return { param: null, message: err instanceof Error && err.message ? err.message : FIELD_ERRORS.invalid };
  }
  const param = err.param ?? null;
  const override = overrides[err.code];
  if (override) return { param, message: override };
  switch (err.code) {
    case "parameter_invalid":
      if (/cannot be stored/i.test(err.message)) return { param, message: FIELD_ERRORS.unstorable };
      return { param, message: plainValidationText(err.message) };
    case "parameter_missing":
      return { param, message: FIELD_ERRORS.required };
    case "parameter_unknown":
      return { param, message: FIELD_ERRORS.unknownField };
    case "network_error":
      return { param, message: FIELD_ERRORS.network };
    case "password_too_weak":
      // Written for people by the server: the catalogue's sentence, then the strength estimator's
      // warning and suggestions (server/src/domain/password-strength.ts). Anything else: the catalogue.
      if (WEAK_PASSWORD_REASON.test(err.message)) return { param, message: err.message };
      break;
  }
  if (err.status >= 500) return { param, message: FIELD_ERRORS.server };
  return { param, message: catalogueText(err.code) ?? plainValidationText(err.message) };
}
