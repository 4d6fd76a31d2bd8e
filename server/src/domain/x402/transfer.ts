import { STX_ASSET_ID } from "@spay/protocol";
import { X402_NETWORKS, X402Error } from "@spay/protocol/x402";
import {
  AddressVersion,
  AuthType,
  addressFromPublicKeys,
  addressFromVersionHash,
  addressToString,
  ClarityType,
  type ClarityValue,
  deserializeTransaction,
  hexToCV,
  isSingleSig,
  nextVerification,
  PayloadType,
  type SingleSigSpendingConditionOpts,
  type StacksTransactionWire,
} from "@stacks/transactions";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import { decodeStxMemo } from "../transfer-check.ts";

/** A SIP-010 `transfer` as the facilitator sees it, from a signed transaction or from the chain. */
export interface TransferFacts {
  txid: string;
  payer: string;
  contract: string;
  functionName: string;
  amount: bigint;
  recipient: string;
  memo: string | null;
  network: string;
  /** Only for signed transactions not yet broadcast. */
  nonce: bigint | null;
  /** The fee the transaction pays (the sponsor's, when sponsored); only for signed transactions. */
  fee: bigint | null;
  /** The sponsor of a sponsored transaction (SIP-005), who pays its fee; null when the payer pays. */
  sponsor: string | null;
  /** The sponsor's account nonce the transaction spends; only for signed sponsored transactions. */
  sponsorNonce: bigint | null;
  /** Who pays the fee: the sponsor, else the payer. */
  feePayer: string;
}

/** What TransferFacts name a native STX transfer's "function": its payload kind. */
export const STX_TRANSFER_FUNCTION = "token-transfer";

/** A native memo as text: 34 bytes on the wire, zero-padded on the right. */
function stxMemoText(content: string): string | null {
  const text = content.replace(/\0+$/, "");
  return text === "" ? null : text;
}

function principalOf(cv: ClarityValue | undefined): string | null {
  if (!cv) return null;
  if (cv.type === ClarityType.PrincipalStandard) return cv.value;
  if (cv.type === ClarityType.PrincipalContract) return cv.value;
  return null;
}

function memoOf(cv: ClarityValue | undefined): string | null {
  if (!cv || cv.type !== ClarityType.OptionalSome || cv.value.type !== ClarityType.Buffer) return null;
  return Buffer.from(cv.value.value, "hex").toString("utf8");
}

function transferArgs(args: readonly ClarityValue[]): {
  amount: bigint;
  sender: string | null;
  recipient: string;
  memo: string | null;
} {
  const [amount, sender, recipient, memo] = args;
  if (amount?.type !== ClarityType.UInt)
    throw new X402Error("invalid_transaction", "transfer amount is not a uint");
  const to = principalOf(recipient);
  if (!to) throw new X402Error("invalid_transaction", "transfer recipient is not a principal");
  return { amount: BigInt(amount.value), sender: principalOf(sender), recipient: to, memo: memoOf(memo) };
}

/**
 * Recovers a single-sig signer from its signature over `sigHash` (extended with the auth flag, fee
 * and nonce), compares its hash with the condition's signer hash, and returns the next sighash.
 */
function verifiedSigHash(
  condition: SingleSigSpendingConditionOpts,
  sigHash: string,
  authType: AuthType,
): string {
  const { pubKey, nextSigHash } = nextVerification(
    sigHash,
    authType,
    condition.fee,
    condition.nonce,
    condition.keyEncoding,
    condition.signature.data,
  );
  const recovered = addressFromPublicKeys(AddressVersion.TestnetSingleSig, condition.hashMode, 1, [pubKey]);
  if (recovered.hash160 !== condition.signer) throw new Error("signer mismatch");
  return nextSigHash;
}

/**
 * Checks the signatures as a Stacks node does (SIP-005): the origin signs the transaction with its
 * signature cleared and, when sponsored, the sponsor's condition reset (no sponsor, fee or sponsor
 * nonce yet), under the standard flag, over its own fee and nonce (which cover them); a sponsor
 * signs what follows the origin's signature, under the sponsored flag, over its fee and nonce.
 * Standard and sponsored single-signature transfers are accepted; a sponsored one needs both.
 */
function assertSigned(wire: StacksTransactionWire): void {
  const { auth } = wire;
  const condition = auth.spendingCondition;
  const sponsor = auth.authType === AuthType.Sponsored ? auth.sponsorSpendingCondition : null;
  if (!isSingleSig(condition) || (sponsor && !isSingleSig(sponsor))) {
    throw new X402Error("invalid_signature", "only single-signature transfers are accepted");
  }
  let originSigHash: string;
  try {
    originSigHash = verifiedSigHash(condition, wire.verifyBegin(), AuthType.Standard);
  } catch {
    throw new X402Error("invalid_signature", "the transaction is not signed by its origin");
  }
  if (!sponsor || !isSingleSig(sponsor)) return;
  try {
    verifiedSigHash(sponsor, originSigHash, AuthType.Sponsored);
  } catch {
    throw new X402Error("invalid_signature", "the sponsored transaction is not signed by its sponsor");
  }
}

/** The address a single-sig signer hash stands for on the transaction's network. */
function signerAddress(signer: string, mainnet: boolean): string {
  return addressToString(
    addressFromVersionHash(
      mainnet ? AddressVersion.MainnetSingleSig : AddressVersion.TestnetSingleSig,
      signer,
    ),
  );
}

/** The fee a signed transaction pays and who pays it: its sponsor when sponsored, else the payer. */
function feeFacts(
  wire: StacksTransactionWire,
  payer: string,
  mainnet: boolean,
): Pick<TransferFacts, "nonce" | "fee" | "sponsor" | "sponsorNonce" | "feePayer"> {
  const { auth } = wire;
  const nonce = BigInt(auth.spendingCondition.nonce);
  if (auth.authType !== AuthType.Sponsored)
    return {
      nonce,
      fee: BigInt(auth.spendingCondition.fee),
      sponsor: null,
      sponsorNonce: null,
      feePayer: payer,
    };
  const condition = auth.sponsorSpendingCondition;
  const sponsor = signerAddress(condition.signer, mainnet);
  return {
    nonce,
    fee: BigInt(condition.fee),
    sponsor,
    sponsorNonce: BigInt(condition.nonce),
    feePayer: sponsor,
  };
}

/** Decodes and checks a signed, not yet broadcast transfer (hex). */
export function signedTransferFacts(hex: string): TransferFacts {
  let wire: StacksTransactionWire;
  try {
    wire = deserializeTransaction(hex);
  } catch {
    throw new X402Error("invalid_payload", "payload.transaction is not a Stacks transaction");
  }
  // The decoder is lenient (a length prefix may overrun, trailing bytes are ignored): bytes that do
  // not re-encode to themselves are not what a node would accept, whatever they decode to.
  if (wire.serialize() !== hex.toLowerCase())
    throw new X402Error(
      "invalid_payload",
      "payload.transaction is not a canonical Stacks transaction encoding",
    );
  assertSigned(wire);
  // TransactionVersion (from @stacks/network): 0x00 mainnet, 0x80 testnet.
  const mainnet = wire.transactionVersion === 0x00;
  const condition = wire.auth.spendingCondition;
  const payer = addressToString(
    addressFromVersionHash(
      mainnet ? AddressVersion.MainnetSingleSig : AddressVersion.TestnetSingleSig,
      condition.signer,
    ),
  );
  const common = {
    txid: `0x${wire.txid()}`,
    payer,
    network: mainnet ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet,
    ...feeFacts(wire, payer, mainnet),
  };
  const payload = wire.payload;
  if (payload.payloadType === PayloadType.TokenTransfer) {
    const recipient = principalOf(payload.recipient);
    if (!recipient) throw new X402Error("invalid_transaction", "STX transfer recipient is not a principal");
    return {
      ...common,
      contract: STX_ASSET_ID,
      functionName: STX_TRANSFER_FUNCTION,
      amount: BigInt(payload.amount),
      recipient,
      memo: stxMemoText(payload.memo.content),
    };
  }
  if (payload.payloadType !== PayloadType.ContractCall)
    throw new X402Error("invalid_transaction", "not a SIP-010 transfer call or an STX transfer");
  const args = transferArgs(payload.functionArgs);
  if (args.sender !== null && args.sender !== payer)
    throw new X402Error("invalid_transaction", "transfer sender is not the signer");
  return {
    ...common,
    contract: `${addressToString(payload.contractAddress)}.${payload.contractName.content}`,
    functionName: payload.functionName.content,
    ...args,
  };
}

/** Reads a broadcast transfer back from the chain API. */
export function chainTransferFacts(tx: HiroTransaction, network: string): TransferFacts {
  if (tx.tx_type === "token_transfer" && tx.token_transfer)
    return {
      txid: tx.tx_id.startsWith("0x") ? tx.tx_id : `0x${tx.tx_id}`,
      payer: tx.sender_address,
      contract: STX_ASSET_ID,
      functionName: STX_TRANSFER_FUNCTION,
      amount: BigInt(tx.token_transfer.amount),
      recipient: tx.token_transfer.recipient_address,
      memo: decodeStxMemo(tx.token_transfer.memo),
      network,
      nonce: null,
      fee: null,
      ...chainSponsor(tx),
    };
  const call = tx.contract_call;
  if (!call) throw new X402Error("invalid_transaction", "not a contract call");
  const args = transferArgs((call.function_args ?? []).map((a) => hexToCV(a.hex)));
  return {
    txid: tx.tx_id.startsWith("0x") ? tx.tx_id : `0x${tx.tx_id}`,
    payer: tx.sender_address,
    contract: call.contract_id,
    functionName: call.function_name,
    ...args,
    network,
    nonce: null,
    fee: null,
    ...chainSponsor(tx),
  };
}

/** The sponsor a broadcast transaction names (Hiro's `sponsor_address`), if it was sponsored. */
function chainSponsor(tx: HiroTransaction): Pick<TransferFacts, "sponsor" | "sponsorNonce" | "feePayer"> {
  const sponsor = tx.sponsored && tx.sponsor_address ? tx.sponsor_address : null;
  return { sponsor, sponsorNonce: null, feePayer: sponsor ?? tx.sender_address };
}
