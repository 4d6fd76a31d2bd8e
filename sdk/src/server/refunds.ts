/**
 * Paying a refund from the merchant's own wallet. sPay never holds funds: a refund
 * (`POST /v1/refunds`) names what to send — `amount` of `asset` from `source` (the payout address)
 * to `destination` (the payer) with memo = the refund id — and the merchant's key signs it. sPay
 * follows the transfer on chain and moves the refund to `succeeded`. Server-only: it takes a
 * private key; never import it in browser code.
 */
import { SBTC_ASSET_NAME, usdcAssetName } from "@spay/protocol";
import {
  broadcastTransaction,
  Cl,
  makeContractCall,
  makeSTXTokenTransfer,
  Pc,
  PostConditionMode,
  privateKeyToAddress,
  type StacksTransactionWire,
} from "@stacks/transactions";
import type { Refund } from "./types.js";

/** The refund fields a transfer needs (a refund as the API returns it has them all). */
export type PayableRefund = Pick<
  Refund,
  "id" | "status" | "amount" | "asset" | "token_contract" | "source" | "destination" | "memo" | "env"
> &
  Partial<Pick<Refund, "txid">>;

/** How {@link buildRefundTransfer} signs: the payout wallet's key; fee and nonce as the node estimates when left out. */
export interface RefundSigningOptions {
  /** The private key (hex) of the payout address the refund names as `source`. */
  privateKey: string;
  /** The Stacks API to read the nonce and fee estimate from, and broadcast to (Hiro-style, e.g. `https://api.hiro.so`). */
  stacksApiUrl: string;
  /** Fee in µSTX; estimated by the node when left out. */
  fee?: bigint | number;
  /** The sender's nonce; read from the node when left out. */
  nonce?: bigint | number;
}

/** Refused before anything is signed: the key is not the refund's `source`, or the refund is not pending. */
export class RefundTransferError extends Error {
  constructor(
    readonly code: "refund_not_pending" | "refund_already_sent" | "wrong_source_key",
    message: string,
  ) {
    super(message);
    this.name = "RefundTransferError";
  }
}

/** Test keys act on testnet (the devnet answers as testnet too), live keys on mainnet. */
function refundNetwork(refund: Pick<Refund, "env">): "mainnet" | "testnet" {
  return refund.env === "live" ? "mainnet" : "testnet";
}

function assetName(refund: Pick<Refund, "asset" | "token_contract">): string {
  if (refund.asset === "sbtc") return SBTC_ASSET_NAME;
  return usdcAssetName(refund.token_contract.split(".")[1] ?? "");
}

/**
 * Signs (without broadcasting) the refund's transfer: for sBTC and USDC the SIP-010
 * `transfer(amount, source, destination, (some memo))` on the refund's token with a single
 * `willSendEq(amount)` post-condition in deny mode, so it can move nothing else; for STX a
 * `token-transfer` of `amount` µSTX with the memo. Throws {@link RefundTransferError} when the key
 * is not the payout address's, the refund is no longer pending, or its transfer is already on
 * chain (a pending refund with a `txid` is confirming).
 */
export async function buildRefundTransfer(
  refund: PayableRefund,
  options: RefundSigningOptions,
): Promise<StacksTransactionWire> {
  if (refund.status !== "pending") {
    throw new RefundTransferError(
      "refund_not_pending",
      `refund ${refund.id} is ${refund.status}, not pending`,
    );
  }
  if (refund.txid) {
    // Mined and confirming: a second transfer would pay the payer twice and not be counted.
    throw new RefundTransferError(
      "refund_already_sent",
      `refund ${refund.id} was already sent in ${refund.txid}; wait for refund.succeeded`,
    );
  }
  const network = refundNetwork(refund);
  const sender = privateKeyToAddress(options.privateKey, network);
  if (sender !== refund.source) {
    throw new RefundTransferError(
      "wrong_source_key",
      `refund ${refund.id} must be sent from ${refund.source}; this key signs for ${sender}`,
    );
  }
  const amount = BigInt(refund.amount);
  const common = {
    senderKey: options.privateKey,
    network,
    client: { baseUrl: options.stacksApiUrl },
    ...(options.fee === undefined ? {} : { fee: BigInt(options.fee) }),
    ...(options.nonce === undefined ? {} : { nonce: BigInt(options.nonce) }),
  };
  if (refund.asset === "stx") {
    return makeSTXTokenTransfer({ ...common, recipient: refund.destination, amount, memo: refund.memo });
  }
  const contract = refund.token_contract as `${string}.${string}`;
  const [contractAddress = "", contractName = ""] = contract.split(".");
  return makeContractCall({
    ...common,
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(amount),
      Cl.principal(refund.source),
      Cl.principal(refund.destination),
      Cl.some(Cl.bufferFromUtf8(refund.memo)),
    ],
    postConditionMode: PostConditionMode.Deny,
    postConditions: [Pc.principal(refund.source).willSendEq(amount).ft(contract, assetName(refund))],
  });
}

/** A node's answer to a broadcast that it refused (BadNonce, NotEnoughFunds, …). */
export class RefundBroadcastError extends Error {
  constructor(
    readonly reason: string,
    readonly detail: unknown,
  ) {
    super(`the node refused the refund transfer: ${reason}`);
    this.name = "RefundBroadcastError";
  }
}

/**
 * Pays a pending refund from the merchant's payout wallet: signs its transfer
 * ({@link buildRefundTransfer}) and broadcasts it. sPay sees the transfer on chain and moves the
 * refund to `succeeded` (webhook `refund.succeeded`); retrieve the refund to follow it. The txid
 * comes back `0x`-prefixed, as the refund's `txid` will read.
 *
 * @example
 * const refund = await spay.createRefund({ payment_intent: "pi_…", reason: "requested_by_customer" });
 * const { txid } = await payRefund(refund, { privateKey: process.env.PAYOUT_KEY!, stacksApiUrl: "https://api.hiro.so" });
 */
export async function payRefund(
  refund: PayableRefund,
  options: RefundSigningOptions,
): Promise<{ txid: string }> {
  const transaction = await buildRefundTransfer(refund, options);
  // The declared result type omits the rejection shape the node answers with; read it as such.
  const result = (await broadcastTransaction({
    transaction,
    network: refundNetwork(refund),
    client: { baseUrl: options.stacksApiUrl },
  })) as { txid: string; error?: string; reason?: string; reason_data?: unknown };
  if (result.error) throw new RefundBroadcastError(result.reason ?? result.error, result.reason_data);
  // As sPay's API writes txids: lower case, 0x-prefixed (the refund's `txid` once it counts).
  return { txid: `0x${result.txid.toLowerCase().replace(/^0x/, "")}` };
}
