/**
 * A payer's signed, not yet broadcast SIP-010 transfer as a facilitator reads it, and the rules it
 * must meet to pay an `exact` requirement: signed by its origin (standard single-sig, as sPay's
 * agent and this scheme's client sign), a `transfer` on the requirement's token of exactly its
 * amount from the signer to its `payTo`, on its network, with the requirement's nonce as memo
 * when it has one.
 */
import { X402_NETWORKS, X402Error } from "@spay/protocol/x402";
import {
  AddressVersion,
  AuthType,
  addressFromVersionHash,
  addressToString,
  ClarityType,
  type ClarityValue,
  deserializeTransaction,
  isSingleSig,
  PayloadType,
  type StacksTransactionWire,
} from "@stacks/transactions";

/** What a signed transfer says. */
export interface SignedTransferFacts {
  /** `0x` txid. */
  txid: string;
  /** The signer's address (who pays amount and fee). */
  payer: string;
  network: string;
  /** `<address>.<name>` of the called contract. */
  contract: string;
  functionName: string;
  amount: bigint;
  sender: string | null;
  recipient: string;
  memo: string | null;
  nonce: bigint;
  fee: bigint;
}

function principalOf(cv: ClarityValue | undefined): string | null {
  if (cv?.type === ClarityType.PrincipalStandard || cv?.type === ClarityType.PrincipalContract)
    return cv.value;
  return null;
}

function memoOf(cv: ClarityValue | undefined): string | null {
  if (cv?.type !== ClarityType.OptionalSome || cv.value.type !== ClarityType.Buffer) return null;
  const hex = cv.value.value;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/** Decodes a signed transfer (hex) and checks its origin signature. */
export function readSignedTransfer(hex: string): SignedTransferFacts {
  const clean = hex.replace(/^0x/, "").toLowerCase();
  let wire: StacksTransactionWire;
  try {
    wire = deserializeTransaction(clean);
  } catch {
    throw new X402Error("invalid_payload", "payload.transaction is not a Stacks transaction");
  }
  // The decoder is lenient: bytes that do not re-encode to themselves are not what a node accepts.
  if (wire.serialize() !== clean)
    throw new X402Error("invalid_payload", "payload.transaction is not a canonical Stacks transaction");
  const condition = wire.auth.spendingCondition;
  if (wire.auth.authType !== AuthType.Standard || !isSingleSig(condition))
    throw new X402Error("invalid_signature", "only standard single-signature transfers are accepted");
  try {
    wire.verifyOrigin();
  } catch {
    throw new X402Error("invalid_signature", "the transaction is not signed by its origin");
  }
  if (wire.payload.payloadType !== PayloadType.ContractCall)
    throw new X402Error("invalid_transaction", "the transaction is not a contract call");
  const payload = wire.payload;
  // TransactionVersion: 0x00 mainnet, 0x80 testnet.
  const mainnet = wire.transactionVersion === 0x00;
  const payer = addressToString(
    addressFromVersionHash(
      mainnet ? AddressVersion.MainnetSingleSig : AddressVersion.TestnetSingleSig,
      condition.signer,
    ),
  );
  const [amount, sender, recipient, memo] = payload.functionArgs;
  if (amount?.type !== ClarityType.UInt) throw new X402Error("invalid_transaction", "amount is not a uint");
  const to = principalOf(recipient);
  if (!to) throw new X402Error("invalid_transaction", "recipient is not a principal");
  return {
    txid: `0x${wire.txid()}`,
    payer,
    network: mainnet ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet,
    contract: `${addressToString(payload.contractAddress)}.${payload.contractName.content}`,
    functionName: payload.functionName.content,
    amount: BigInt(amount.value),
    sender: principalOf(sender),
    recipient: to,
    memo: memoOf(memo),
    nonce: BigInt(condition.nonce),
    fee: BigInt(condition.fee),
  };
}

/** What an `exact` requirement asks, as the facilitator holds a transfer to it. */
export interface ExactTerms {
  network: string;
  asset: string;
  amount: bigint;
  payTo: string;
  /** The memo the transfer must carry, or null when the requirement has no nonce. */
  nonce: string | null;
  /** Unix seconds, or null. */
  expiresAt: number | null;
}

/** The transfer pays exactly the terms; otherwise the `X402Error` naming the first difference. */
export function checkExactTransfer(facts: SignedTransferFacts, terms: ExactTerms, nowSeconds: number): void {
  if (facts.network !== terms.network)
    throw new X402Error("invalid_network", `the transaction is for ${facts.network}, not ${terms.network}`);
  if (terms.expiresAt !== null && terms.expiresAt <= nowSeconds)
    throw new X402Error("payment_expired", "the payment requirement has expired");
  if (facts.contract !== terms.asset)
    throw new X402Error("asset_mismatch", `pays ${facts.contract}, not ${terms.asset}`);
  if (facts.functionName !== "transfer")
    throw new X402Error("invalid_transaction", "the call is not a SIP-010 transfer");
  if (facts.sender !== facts.payer)
    throw new X402Error("invalid_transaction", "the transfer's sender is not its signer");
  if (facts.recipient !== terms.payTo)
    throw new X402Error("recipient_mismatch", "the transfer pays another address");
  if (facts.amount !== terms.amount)
    throw new X402Error("amount_mismatch", `pays ${facts.amount}, requires exactly ${terms.amount}`);
  if (terms.nonce !== null && facts.memo !== terms.nonce)
    throw new X402Error("invalid_memo", "the transfer's memo is not the requirement's nonce");
}
