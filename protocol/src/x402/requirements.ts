/**
 * What a merchant asks for, in any of the three forms — an x402 v2 `accepts[]` entry, a v1 entry
 * (`maxAmountRequired`, network by word) or SPEC.md's `x402_requirements.schemes[]` — read into
 * one shape, and v2 requirements written out in the other two forms.
 */
import { ASSETS, type Asset, DECIMALS, DEFAULT_TOKENS } from "../tokens.ts";
import { decodeX402Header } from "./header.ts";
import {
  FROM_V1_NETWORK_NAME,
  isObject,
  type Json,
  v1NetworkName,
  X402_NETWORKS,
  X402Error,
  type X402Form,
} from "./wire.ts";

/** SPEC.md's `asset_type`: 'sip10' means USDC, anything else sBTC. */
export const X402_TOKEN_TYPE: Record<Asset, string> = { usdc: "sip10", sbtc: "sbtc", stx: "stx" };

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
  /**
   * The sponsor's Stacks address (named as x402's Solana scheme names its fee payer): the merchant
   * pays the transaction fee, so the payer signs a sponsored transaction with fee 0 and the
   * merchant co-signs it as sponsor.
   */
  feePayer?: string;
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
  /** x402 v2 extensions (`payment-identifier`, `offer-receipt`, `bazaar`, …), by key. */
  extensions?: Json;
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

/** SPEC.md's scheme (`x402_requirements.schemes[]`), with the memo nonce and expiry sPay adds. */
export interface X402SpecScheme {
  scheme: string;
  network: string;
  recipient: string;
  asset: string;
  /** 'sip10' means USDC; otherwise sBTC. */
  asset_type: string;
  amount: string;
  decimals?: number;
  timeout?: number;
  nonce?: string;
  expires_at?: number;
}

/** What a payment must be, whatever form the merchant stated it in. */
export interface PaymentRequirement {
  scheme: string;
  /** CAIP-2. */
  network: string;
  /** Exact amount in the token's atomic units. */
  amount: bigint;
  /** Token contract id `<address>.<name>`. */
  asset: string;
  payTo: string;
  /** Carried in the transfer's memo; makes each payment single-use. */
  nonce: string | null;
  /** Unix seconds. */
  expiresAt: number | null;
  decimals: number;
  /** The paid resource's URL, when the requirement names it. */
  resource: string | null;
}

/** A requirement as a payer reads it: the terms, and what it needs to choose and answer it. */
export interface X402Offer extends PaymentRequirement {
  form: X402Form;
  tokenType: string;
  assetName: string | null;
  /** `extra.feePayer`: who sponsors the fee (the payer then signs with fee 0), or null. */
  feePayer: string | null;
  maxTimeoutSeconds: number;
  description: string;
  /** The entry exactly as received (v2 echoes it back as `accepted`). */
  raw: unknown;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && /^\d{1,15}$/.test(v)
      ? Number(v)
      : null;

/** An amount in atomic units: digits (at most 40) or a safe integer. */
function atomic(v: unknown): bigint {
  if (v === undefined || v === null) throw new X402Error("invalid_payload", "amount is missing");
  const text = typeof v === "number" && Number.isSafeInteger(v) ? String(v) : str(v);
  if (!/^\d{1,40}$/.test(text))
    throw new X402Error("invalid_payload", "amount must be an integer in atomic units");
  return BigInt(text);
}

/** A v1 network word in CAIP-2; other names as given. */
export function caip2Network(network: string): string {
  return FROM_V1_NETWORK_NAME[network] ?? network;
}

/** The token a contract id names, by its contract name in any network's registry. */
function registeredAsset(contractId: string): Asset | null {
  const name = contractId.slice(contractId.indexOf(".") + 1);
  for (const registry of Object.values(DEFAULT_TOKENS))
    for (const asset of ASSETS) {
      const known = registry[asset].contractId;
      if (known === contractId || known.slice(known.indexOf(".") + 1) === name) return asset;
    }
  return null;
}

/**
 * The decimals of a requirement that does not state them, from the token registry (sBTC 8, USDC
 * 6; DESIGN.md "Chain facts"): the token its contract names; else SPEC.md's `asset_type`
 * ('sip10' means USDC, otherwise sBTC); else SPEC.md's default, 6.
 */
export function fallbackDecimals(contractId: string, tokenType: string): number {
  const asset = registeredAsset(contractId) ?? (tokenType ? (tokenType === "sip10" ? "usdc" : "sbtc") : null);
  return DECIMALS[asset ?? "usdc"];
}

/** Reads one requirement entry in the given form; only its amount must be well-formed. */
export function readOffer(form: X402Form, entry: unknown, resource: Json | null = null): X402Offer {
  if (!isObject(entry)) throw new X402Error("invalid_payload", "a requirement is not an object");
  const extra = isObject(entry.extra) ? entry.extra : {};
  const asset = str(entry.asset);
  const tokenType = str(extra.tokenType ?? entry.asset_type);
  const decimals = num(extra.decimals ?? entry.decimals);
  const nonce = str(extra.nonce ?? entry.nonce);
  const ownResource = isObject(entry.resource) ? entry.resource.url : entry.resource;
  return {
    form,
    scheme: str(entry.scheme),
    network: caip2Network(str(entry.network)),
    amount: atomic(entry.amount ?? entry.maxAmountRequired),
    asset,
    payTo: str(entry.payTo ?? entry.recipient),
    nonce: nonce || null,
    expiresAt: num(extra.expiresAt ?? entry.expiresAt ?? entry.expires_at),
    decimals: decimals !== null && Number.isInteger(decimals) ? decimals : fallbackDecimals(asset, tokenType),
    tokenType,
    assetName: str(extra.assetName) || null,
    feePayer: str(extra.feePayer) || null,
    maxTimeoutSeconds: num(entry.maxTimeoutSeconds ?? entry.timeout) ?? 60,
    resource: str(resource?.url ?? ownResource) || null,
    description: str(resource?.description ?? entry.description),
    raw: entry,
  };
}

/**
 * Reads what the merchant requires, for a facilitator: any form, held to a Stacks network (CAIP-2
 * or v1's word) and naming a payee and a token.
 */
export function parseRequirement(value: unknown): PaymentRequirement {
  if (!isObject(value)) throw new X402Error("invalid_payload", "paymentRequirements must be an object");
  if (typeof value.network !== "string") throw new X402Error("invalid_network", "network is missing");
  const network = caip2Network(value.network);
  if (network !== X402_NETWORKS.mainnet && network !== X402_NETWORKS.testnet)
    throw new X402Error("invalid_network", `unsupported network ${value.network}`);
  if (typeof (value.payTo ?? value.recipient) !== "string" || typeof value.asset !== "string")
    throw new X402Error("invalid_payload", "payTo and asset are required");
  const { scheme, amount, asset, payTo, nonce, expiresAt, decimals, resource } = readOffer("v2", value);
  return { scheme, network, amount, asset, payTo, nonce, expiresAt, decimals, resource };
}

/** What a 402 answer asks for, in the form the server used. */
export interface X402Challenge {
  form: X402Form;
  offers: X402Offer[];
  error: string | null;
  /** The v2 `resource` object, echoed back in the payment. */
  resource: unknown;
  /** The v2 `extensions` object, or null (v1 and SPEC.md's form carry none). */
  extensions?: Json | null;
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
      offers: accepts.map((a) => readOffer("v2", a, resource)),
      error: str(v2.error) || null,
      resource: v2.resource,
      extensions: isObject(v2.extensions) ? v2.extensions : null,
    };
  }
  if (isObject(body) && body.x402Version === 1 && Array.isArray(body.accepts)) {
    return {
      form: "v1",
      offers: body.accepts.map((a) => readOffer("v1", a)),
      error: str(body.error) || null,
      resource: null,
    };
  }
  const spec = isObject(body) && isObject(body.x402_requirements) ? body.x402_requirements : null;
  if (spec && Array.isArray(spec.schemes)) {
    return {
      form: "spec",
      offers: spec.schemes.map((s) => readOffer("spec", s)),
      error: str(isObject(body) ? body.error : "") || null,
      resource: null,
    };
  }
  throw new X402Error("invalid_payload", "the 402 answer carries no x402 requirements");
}

/** The v1 form of v2 requirements (`maxAmountRequired`, resource fields per entry, network by word). */
export function toV1(required: X402PaymentRequiredV2): X402PaymentRequiredV1 {
  return {
    x402Version: 1,
    error: required.error ?? "X-PAYMENT header is required",
    accepts: required.accepts.map((a) => ({
      scheme: a.scheme,
      network: v1NetworkName(a.network),
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
export function toSpecRequirements(required: X402PaymentRequiredV2): { schemes: X402SpecScheme[] } {
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
