import { STX_ASSET_ID } from "@spay/protocol";
import { ClarityType, hexToCV } from "@stacks/transactions";
import type { HiroFtTransferEvent, HiroStxTransferEvent, HiroTransaction } from "../chain/hiro-types.ts";

/** What an intent expects a transfer to be (DESIGN.md "Payment intents and settlement"). */
export interface ExpectedTransfer {
  /** The SIP-010 contract, or `STX` for a native `token_transfer`. */
  tokenContract: string;
  assetName: string;
  recipient: string;
  /**
   * The memo the transfer must carry. Null only for a binding the gateway made itself (a merchant's
   * assignment of an unmatched transfer, a transfer the x402 facilitator verified): a reporter's
   * word never waives it.
   */
  memo: string | null;
}

/** What a SIP-010 `transfer` call says, readable for pending transactions too (the mempool has the args). */
export interface TransferCall {
  tokenContract: string;
  recipient: string | null;
  memo: string | null;
}

export type TransferObservation =
  | { kind: "unknown" }
  | { kind: "pending" }
  | { kind: "failed"; reason: string }
  | { kind: "rejected"; reason: RejectionReason }
  | { kind: "paid"; amount: bigint; sender: string; blockHeight: number };

export type RejectionReason =
  | "wrong_token"
  | "wrong_function"
  | "wrong_recipient"
  | "memo_mismatch"
  | "not_a_contract_call"
  | "not_an_stx_transfer";

/** Decodes the `(optional (buff 34))` memo argument of a SIP-010 transfer into text. */
export function decodeMemo(argHex: string | undefined): string | null {
  if (!argHex) return null;
  try {
    const cv = hexToCV(argHex);
    if (cv.type !== ClarityType.OptionalSome) return null;
    const inner = cv.value;
    if (inner.type !== ClarityType.Buffer) return null;
    return Buffer.from(inner.value, "hex").toString("utf8");
  } catch {
    return null;
  }
}

/**
 * Decodes a native STX transfer's memo: 34 bytes, zero-padded on the right (Hiro's `0x…` hex), into
 * text without the padding; null when empty.
 */
export function decodeStxMemo(memoHex: string | undefined): string | null {
  if (!memoHex) return null;
  const hex = memoHex.replace(/^0x/, "");
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return null;
  const text = Buffer.from(hex, "hex").toString("utf8").replace(/\0+$/, "");
  return text === "" ? null : text;
}

function principalArg(argHex: string | undefined): string | null {
  if (!argHex) return null;
  try {
    const cv = hexToCV(argHex);
    if (cv.type === ClarityType.PrincipalStandard || cv.type === ClarityType.PrincipalContract)
      return cv.value;
    return null;
  } catch {
    return null;
  }
}

/**
 * Reads the call of a SIP-010 `transfer(amount, sender, recipient, memo)`, or a native STX
 * `token_transfer` (token `STX`); null for anything else.
 */
export function readTransferCall(tx: HiroTransaction): TransferCall | null {
  if (tx.tx_type === "token_transfer" && tx.token_transfer)
    return {
      tokenContract: STX_ASSET_ID,
      recipient: tx.token_transfer.recipient_address,
      memo: decodeStxMemo(tx.token_transfer.memo),
    };
  const call = tx.contract_call;
  if (tx.tx_type !== "contract_call" || !call || call.function_name !== "transfer") return null;
  const args = call.function_args;
  const memoArg = args?.find((a) => a.name === "memo") ?? args?.[3];
  const recipientArg = args?.find((a) => a.name === "recipient" || a.name === "to") ?? args?.[2];
  return {
    tokenContract: call.contract_id,
    recipient: principalArg(recipientArg?.hex),
    memo: decodeMemo(memoArg?.hex),
  };
}

/**
 * What actually moved into `recipient` in `assetId` (the token's transfer events: `<contract>::<name>`
 * for SIP-010, `STX` for `stx_asset` events), and from whom.
 */
export function creditedTo(
  tx: HiroTransaction,
  assetId: string,
  recipient: string,
): { amount: bigint; sender: string } | null {
  if (assetId === STX_ASSET_ID) {
    const moved = (tx.events ?? [])
      .filter((e): e is HiroStxTransferEvent => e.event_type === "stx_asset")
      .filter((e) => e.asset.asset_event_type === "transfer" && e.asset.recipient === recipient);
    if (moved.length === 0) return null;
    return {
      amount: moved.reduce((sum, e) => sum + BigInt(e.asset.amount), 0n),
      sender: moved[0]?.asset.sender ?? tx.sender_address,
    };
  }
  const credited = (tx.events ?? [])
    .filter((e): e is HiroFtTransferEvent => e.event_type === "fungible_token_asset")
    .filter(
      (e) =>
        e.asset.asset_event_type === "transfer" &&
        e.asset.asset_id === assetId &&
        e.asset.recipient === recipient,
    );
  if (credited.length === 0) return null;
  return {
    amount: credited.reduce((sum, e) => sum + BigInt(e.asset.amount), 0n),
    sender: credited[0]?.asset.sender ?? tx.sender_address,
  };
}

/**
 * Decides what a chain transaction means for an intent. Amounts come from the token's transfer
 * events — what actually moved — not from the call's arguments.
 */
export function checkTransfer(tx: HiroTransaction | null, expected: ExpectedTransfer): TransferObservation {
  if (!tx) return { kind: "unknown" };
  if (tx.tx_status === "pending") return { kind: "pending" };
  if (tx.tx_status !== "success") return { kind: "failed", reason: tx.tx_status };
  if (tx.canonical === false) return { kind: "pending" };
  if (expected.tokenContract === STX_ASSET_ID) return checkStxTransfer(tx, expected);
  const call = tx.contract_call;
  if (tx.tx_type !== "contract_call" || !call) return { kind: "rejected", reason: "not_a_contract_call" };
  if (call.contract_id !== expected.tokenContract) return { kind: "rejected", reason: "wrong_token" };
  if (call.function_name !== "transfer") return { kind: "rejected", reason: "wrong_function" };
  const memoArg = call.function_args?.find((a) => a.name === "memo") ?? call.function_args?.[3];
  const memo = decodeMemo(memoArg?.hex);
  if (expected.memo !== null && memo !== expected.memo) return { kind: "rejected", reason: "memo_mismatch" };
  const credited = creditedTo(tx, `${expected.tokenContract}::${expected.assetName}`, expected.recipient);
  if (!credited) return { kind: "rejected", reason: "wrong_recipient" };
  return {
    kind: "paid",
    amount: credited.amount,
    sender: credited.sender,
    blockHeight: tx.block_height ?? 0,
  };
}

/** A successful native STX transfer: the memo it carries, and the µSTX its `stx_asset` events moved. */
function checkStxTransfer(tx: HiroTransaction, expected: ExpectedTransfer): TransferObservation {
  if (tx.tx_type !== "token_transfer" || !tx.token_transfer)
    return { kind: "rejected", reason: "not_an_stx_transfer" };
  const memo = decodeStxMemo(tx.token_transfer.memo);
  if (expected.memo !== null && memo !== expected.memo) return { kind: "rejected", reason: "memo_mismatch" };
  const credited = creditedTo(tx, STX_ASSET_ID, expected.recipient);
  if (!credited) return { kind: "rejected", reason: "wrong_recipient" };
  return {
    kind: "paid",
    amount: credited.amount,
    sender: credited.sender,
    blockHeight: tx.block_height ?? 0,
  };
}
