/**
 * The x402 `payment-identifier` extension (x402-foundation/x402 specs/extensions/payment_identifier.md;
 * `@x402/extensions/payment-identifier` 2.27.0): a client-chosen idempotency key. The server
 * declares it in the 402's `extensions["payment-identifier"]` as `{info: {required}, schema}`; the
 * client echoes the declaration in its payment's `extensions` with `info.id` added.
 */
import { isObject, type Json, printable } from "./wire.ts";

export const PAYMENT_IDENTIFIER = "payment-identifier";
export const PAYMENT_ID_MIN_LENGTH = 16;
export const PAYMENT_ID_MAX_LENGTH = 128;
/** Letters, digits, hyphens and underscores. */
export const PAYMENT_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

/** The JSON Schema (draft 2020-12) of the extension's `info`, as the spec publishes it. */
export const PAYMENT_IDENTIFIER_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    required: { type: "boolean" },
    id: {
      type: "string",
      minLength: PAYMENT_ID_MIN_LENGTH,
      maxLength: PAYMENT_ID_MAX_LENGTH,
      pattern: "^[a-zA-Z0-9_-]+$",
    },
  },
  required: ["required"],
} as const;

/** `extensions["payment-identifier"]`: the server's declaration, or the client's echo with `id`. */
export interface X402PaymentIdentifierExtension {
  info: { required: boolean; id?: string };
  schema: typeof PAYMENT_IDENTIFIER_SCHEMA;
}

/** 16–128 letters, digits, `-` or `_`. */
export function isValidPaymentId(id: unknown): id is string {
  return (
    typeof id === "string" &&
    id.length >= PAYMENT_ID_MIN_LENGTH &&
    id.length <= PAYMENT_ID_MAX_LENGTH &&
    PAYMENT_ID_PATTERN.test(id)
  );
}

/** The server's declaration for a 402's `extensions` (`required`: clients must send an id). */
export function declarePaymentIdentifier(required = false): X402PaymentIdentifierExtension {
  return { info: { required }, schema: PAYMENT_IDENTIFIER_SCHEMA };
}

/** What a 402's extensions say of payment identifiers: not declared, or declared (and required or not). */
export function paymentIdentifierDeclared(extensions: unknown): { required: boolean } | null {
  const ext = isObject(extensions) ? extensions[PAYMENT_IDENTIFIER] : undefined;
  if (!isObject(ext) || !isObject(ext.info) || typeof ext.info.required !== "boolean") return null;
  return { required: ext.info.required };
}

/**
 * The payment's extensions with `id` appended to the server's declaration (the client's echo),
 * or null when the server did not declare the extension.
 */
export function withPaymentIdentifier(serverExtensions: unknown, id: string): Json | null {
  const declared = paymentIdentifierDeclared(serverExtensions);
  if (!declared) return null;
  if (!isValidPaymentId(id))
    throw new TypeError(`payment identifier ${JSON.stringify(id)} is not 16-128 of [a-zA-Z0-9_-]`);
  return {
    [PAYMENT_IDENTIFIER]: {
      info: { required: declared.required, id },
      schema: PAYMENT_IDENTIFIER_SCHEMA,
    },
  };
}

/**
 * The identifier a decoded payment carries (`extensions["payment-identifier"].info.id`): absent
 * (`null`), a valid id, or `invalid` (present but not 16–128 of `[a-zA-Z0-9_-]`).
 */
export function readPaymentIdentifier(payment: Json): { id: string } | { invalid: string } | null {
  const ext = isObject(payment.extensions) ? payment.extensions[PAYMENT_IDENTIFIER] : undefined;
  if (ext === undefined) return null;
  const id = isObject(ext) && isObject(ext.info) ? ext.info.id : undefined;
  if (id === undefined) return null;
  return isValidPaymentId(id) ? { id } : { invalid: printable(id).slice(0, 200) };
}
