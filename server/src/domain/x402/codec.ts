import {
  type PaymentProof,
  type PaymentRequirement,
  SPEC_PROOF_VERSION,
  V1_NETWORK_NAMES,
  X402_NETWORKS,
  X402Error,
} from "./protocol.ts";

const TXID = /^(0x)?[0-9a-fA-F]{64}$/;
const HEX = /^(0x)?[0-9a-fA-F]+$/;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Decodes a header value: standard base64 of UTF-8 JSON. Anything else is `invalid_payload`. */
export function decodeHeader(value: string): Json {
  if (value.length > 64 * 1024) throw new X402Error("invalid_payload", "payment header is too large");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value.trim(), "base64").toString("utf8"));
  } catch {
    throw new X402Error("invalid_payload", "payment header is not base64 of JSON");
  }
  if (!isObject(parsed)) throw new X402Error("invalid_payload", "payment header must be a JSON object");
  return parsed;
}

export function encodeHeader(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

function normalizeNetwork(network: unknown): string {
  if (typeof network !== "string") throw new X402Error("invalid_network", "network is missing");
  const mapped = V1_NETWORK_NAMES[network] ?? network;
  if (mapped !== X402_NETWORKS.mainnet && mapped !== X402_NETWORKS.testnet) {
    throw new X402Error("invalid_network", `unsupported network ${network}`);
  }
  return mapped;
}

function proofFromPayload(
  payload: unknown,
  version: 1 | 2 | "0.1.0",
  network: string,
  scheme: string,
): PaymentProof {
  if (!isObject(payload)) throw new X402Error("invalid_payload", "payload must be an object");
  const { transaction, txid } = payload as { transaction?: unknown; txid?: unknown };
  if (typeof transaction === "string" && HEX.test(transaction))
    return { kind: "transaction", hex: transaction.replace(/^0x/, ""), version, network, scheme };
  if (typeof txid === "string" && TXID.test(txid))
    return { kind: "txid", txid: `0x${txid.replace(/^0x/, "").toLowerCase()}`, version, network, scheme };
  throw new X402Error("invalid_payload", "payload needs a signed `transaction` (hex) or a `txid`");
}

/**
 * Reads the client's payment in any of the three forms: x402 v2 (`{x402Version: 2, accepted,
 * payload}`), v1 (`{x402Version: 1, scheme, network, payload}`) or SPEC.md's proof
 * (`{version: "0.1.0", scheme, network, data: {txid, …}}`).
 */
export function parsePaymentProof(value: Json): PaymentProof {
  if (value.version === SPEC_PROOF_VERSION) {
    const data = value.data;
    if (!isObject(data)) throw new X402Error("invalid_payload", "proof.data is missing");
    return proofFromPayload(
      data,
      SPEC_PROOF_VERSION,
      normalizeNetwork(value.network),
      String(value.scheme ?? ""),
    );
  }
  const version = value.x402Version;
  if (version === 2) {
    const accepted = isObject(value.accepted) ? value.accepted : {};
    return proofFromPayload(
      value.payload,
      2,
      normalizeNetwork(accepted.network ?? value.network),
      String(accepted.scheme ?? value.scheme ?? ""),
    );
  }
  if (version === 1)
    return proofFromPayload(value.payload, 1, normalizeNetwork(value.network), String(value.scheme ?? ""));
  throw new X402Error("invalid_x402_version", `unsupported x402 version ${String(version ?? value.version)}`);
}

function amountOf(value: unknown, field: string): bigint {
  if (typeof value !== "string" && typeof value !== "number")
    throw new X402Error("invalid_payload", `${field} is missing`);
  const text = String(value);
  if (!/^\d+$/.test(text))
    throw new X402Error("invalid_payload", `${field} must be an integer in atomic units`);
  return BigInt(text);
}

/**
 * Reads what the merchant requires, in any form: a v2 `accepts[]` entry (`amount`, `payTo`,
 * `extra.nonce`, `extra.expiresAt`), a v1 entry (`maxAmountRequired`), or a SPEC.md scheme
 * (`recipient`, `amount`, `timeout`, and the nonce the merchant put in its memo).
 */
export function parseRequirement(value: unknown): PaymentRequirement {
  if (!isObject(value)) throw new X402Error("invalid_payload", "paymentRequirements must be an object");
  const extra = isObject(value.extra) ? value.extra : {};
  const payTo = value.payTo ?? value.recipient;
  if (typeof payTo !== "string" || typeof value.asset !== "string")
    throw new X402Error("invalid_payload", "payTo and asset are required");
  const nonce = extra.nonce ?? value.nonce;
  const resource = isObject(value.resource) ? value.resource.url : value.resource;
  const expiresAt = extra.expiresAt ?? value.expiresAt;
  return {
    scheme: String(value.scheme ?? ""),
    network: normalizeNetwork(value.network),
    amount: amountOf(value.amount ?? value.maxAmountRequired, "amount"),
    asset: value.asset,
    payTo,
    nonce: typeof nonce === "string" && nonce.length > 0 ? nonce : null,
    expiresAt:
      typeof expiresAt === "number"
        ? expiresAt
        : typeof expiresAt === "string" && /^\d+$/.test(expiresAt)
          ? Number(expiresAt)
          : null,
    decimals:
      typeof extra.decimals === "number"
        ? extra.decimals
        : typeof value.decimals === "number"
          ? value.decimals
          : 6,
    resource: typeof resource === "string" && resource.length > 0 ? resource : null,
  };
}
