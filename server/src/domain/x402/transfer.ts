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
  type StacksTransactionWire,
} from "@stacks/transactions";
import type { HiroTransaction } from "../../chain/hiro-types.ts";

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
  fee: bigint | null;
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

/** Recovers the single-sig signer from the signature (which covers fee and nonce) and compares hashes. */
function assertSignedByOrigin(wire: StacksTransactionWire): void {
  const condition = wire.auth.spendingCondition;
  if (wire.auth.authType !== AuthType.Standard || !isSingleSig(condition)) {
    throw new X402Error("invalid_signature", "only standard single-signature transfers are accepted");
  }
  try {
    const { pubKey } = nextVerification(
      wire.verifyBegin(),
      AuthType.Standard,
      condition.fee,
      condition.nonce,
      condition.keyEncoding,
      condition.signature.data,
    );
    const recovered = addressFromPublicKeys(AddressVersion.TestnetSingleSig, condition.hashMode, 1, [pubKey]);
    if (recovered.hash160 !== condition.signer) throw new Error("signer mismatch");
  } catch {
    throw new X402Error("invalid_signature", "the transaction is not signed by its origin");
  }
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
  assertSignedByOrigin(wire);
  if (wire.payload.payloadType !== PayloadType.ContractCall)
    throw new X402Error("invalid_transaction", "not a contract call");
  const payload = wire.payload;
  // TransactionVersion (from @stacks/network): 0x00 mainnet, 0x80 testnet.
  const mainnet = wire.transactionVersion === 0x00;
  const condition = wire.auth.spendingCondition;
  const payer = addressToString(
    addressFromVersionHash(
      mainnet ? AddressVersion.MainnetSingleSig : AddressVersion.TestnetSingleSig,
      condition.signer,
    ),
  );
  const args = transferArgs(payload.functionArgs);
  if (args.sender !== null && args.sender !== payer)
    throw new X402Error("invalid_transaction", "transfer sender is not the signer");
  return {
    txid: `0x${wire.txid()}`,
    payer,
    contract: `${addressToString(payload.contractAddress)}.${payload.contractName.content}`,
    functionName: payload.functionName.content,
    ...args,
    network: mainnet ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet,
    nonce: BigInt(condition.nonce),
    fee: BigInt(condition.fee),
  };
}

/** Reads a broadcast transfer back from the chain API. */
export function chainTransferFacts(tx: HiroTransaction, network: string): TransferFacts {
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
  };
}
