import { base64Decode, base64Encode, utf8Decode, utf8Encode } from "./base64.ts";
import { isObject, type Json, X402Error } from "./wire.ts";

/** Header values beyond this many characters are refused before decoding. */
export const MAX_HEADER_LENGTH = 64 * 1024;

/** An x402 header value: standard base64 of the UTF-8 JSON of `value`. */
export function encodeX402Header(value: unknown): string {
  return base64Encode(utf8Encode(JSON.stringify(value)));
}

/** Reads an x402 header value; anything but base64 of a UTF-8 JSON object is `invalid_payload`. */
export function decodeX402Header(value: string): Json {
  if (value.length > MAX_HEADER_LENGTH) throw new X402Error("invalid_payload", "x402 header is too large");
  const bytes = base64Decode(value.trim());
  const text = bytes && utf8Decode(bytes);
  let parsed: unknown;
  try {
    if (text === null || text === undefined) throw new SyntaxError("not base64 of UTF-8");
    parsed = JSON.parse(text);
  } catch {
    throw new X402Error("invalid_payload", "x402 header is not base64 of UTF-8 JSON");
  }
  if (!isObject(parsed)) throw new X402Error("invalid_payload", "x402 header must hold a JSON object");
  return parsed;
}
