import type { PostCondition } from "@stacks/transactions";
import type { BlockRecord, TxRecord } from "../chain/ledger.ts";
import type { AbiFunction } from "../tx/abi.ts";
import { functionSignature, typeToString } from "../tx/abi.ts";
import type { DecodedTx } from "../tx/decode.ts";
import { clarityJson } from "./clarity-json.ts";
import { eventJson } from "./event-json.ts";

/** What rendering a transaction needs to look up. */
export interface TxJsonContext {
  /** Any block (canonical or orphaned) by hash. */
  blockByHash(hash: string): BlockRecord | undefined;
  isCanonical(block: BlockRecord): boolean;
  abiFunction(contractId: string, functionName: string): AbiFunction | undefined;
}

const CONDITION_CODES: Record<string, string> = {
  eq: "sent_equal_to",
  gt: "sent_greater_than",
  gte: "sent_greater_than_or_equal_to",
  lt: "sent_less_than",
  lte: "sent_less_than_or_equal_to",
  sent: "sent",
  "not-sent": "not_sent",
  "maybe-sent": "maybe_sent",
};

function principalJson(address: string): Record<string, string> {
  if (address === "origin") return { type_id: "principal_origin" };
  const [addr, contractName] = address.split(".");
  return contractName
    ? { type_id: "principal_contract", address: addr ?? "", contract_name: contractName }
    : { type_id: "principal_standard", address };
}

function assetJson(asset: string): Record<string, string> {
  const [contractId = "", assetName = ""] = asset.split("::");
  const [contractAddress = "", contractName = ""] = contractId.split(".");
  return { asset_name: assetName, contract_address: contractAddress, contract_name: contractName };
}

export function postConditionJson(pc: PostCondition): Record<string, unknown> {
  const principal = principalJson(pc.address);
  const condition_code = CONDITION_CODES[pc.condition] ?? pc.condition;
  switch (pc.type) {
    case "stx-postcondition":
      return { principal, condition_code, amount: BigInt(pc.amount).toString(), type: "stx" };
    case "ft-postcondition":
      return {
        principal,
        condition_code,
        amount: BigInt(pc.amount).toString(),
        type: "fungible",
        asset: assetJson(pc.asset),
      };
    case "nft-postcondition":
      return {
        principal,
        condition_code,
        type: "non_fungible",
        asset_value: clarityJson(pc.assetId),
        asset: assetJson(pc.asset),
      };
    case "staking-postcondition":
      return { principal, condition_code, amount: BigInt(pc.amount).toString(), type: "staking" };
    case "pox-postcondition":
      return { principal, condition_code: pc.condition.replaceAll("-", "_"), type: "pox" };
  }
}

function payloadJson(tx: DecodedTx, ctx: TxJsonContext): Record<string, unknown> {
  const payload = tx.payload;
  switch (payload.kind) {
    case "contract-call": {
      const fn = ctx.abiFunction(payload.contractId, payload.functionName);
      return {
        tx_type: "contract_call",
        contract_call: {
          contract_id: payload.contractId,
          function_name: payload.functionName,
          function_signature: fn ? functionSignature(fn) : "",
          function_args: payload.args.map((arg, index) => {
            const declared = fn?.args[index];
            return {
              ...clarityJson(arg),
              name: declared?.name ?? `arg${index}`,
              type: declared ? typeToString(declared.type) : "",
            };
          }),
        },
      };
    }
    case "token-transfer":
      return {
        tx_type: "token_transfer",
        token_transfer: {
          recipient_address: payload.recipient,
          amount: payload.amount.toString(),
          memo: payload.memoHex,
        },
      };
    case "unsupported":
      return { tx_type: "unknown" };
  }
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A transaction as GET /extended/v1/tx/{txid} reports it: mempool shape while pending, anchored once mined. */
export function txJson(
  record: TxRecord,
  ctx: TxJsonContext,
  events?: { limit: number; offset: number },
): Record<string, unknown> {
  const { tx } = record;
  const common = {
    tx_id: tx.txid,
    nonce: Number(tx.nonce),
    fee_rate: tx.fee.toString(),
    sender_address: tx.sender,
    sponsored: tx.sponsored,
    ...(tx.sponsor ? { sponsor_address: tx.sponsor.address, sponsor_nonce: Number(tx.sponsor.nonce) } : {}),
    post_condition_mode: tx.postConditionMode,
    post_conditions: tx.postConditions.map(postConditionJson),
    anchor_mode: "any",
  };
  if (record.state !== "mined") {
    return {
      ...common,
      tx_status: record.state === "pending" ? "pending" : record.status,
      replaced_by_tx_id: null,
      // Hiro reads a transaction of an orphaned block that no branch mined again as non-canonical.
      ...(record.state === "dropped" && record.status === "dropped_replace_across_fork"
        ? { canonical: false }
        : {}),
      receipt_time: record.receiptTime,
      receipt_time_iso: iso(record.receiptTime),
      ...payloadJson(tx, ctx),
    };
  }
  const { outcome } = record;
  const block = ctx.blockByHash(outcome.blockHash);
  const parent = block ? ctx.blockByHash(block.parentHash) : undefined;
  const time = block?.time ?? record.receiptTime;
  const parentTime = parent?.time ?? time;
  const offset = events?.offset ?? 0;
  const limit = events?.limit ?? 96;
  return {
    ...common,
    is_unanchored: false,
    block_hash: block?.hash ?? "",
    parent_block_hash: block?.parentHash ?? "",
    block_height: outcome.blockHeight,
    block_time: time,
    block_time_iso: iso(time),
    burn_block_height: block?.burnHeight ?? 0,
    burn_block_time: time,
    burn_block_time_iso: iso(time),
    parent_burn_block_time: parentTime,
    parent_burn_block_time_iso: iso(parentTime),
    canonical: block ? ctx.isCanonical(block) : true,
    tx_index: outcome.txIndex,
    tx_status: outcome.status,
    tx_result: clarityJson(outcome.result),
    event_count: outcome.events.length,
    microblock_hash: "0x",
    microblock_sequence: 2147483647,
    microblock_canonical: true,
    execution_cost_read_count: 0,
    execution_cost_read_length: 0,
    execution_cost_runtime: 0,
    execution_cost_write_count: 0,
    execution_cost_write_length: 0,
    vm_error: outcome.vmError,
    events: outcome.events
      .map((event, index) => eventJson(event, index, tx.txid))
      .slice(offset, offset + limit),
    ...payloadJson(tx, ctx),
  };
}
