/**
 * The x402 offer-and-receipt extension's wire shapes (x402-foundation/x402
 * specs/extensions/extension-offer-and-receipt.md v0.6; `@x402/extensions/offer-receipt` 2.27.0):
 * signed offers in the 402's `extensions["offer-receipt"].info.offers[]`, a signed receipt in the
 * settlement response's `extensions["offer-receipt"].info.receipt`. sPay signs in the `jws`
 * format (compact JWS, payload canonicalized per RFC 8785); signing itself is the SDK's.
 */
import { base64Decode, utf8Decode } from "./base64.ts";
import { isObject, type Json } from "./wire.ts";

export const OFFER_RECEIPT = "offer-receipt";
/** Payload schema version of offers and receipts. */
export const OFFER_RECEIPT_VERSION = 1;

/** §4.2: what a signed offer commits to (one `accepts[]` entry). */
export interface X402OfferPayload {
  version: number;
  resourceUrl: string;
  scheme: string;
  /** CAIP-2. */
  network: string;
  asset: string;
  payTo: string;
  amount: string;
  /** Unix seconds; 0 or absent: no expiry. */
  validUntil?: number;
}

/** §5.2: what a signed receipt states. `transaction` is left out unless the server opts in. */
export interface X402ReceiptPayload {
  version: number;
  /** CAIP-2. */
  network: string;
  resourceUrl: string;
  payer: string;
  /** Unix seconds. */
  issuedAt: number;
  transaction?: string;
}

/** §3.1, JWS format: `payload` is omitted (it is inside the compact JWS). */
export interface X402SignedOffer {
  format: "jws" | "eip712";
  /** Unsigned hint: the `accepts[]` entry this offer is for. */
  acceptIndex?: number;
  payload?: X402OfferPayload;
  signature: string;
}

export interface X402SignedReceipt {
  format: "jws" | "eip712";
  payload?: X402ReceiptPayload;
  signature: string;
}

const DRAFT = "https://json-schema.org/draft/2020-12/schema";

/** §6.3: the schema of `info` for JWS offers. */
export const OFFERS_JWS_SCHEMA = {
  $schema: DRAFT,
  type: "object",
  properties: {
    offers: {
      type: "array",
      items: {
        type: "object",
        properties: {
          format: { type: "string", const: "jws" },
          acceptIndex: { type: "integer" },
          signature: {
            type: "string",
            description: "JWS compact serialization containing the offer payload",
          },
        },
        required: ["format", "signature"],
      },
    },
  },
  required: ["offers"],
} as const;

/** §6.7: the schema of `info` for a JWS receipt. */
export const RECEIPT_JWS_SCHEMA = {
  $schema: DRAFT,
  type: "object",
  properties: {
    receipt: {
      type: "object",
      properties: {
        format: { type: "string", const: "jws" },
        signature: {
          type: "string",
          description: "JWS compact serialization containing the receipt payload",
        },
      },
      required: ["format", "signature"],
    },
  },
  required: ["receipt"],
} as const;

/** The 402's `extensions["offer-receipt"]` for JWS offers. */
export function offersExtension(offers: X402SignedOffer[]): Json {
  return { info: { offers }, schema: OFFERS_JWS_SCHEMA };
}

/** The settlement response's `extensions["offer-receipt"]` for a JWS receipt. */
export function receiptExtension(receipt: X402SignedReceipt): Json {
  return { info: { receipt }, schema: RECEIPT_JWS_SCHEMA };
}

function signedArtifact(value: unknown): X402SignedReceipt | null {
  if (!isObject(value) || typeof value.signature !== "string") return null;
  if (value.format !== "jws" && value.format !== "eip712") return null;
  return value as unknown as X402SignedReceipt;
}

/** The signed offers of a 402's `extensions` (none when absent or malformed). */
export function readSignedOffers(extensions: unknown): X402SignedOffer[] {
  const ext = isObject(extensions) ? extensions[OFFER_RECEIPT] : undefined;
  const offers = isObject(ext) && isObject(ext.info) ? ext.info.offers : undefined;
  if (!Array.isArray(offers)) return [];
  return offers.filter((o): o is X402SignedOffer => signedArtifact(o) !== null);
}

/** The signed receipt of a settlement response's `extensions`, or null. */
export function readSignedReceipt(extensions: unknown): X402SignedReceipt | null {
  const ext = isObject(extensions) ? extensions[OFFER_RECEIPT] : undefined;
  return isObject(ext) && isObject(ext.info) ? signedArtifact(ext.info.receipt) : null;
}

/** base64url (no padding) → bytes; null when not base64url. */
export function base64UrlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return base64Decode(standard + "=".repeat((4 - (standard.length % 4)) % 4));
}

/**
 * The payload of a signed offer or receipt, unverified: `payload` (EIP-712) or the JWS's middle
 * part. Null when unreadable. Check the signature with the SDK's `verifyReceipt` / `verifyOffer`.
 */
export function signedPayload<T extends X402OfferPayload | X402ReceiptPayload>(artifact: {
  format: string;
  payload?: T;
  signature: string;
}): T | null {
  if (artifact.format !== "jws") return artifact.payload ?? null;
  const parts = artifact.signature.split(".");
  const bytes = parts.length === 3 ? base64UrlDecode(parts[1] ?? "") : null;
  const text = bytes && utf8Decode(bytes);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? (parsed as unknown as T) : null;
  } catch {
    return null;
  }
}

/**
 * RFC 8785 (JCS) canonical JSON of a value made of objects, arrays, strings, finite numbers,
 * booleans and null: keys sorted by UTF-16 code units, no whitespace, ECMAScript number form.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("JCS: numbers must be finite");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  throw new TypeError(`JCS: cannot canonicalize ${typeof value}`);
}
