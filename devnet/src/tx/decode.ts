import { bytesToHex, hexToBytes } from "@stacks/common";
import {
  type AddressHashMode,
  AuthType,
  addressFromVersionHash,
  addressHashModeToVersion,
  addressToString,
  type ClarityValue,
  cvToString,
  deserializeTransaction,
  PayloadType,
  type PostCondition,
  PostConditionMode,
  type StacksTransactionWire,
  wireToPostCondition,
} from "@stacks/transactions";

export type DecodedPayload =
  | {
      readonly kind: "contract-call";
      readonly contractId: string;
      readonly functionName: string;
      readonly args: readonly ClarityValue[];
    }
  | {
      readonly kind: "token-transfer";
      readonly recipient: string;
      readonly amount: bigint;
      /** The 34-byte memo, hex with 0x. */
      readonly memoHex: string;
    }
  | { readonly kind: "unsupported"; readonly payloadType: PayloadType };

export type PostConditionModeName = "allow" | "deny" | "originator";

/** A broadcast transaction, decoded once and described in the terms the devnet needs. */
export interface DecodedTx {
  /** 0x-prefixed, as Hiro reports `tx_id`. */
  readonly txid: string;
  readonly raw: Uint8Array;
  readonly wire: StacksTransactionWire;
  /** The origin (signer) address. */
  readonly sender: string;
  /** The origin's account nonce. */
  readonly nonce: bigint;
  /** The fee the transaction pays: the origin's, or the sponsor's when sponsored. */
  readonly fee: bigint;
  readonly sponsored: boolean;
  /** The sponsor (SIP-005): it pays the fee and spends its own nonce; null when not sponsored. */
  readonly sponsor: { readonly address: string; readonly nonce: bigint } | null;
  /** Who pays the fee: the sponsor, else the origin. */
  readonly feePayer: string;
  readonly payload: DecodedPayload;
  readonly postConditionMode: PostConditionModeName;
  readonly postConditions: readonly PostCondition[];
}

export class DeserializationError extends Error {}

/** The accounts a transaction spends a nonce of, with that nonce: the origin, and the sponsor if any. */
export function nonceUses(
  tx: DecodedTx,
): ReadonlyArray<{ readonly account: string; readonly nonce: bigint }> {
  const origin = { account: tx.sender, nonce: tx.nonce };
  return tx.sponsor ? [origin, { account: tx.sponsor.address, nonce: tx.sponsor.nonce }] : [origin];
}

/** The nonce `tx` spends of `account`, if it spends one. */
export function nonceOf(tx: DecodedTx, account: string): bigint | undefined {
  return nonceUses(tx).find((use) => use.account === account)?.nonce;
}

/** Accepts raw bytes, or a hex string (with or without 0x). */
export function decodeTransaction(input: Uint8Array | string): DecodedTx {
  let raw: Uint8Array;
  let wire: StacksTransactionWire;
  try {
    raw = typeof input === "string" ? hexToBytes(input.replace(/^0x/, "")) : input;
    if (raw.length === 0) throw new Error("empty transaction");
    wire = deserializeTransaction(raw);
  } catch (error) {
    throw new DeserializationError(error instanceof Error ? error.message : String(error));
  }
  const condition = wire.auth.spendingCondition;
  const sender = signerAddress(condition.hashMode, condition.signer);
  const sponsorCondition =
    wire.auth.authType === AuthType.Sponsored ? wire.auth.sponsorSpendingCondition : null;
  const sponsor = sponsorCondition
    ? {
        address: signerAddress(sponsorCondition.hashMode, sponsorCondition.signer),
        nonce: sponsorCondition.nonce,
      }
    : null;
  return {
    txid: `0x${wire.txid()}`,
    raw,
    wire,
    sender,
    nonce: condition.nonce,
    fee: sponsorCondition ? sponsorCondition.fee : condition.fee,
    sponsored: sponsor !== null,
    sponsor,
    feePayer: sponsor?.address ?? sender,
    payload: describePayload(wire),
    postConditionMode: modeName(wire.postConditionMode),
    postConditions: wire.postConditions.values.map((pc) => wireToPostCondition(pc)),
  };
}

function signerAddress(hashMode: AddressHashMode, signer: string): string {
  return addressToString(addressFromVersionHash(addressHashModeToVersion(hashMode, "testnet"), signer));
}

function modeName(mode: PostConditionMode): PostConditionModeName {
  switch (mode) {
    case PostConditionMode.Allow:
      return "allow";
    case PostConditionMode.Deny:
      return "deny";
    case PostConditionMode.Originator:
      return "originator";
  }
}

function describePayload(wire: StacksTransactionWire): DecodedPayload {
  const payload = wire.payload;
  switch (payload.payloadType) {
    case PayloadType.ContractCall:
      return {
        kind: "contract-call",
        contractId: `${addressToString(payload.contractAddress)}.${payload.contractName.content}`,
        functionName: payload.functionName.content,
        args: payload.functionArgs,
      };
    case PayloadType.TokenTransfer: {
      const memo = new Uint8Array(34);
      memo.set(new TextEncoder().encode(payload.memo.content).slice(0, 34));
      return {
        kind: "token-transfer",
        recipient: cvToString(payload.recipient),
        amount: payload.amount,
        memoHex: `0x${bytesToHex(memo)}`,
      };
    }
    default:
      return { kind: "unsupported", payloadType: payload.payloadType };
  }
}
