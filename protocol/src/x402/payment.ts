/**
 * The payer's message and the merchant's receipt: x402 v2 (`PAYMENT-SIGNATURE` with `accepted`,
 * `PAYMENT-RESPONSE`), v1 (`X-PAYMENT`, `X-PAYMENT-RESPONSE`) and SPEC.md's proof (`X-PAYMENT`
 * holding `{version: "0.1.0", scheme, network, data: {txid, …}}`).
 */
import { decodeX402Header, encodeX402Header } from "./header.ts";
import { caip2Network, type X402Challenge, type X402Offer } from "./requirements.ts";
import {
  isObject,
  type Json,
  printable,
  SPEC_PROOF_VERSION,
  v1NetworkName,
  X402_HEADERS,
  X402_NETWORKS,
  X402Error,
  type X402Form,
} from "./wire.ts";

/** What a payer sends: a signed transfer not yet broadcast, or the txid of a broadcast one. */
export type X402PayloadData = { transaction: string } | { txid: string };

type ProofVersion = 1 | 2 | typeof SPEC_PROOF_VERSION;

/** A payment as a facilitator reads it: the signed transfer (hex) or the broadcast one's txid. */
/**
 * A client's payment. `echoedNonce`: the nonce of the requirement a v2 payment says it accepted
 * (`accepted.extra.nonce`), which clients that write their own memo (x402-stacks: `x402:…`) echo
 * back; null in the forms that carry no requirement.
 */
export type PaymentProof = (
  | { kind: "transaction"; hex: string; version: ProofVersion; network: string; scheme: string }
  | { kind: "txid"; txid: string; version: ProofVersion; network: string; scheme: string }
) & { echoedNonce: string | null };

const TXID = /^(0x)?[0-9a-fA-F]{64}$/;
const HEX = /^(0x)?[0-9a-fA-F]+$/;

function stacksNetwork(network: unknown): string {
  if (typeof network !== "string") throw new X402Error("invalid_network", "network is missing");
  const mapped = caip2Network(network);
  if (mapped !== X402_NETWORKS.mainnet && mapped !== X402_NETWORKS.testnet)
    throw new X402Error("invalid_network", `unsupported network ${network}`);
  return mapped;
}

function proofFromPayload(
  payload: unknown,
  version: ProofVersion,
  network: string,
  scheme: string,
  echoedNonce: string | null = null,
): PaymentProof {
  if (!isObject(payload)) throw new X402Error("invalid_payload", "payload must be an object");
  const { transaction, txid } = payload;
  if (typeof transaction === "string" && HEX.test(transaction))
    return {
      kind: "transaction",
      hex: transaction.replace(/^0x/, ""),
      version,
      network,
      scheme,
      echoedNonce,
    };
  if (typeof txid === "string" && TXID.test(txid))
    return {
      kind: "txid",
      txid: `0x${txid.replace(/^0x/, "").toLowerCase()}`,
      version,
      network,
      scheme,
      echoedNonce,
    };
  throw new X402Error("invalid_payload", "payload needs a signed `transaction` (hex) or a `txid`");
}

/** Reads the client's payment (a decoded header) in any of the three forms. */
export function parsePaymentProof(value: Json): PaymentProof {
  if (value.version === SPEC_PROOF_VERSION) {
    if (!isObject(value.data)) throw new X402Error("invalid_payload", "proof.data is missing");
    return proofFromPayload(
      value.data,
      SPEC_PROOF_VERSION,
      stacksNetwork(value.network),
      printable(value.scheme),
    );
  }
  const version = value.x402Version;
  if (version === 2) {
    const accepted = isObject(value.accepted) ? value.accepted : {};
    const nonce = isObject(accepted.extra) ? accepted.extra.nonce : undefined;
    return proofFromPayload(
      value.payload,
      2,
      stacksNetwork(accepted.network ?? value.network),
      printable(accepted.scheme ?? value.scheme),
      typeof nonce === "string" && nonce !== "" ? nonce : null,
    );
  }
  if (version === 1)
    return proofFromPayload(value.payload, 1, stacksNetwork(value.network), printable(value.scheme));
  throw new X402Error(
    "invalid_x402_version",
    `unsupported x402 version ${printable(version ?? value.version)}`,
  );
}

/** The form of a payment header, from its name and content; `malformed` when it cannot be read. */
export function paymentForm(headers: {
  get(name: string): string | null;
}): { header: string; form: X402Form; malformed: string | null } | null {
  const signature = headers.get(X402_HEADERS.paymentSignature);
  if (signature) return { header: signature, form: "v2", malformed: null };
  const xPayment = headers.get(X402_HEADERS.xPayment);
  if (!xPayment) return null;
  try {
    const decoded = decodeX402Header(xPayment);
    return {
      header: xPayment,
      form: decoded.version === SPEC_PROOF_VERSION ? "spec" : "v1",
      malformed: null,
    };
  } catch (err) {
    return {
      header: xPayment,
      form: "v1",
      malformed: err instanceof Error ? err.message : "invalid_payload",
    };
  }
}

/**
 * The payment header for an offer, in its form: v2 `PAYMENT-SIGNATURE` with `accepted`; v1
 * `X-PAYMENT`; SPEC.md's proof in `X-PAYMENT` (`data.txid`, so the payer broadcasts first).
 */
export function paymentHeader(
  challenge: Pick<X402Challenge, "resource">,
  offer: X402Offer,
  payload: X402PayloadData,
  payer: string,
  /** v2 only: the payment's `extensions` (the client's echo, e.g. its `payment-identifier`). */
  extensions?: Json | null,
): { name: string; value: string } {
  if (offer.form === "v2") {
    return {
      name: X402_HEADERS.paymentSignature,
      value: encodeX402Header({
        x402Version: 2,
        ...(challenge.resource ? { resource: challenge.resource } : {}),
        accepted: offer.raw,
        payload,
        ...(extensions ? { extensions } : {}),
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
        network: v1NetworkName(offer.network),
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
      data: { ...payload, from: payer, to: offer.payTo, amount: offer.amount.toString(), asset: offer.asset },
    }),
  };
}

/** The receipt a paid answer carries. */
export interface X402Receipt {
  success: boolean;
  transaction: string;
  network: string;
  payer?: string;
  errorReason?: string;
  /** Extensions of the settlement response (a signed `offer-receipt` receipt). */
  extensions?: Json;
}

/**
 * The receipt header for a payment in `form`: `PAYMENT-RESPONSE` (v2) or `X-PAYMENT-RESPONSE`.
 * A v1 receipt names its network by word, as the v1 requirements the client paid did.
 */
export function receiptHeader(form: X402Form, receipt: X402Receipt): [name: string, value: string] {
  if (form === "v2") return [X402_HEADERS.paymentResponse, encodeX402Header(receipt)];
  const named = form === "v1" ? { ...receipt, network: v1NetworkName(receipt.network) } : receipt;
  return [X402_HEADERS.xPaymentResponse, encodeX402Header(named)];
}

/** The receipt header of a paid answer (`PAYMENT-RESPONSE`, or v1's `X-PAYMENT-RESPONSE`). */
export function readReceipt(headers: { get(name: string): string | null }): X402Receipt | null {
  const value = headers.get(X402_HEADERS.paymentResponse) ?? headers.get(X402_HEADERS.xPaymentResponse);
  if (!value) return null;
  const json = decodeX402Header(value);
  return {
    success: json.success === true,
    transaction: typeof json.transaction === "string" ? json.transaction : "",
    network: typeof json.network === "string" ? json.network : "",
    ...(typeof json.payer === "string" ? { payer: json.payer } : {}),
    ...(typeof json.errorReason === "string" ? { errorReason: json.errorReason } : {}),
    ...(isObject(json.extensions) ? { extensions: json.extensions } : {}),
  };
}
