/**
 * x402 on Stacks as sPay speaks it (DESIGN.md "x402"), for both sides: the three wire forms —
 * x402 v2 (`PAYMENT-REQUIRED` / `PAYMENT-SIGNATURE` / `PAYMENT-RESPONSE`), v1 (`X-PAYMENT` /
 * `X-PAYMENT-RESPONSE`, `maxAmountRequired`) and SPEC.md's (`x402_requirements.schemes[]`, proof
 * `{version: "0.1.0", …}`) — read into one shape, and written back out. No Node APIs: it runs in
 * browsers, Node and workers alike.
 */
import type { X402Requirements, X402Scheme } from "../core/types.js";

export const X402_HEADERS = {
  paymentRequired: "PAYMENT-REQUIRED",
  paymentSignature: "PAYMENT-SIGNATURE",
  paymentResponse: "PAYMENT-RESPONSE",
  xPayment: "X-PAYMENT",
  xPaymentResponse: "X-PAYMENT-RESPONSE",
} as const;

/** CAIP-2 ids of the Stacks networks; v1 names them by word. */
export const X402_NETWORKS = { mainnet: "stacks:1", testnet: "stacks:2147483648" } as const;
const V1_NETWORK_NAMES: Record<string, string> = {
  [X402_NETWORKS.mainnet]: "stacks-mainnet",
  [X402_NETWORKS.testnet]: "stacks-testnet",
};
const FROM_V1_NAME: Record<string, string> = {
  "stacks-mainnet": X402_NETWORKS.mainnet,
  "stacks-testnet": X402_NETWORKS.testnet,
  stacks: X402_NETWORKS.mainnet,
};
export const SPEC_PROOF_VERSION = "0.1.0";
export const X402_SCHEME = "exact";

/** Which of the three forms a message is in. */
export type X402Form = "v2" | "v1" | "spec";

/** `extra` of a v2 requirement: the memo nonce, expiry and token facts. */
export interface X402Extra {
  nonce: string;
  expiresAt: number;
  decimals: number;
  /** SPEC.md's `asset_type`: 'sip10' means USDC, otherwise sBTC. */
  tokenType: string;
  /** The token's `define-fungible-token` name (for the post-condition). */
  assetName?: string;
  symbol?: string;
}

/** One way to pay, x402 v2 (`accepts[]` entry). */
export interface X402AcceptV2 {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: X402Extra;
}

/** The 402 answer, x402 v2: header `PAYMENT-REQUIRED` (base64) and the same JSON as the body. */
export interface X402PaymentRequiredV2 {
  x402Version: 2;
  error?: string;
  resource: { url: string; description: string; mimeType: string };
  accepts: X402AcceptV2[];
}

/** One way to pay, x402 v1. */
export interface X402AcceptV1 {
  scheme: string;
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: X402Extra;
}

export interface X402PaymentRequiredV1 {
  x402Version: 1;
  error: string;
  accepts: X402AcceptV1[];
}

/** SPEC.md's scheme, with the memo nonce and expiry an sPay paywall adds. */
export interface X402SpecScheme extends X402Scheme {
  nonce?: string;
  expires_at?: number;
}

/** A requirement, whatever form it came in. */
export interface X402Offer {
  form: X402Form;
  scheme: string;
  /** CAIP-2. */
  network: string;
  /** Atomic units of the token. */
  amount: bigint;
  /** Token contract id `<address>.<name>`. */
  asset: string;
  payTo: string;
  nonce: string | null;
  /** Unix seconds. */
  expiresAt: number | null;
  decimals: number;
  tokenType: string;
  assetName: string | null;
  maxTimeoutSeconds: number;
  resource: string | null;
  description: string;
  /** The entry exactly as received (v2 echoes it back as `accepted`). */
  raw: unknown;
}

/** The receipt the server returns with the resource. */
export interface X402Receipt {
  success: boolean;
  transaction: string;
  network: string;
  payer?: string;
  errorReason?: string;
}

/** A malformed x402 message: its `reason` is one of the facilitator's (`invalid_payload`, …). */
export class X402ProtocolError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "X402ProtocolError";
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Standard base64 of the UTF-8 JSON of `value`. */
export function encodeX402Header(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads a base64 JSON header value; anything else is an `invalid_payload` error. */
export function decodeX402Header(value: string): Json {
  if (value.length > 64 * 1024) throw new X402ProtocolError("invalid_payload", "x402 header is too large");
  let parsed: unknown;
  try {
    const binary = atob(value.trim());
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new X402ProtocolError("invalid_payload", "x402 header is not base64 of UTF-8 JSON");
  }
  if (!isObject(parsed))
    throw new X402ProtocolError("invalid_payload", "x402 header must hold a JSON object");
  return parsed;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && /^\d+$/.test(v)
      ? Number(v)
      : null;

function atomic(v: unknown): bigint {
  const text = typeof v === "number" && Number.isSafeInteger(v) ? String(v) : str(v);
  if (!/^\d{1,40}$/.test(text)) throw new X402ProtocolError("invalid_payload", "amount is not an integer");
  return BigInt(text);
}

function offerOf(form: X402Form, entry: unknown, resource: Json | null): X402Offer {
  if (!isObject(entry)) throw new X402ProtocolError("invalid_payload", "a requirement is not an object");
  const extra = isObject(entry.extra) ? entry.extra : {};
  const network = str(entry.network);
  const tokenType = str(extra.tokenType ?? entry.asset_type);
  const decimals = num(extra.decimals ?? entry.decimals) ?? (tokenType === "sip10" ? 6 : 8);
  const nonce = str(extra.nonce ?? entry.nonce);
  return {
    form,
    scheme: str(entry.scheme),
    network: FROM_V1_NAME[network] ?? network,
    amount: atomic(entry.amount ?? entry.maxAmountRequired),
    asset: str(entry.asset),
    payTo: str(entry.payTo ?? entry.recipient),
    nonce: nonce || null,
    expiresAt: num(extra.expiresAt ?? entry.expires_at),
    decimals,
    tokenType,
    assetName: str(extra.assetName) || null,
    maxTimeoutSeconds: num(entry.maxTimeoutSeconds ?? entry.timeout) ?? 60,
    resource: str(resource?.url ?? entry.resource) || null,
    description: str(resource?.description ?? entry.description),
    raw: entry,
  };
}

/** What a 402 answer asks for, in the form the server used. */
export interface X402Challenge {
  form: X402Form;
  offers: X402Offer[];
  error: string | null;
  /** The v2 `resource` object, echoed back in the payment. */
  resource: unknown;
}

/**
 * Reads a 402 answer: the `PAYMENT-REQUIRED` header (v2), else the body — `x402Version: 1`
 * (v1), `x402_requirements.schemes[]` (SPEC.md) or `x402Version: 2`.
 */
export function readChallenge(headerValue: string | null, body: unknown): X402Challenge {
  const v2 = headerValue
    ? decodeX402Header(headerValue)
    : isObject(body) && body.x402Version === 2
      ? body
      : null;
  if (v2) {
    const resource = isObject(v2.resource) ? v2.resource : null;
    const accepts = Array.isArray(v2.accepts) ? v2.accepts : [];
    return {
      form: "v2",
      offers: accepts.map((a) => offerOf("v2", a, resource)),
      error: str(v2.error) || null,
      resource: v2.resource,
    };
  }
  if (isObject(body) && body.x402Version === 1 && Array.isArray(body.accepts)) {
    return {
      form: "v1",
      offers: body.accepts.map((a) => offerOf("v1", a, null)),
      error: str(body.error) || null,
      resource: null,
    };
  }
  const spec = isObject(body) && isObject(body.x402_requirements) ? body.x402_requirements : null;
  if (spec && Array.isArray(spec.schemes)) {
    return {
      form: "spec",
      offers: spec.schemes.map((s) => offerOf("spec", s, null)),
      error: str(isObject(body) ? body.error : "") || null,
      resource: null,
    };
  }
  throw new X402ProtocolError("invalid_payload", "the 402 answer carries no x402 requirements");
}

/** What a payer sends: a signed transfer not yet broadcast, or the txid of a broadcast one. */
export type X402PayloadData = { transaction: string } | { txid: string };

/**
 * The payment header for an offer, in its form: v2 `PAYMENT-SIGNATURE` with `accepted`; v1
 * `X-PAYMENT`; SPEC.md's proof in `X-PAYMENT` (`data.txid`, so the payer broadcasts first).
 */
export function paymentHeader(
  challenge: Pick<X402Challenge, "resource">,
  offer: X402Offer,
  payload: X402PayloadData,
  payer: string,
): { name: string; value: string } {
  if (offer.form === "v2") {
    return {
      name: X402_HEADERS.paymentSignature,
      value: encodeX402Header({
        x402Version: 2,
        ...(challenge.resource ? { resource: challenge.resource } : {}),
        accepted: offer.raw,
        payload,
      }),
    };
  }
  if (offer.form === "v1") {
    return {
      name: X402_HEADERS.xPayment,
      // v1 names the network by word, as its requirements did ("stacks-testnet").
      value: encodeX402Header({
        x402Version: 1,
        scheme: offer.scheme,
        network: V1_NETWORK_NAMES[offer.network] ?? offer.network,
        payload,
      }),
    };
  }
  return {
    name: X402_HEADERS.xPayment,
    value: encodeX402Header({
      version: SPEC_PROOF_VERSION,
      scheme: offer.scheme,
      network: offer.network,
      data: {
        ...payload,
        from: payer,
        to: offer.payTo,
        amount: offer.amount.toString(),
        asset: offer.asset,
      },
    }),
  };
}

/** The receipt header of a paid answer (`PAYMENT-RESPONSE`, or v1's `X-PAYMENT-RESPONSE`). */
export function readReceipt(headers: { get(name: string): string | null }): X402Receipt | null {
  const value = headers.get(X402_HEADERS.paymentResponse) ?? headers.get(X402_HEADERS.xPaymentResponse);
  if (!value) return null;
  const json = decodeX402Header(value);
  return {
    success: json.success === true,
    transaction: str(json.transaction),
    network: str(json.network),
    ...(typeof json.payer === "string" ? { payer: json.payer } : {}),
    ...(typeof json.errorReason === "string" ? { errorReason: json.errorReason } : {}),
  };
}

/** The v1 form of v2 requirements (`maxAmountRequired`, resource fields per entry, network by word). */
export function toV1(required: X402PaymentRequiredV2): X402PaymentRequiredV1 {
  return {
    x402Version: 1,
    error: required.error ?? "X-PAYMENT header is required",
    accepts: required.accepts.map((a) => ({
      scheme: a.scheme,
      network: V1_NETWORK_NAMES[a.network] ?? a.network,
      maxAmountRequired: a.amount,
      resource: required.resource.url,
      description: required.resource.description,
      mimeType: required.resource.mimeType,
      payTo: a.payTo,
      maxTimeoutSeconds: a.maxTimeoutSeconds,
      asset: a.asset,
      extra: a.extra,
    })),
  };
}

/** SPEC.md's form of v2 requirements (`x402_requirements.schemes[]`), with nonce and expiry. */
export function toSpecRequirements(
  required: X402PaymentRequiredV2,
): { schemes: X402SpecScheme[] } & X402Requirements {
  return {
    schemes: required.accepts.map((a) => ({
      scheme: a.scheme,
      network: a.network,
      recipient: a.payTo,
      asset: a.asset,
      asset_type: a.extra.tokenType,
      amount: a.amount,
      decimals: a.extra.decimals,
      timeout: a.maxTimeoutSeconds,
      nonce: a.extra.nonce,
      expires_at: a.extra.expiresAt,
    })),
  };
}
