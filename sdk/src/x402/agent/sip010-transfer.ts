/**
 * The payment an offer asks for, as a Stacks transaction: SIP-010 `transfer(amount, sender,
 * recipient, (some memo))` on the offer's token, memo = the requirement's nonce, in deny mode with
 * a single `willSendEq(amount)` post-condition, so the transaction can move nothing else.
 */

import { STX_ASSET_ID } from "@spay/protocol";
import type { X402Offer } from "@spay/protocol/x402";
import {
  Cl,
  deserializeTransaction,
  emptyMessageSignature,
  isSingleSig,
  makeUnsignedContractCall,
  makeUnsignedSTXTokenTransfer,
  Pc,
  PostConditionMode,
  type StacksTransactionWire,
} from "@stacks/transactions";
import { tokenAssetName } from "../../core/wallet/transfer.js";
import { X402PaymentError } from "./errors.js";
import { knownToken, type StacksNetworkName } from "./payment-policy.js";
import type { X402Signer, X402SignRequest } from "./signer.js";

/** The paying account. */
export interface Payer {
  address: string;
  publicKey: string;
}

/** A transfer signed and checked, ready to send or broadcast. */
export interface SignedTransfer {
  /** Serialized transaction (hex, no `0x`). */
  hex: string;
  /** `0x`-prefixed txid. */
  txid: string;
}

/**
 * The token's `define-fungible-token` name, for the post-condition: the offer's `extra.assetName`,
 * else the known token's, else the SDK's rule (`sbtc-token`, `usdcx-token`, `usdc-token`).
 */
export function assetNameOf(offer: X402Offer, network: StacksNetworkName): string {
  if (offer.assetName) return offer.assetName;
  const known = knownToken(offer.asset, network);
  if (known) return known.assetName;
  return tokenAssetName({
    asset: offer.tokenType === "sip10" ? "usdc" : "sbtc",
    token_contract: offer.asset,
  });
}

/**
 * An offer naming a `feePayer` is paid sponsored (SIP-005): the merchant co-signs as
 * sponsor before its facilitator broadcasts. SPEC.md's form has the payer broadcast, so no one
 * could sponsor it there. sPay's agent and its `@x402` Stacks scheme both decide by this.
 */
export const isSponsored = (offer: X402Offer): boolean => offer.feePayer !== null && offer.form !== "spec";

/**
 * The unsigned transfer paying `offer` from `payer` with the given account nonce and fee.
 * `sponsored`: a sponsored transaction (SIP-005) for the offer's `feePayer` to co-sign; its own
 * fee is then 0 and the sponsor sets the fee and its nonce.
 */
export function unsignedTransfer(
  offer: X402Offer,
  payer: Payer,
  network: StacksNetworkName,
  nonce: bigint,
  fee: bigint,
  sponsored = false,
): Promise<StacksTransactionWire> {
  if (offer.asset === STX_ASSET_ID) return unsignedStxTransfer(offer, payer, network, nonce, fee, sponsored);
  const [contractAddress, contractName] = offer.asset.split(".") as [string, string];
  const contract = offer.asset as `${string}.${string}`;
  return makeUnsignedContractCall({
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(offer.amount),
      Cl.principal(payer.address),
      Cl.principal(offer.payTo),
      offer.nonce === null ? Cl.none() : Cl.some(Cl.bufferFromUtf8(offer.nonce)),
    ],
    publicKey: payer.publicKey,
    network,
    nonce,
    fee,
    sponsored,
    postConditionMode: PostConditionMode.Deny,
    postConditions: [
      Pc.principal(payer.address).willSendEq(offer.amount).ft(contract, assetNameOf(offer, network)),
    ],
  });
}

/**
 * An offer in native STX (`asset: "STX"`, as x402-stacks and sPay name it): a `token-transfer` of
 * the amount in µSTX to `payTo` with the nonce as memo. It carries no post-condition: the node
 * refuses them on token-transfer payloads ("TokenTransfer transactions do not support
 * post-conditions"), and the payload itself can move only that amount to that recipient.
 */
function unsignedStxTransfer(
  offer: X402Offer,
  payer: Payer,
  network: StacksNetworkName,
  nonce: bigint,
  fee: bigint,
  sponsored: boolean,
): Promise<StacksTransactionWire> {
  return makeUnsignedSTXTokenTransfer({
    recipient: offer.payTo,
    amount: offer.amount,
    memo: offer.nonce ?? "",
    publicKey: payer.publicKey,
    network,
    nonce,
    fee,
    sponsored,
  });
}

/**
 * Checks a signer's answer: a valid origin signature over exactly the transaction asked for (a
 * signer that changed the amount, recipient, nonce or fee is refused). A sponsored transfer's
 * origin signature is checked the same way (over the sighash with the sponsor's part cleared),
 * and it must still be sponsored, fee 0, and not signed by any sponsor.
 */
function checkSigned(signedHex: string, unsigned: StacksTransactionWire): SignedTransfer {
  const signed = deserializeTransaction(signedHex.replace(/^0x/, ""));
  signed.verifyOrigin();
  const txid = signed.txid();
  const hex = signed.serialize();
  const condition = signed.auth.spendingCondition;
  if (!isSingleSig(condition)) throw new Error("the signed transaction is not single-sig");
  condition.signature = emptyMessageSignature();
  if (signed.serialize() !== unsigned.serialize())
    throw new Error("the signer returned a different transaction than it was asked to sign");
  return { hex, txid: `0x${txid}` };
}

/** Builds, signs (through the signer) and checks the transfer paying `request.offer` from `payer`. */
export async function signTransfer(
  signer: X402Signer,
  payer: Payer,
  request: X402SignRequest,
): Promise<SignedTransfer> {
  const unsigned = await unsignedTransfer(
    request.offer,
    payer,
    request.network,
    request.nonce,
    request.fee,
    request.sponsored === true,
  );
  try {
    const signedHex = await signer.signTransaction(unsigned.serialize(), request);
    return checkSigned(signedHex, unsigned);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new X402PaymentError("signer_failed", `the payment could not be signed: ${message}`, {
      cause: err,
    });
  }
}
