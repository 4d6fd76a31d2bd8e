import type { BlockRecord, MinedTx } from "../chain/ledger.ts";
import { clarityJson, clarityJsonFromHex } from "../hiro/clarity-json.ts";
import { postConditionJson, type TxJsonContext } from "../hiro/tx-json.ts";
import { TOKENS } from "../tokens.ts";
import { typeToString } from "../tx/abi.ts";
import type { ChainEvent } from "../tx/chain-events.ts";

/** Who the events come from: the `chainhook` part of every payload. */
export interface ChainhookIdentity {
  readonly uuid: string;
  readonly name: string;
}

type Json = Record<string, unknown>;

const ZERO_COST = { read_count: 0, read_length: 0, runtime: 0, write_count: 0, write_length: 0 };
const STX = { decimals: 6, symbol: "STX" };

function ftCurrency(assetId: string): Json {
  const token = TOKENS.find((t) => t.assetId === assetId);
  return {
    decimals: token?.decimals ?? 0,
    symbol: token?.symbol ?? assetId.split("::")[1] ?? assetId,
    metadata: { asset_identifier: assetId, token_type: "ft" },
  };
}

function nftCurrency(assetId: string, valueHex: string): Json {
  return {
    decimals: 0,
    symbol: assetId.split("::")[1] ?? assetId,
    metadata: { asset_identifier: assetId, value: valueHex, token_type: "nft" },
  };
}

type Op = Json & { type: string };

/**
 * Operations of one event. Movements follow the Rosetta convention Chainhooks uses: a debit
 * (negative value) on the sender's account, a credit (positive) on the recipient's.
 */
function eventOps(event: ChainEvent): Op[] {
  const move = (type: string, account: string, currency: Json, value: string): Op => ({
    type,
    account: { address: account },
    amount: { currency, value },
  });
  switch (event.type) {
    case "stx-transfer": {
      const memo = event.memoHex ? { metadata: { memo: event.memoHex } } : {};
      return [
        { ...move("token_transfer", event.sender, STX, `-${event.amount}`), ...memo },
        { ...move("token_transfer", event.recipient, STX, `${event.amount}`), ...memo },
      ];
    }
    case "stx-mint":
      return [move("token_mint", event.recipient, STX, `${event.amount}`)];
    case "stx-burn":
      return [move("token_burn", event.sender, STX, `-${event.amount}`)];
    case "stx-lock":
      return [
        {
          ...move("stx_lock", event.lockedAddress, STX, `${event.lockedAmount}`),
          metadata: {
            unlock_height: event.unlockHeight,
            locked_address: event.lockedAddress,
            contract_name: "pox-4",
          },
        },
      ];
    case "ft-transfer":
      return [
        move("token_transfer", event.sender, ftCurrency(event.assetId), `-${event.amount}`),
        move("token_transfer", event.recipient, ftCurrency(event.assetId), `${event.amount}`),
      ];
    case "ft-mint":
      return [move("token_mint", event.recipient, ftCurrency(event.assetId), `${event.amount}`)];
    case "ft-burn":
      return [move("token_burn", event.sender, ftCurrency(event.assetId), `-${event.amount}`)];
    case "nft-transfer":
      return [
        move("token_transfer", event.sender, nftCurrency(event.assetId, event.valueHex), "-1"),
        move("token_transfer", event.recipient, nftCurrency(event.assetId, event.valueHex), "1"),
      ];
    case "nft-mint":
      return [move("token_mint", event.recipient, nftCurrency(event.assetId, event.valueHex), "1")];
    case "nft-burn":
      return [move("token_burn", event.sender, nftCurrency(event.assetId, event.valueHex), "-1")];
    case "print":
      return [
        {
          type: "contract_log",
          metadata: {
            contract_identifier: event.contractId,
            topic: event.topic,
            value: clarityJsonFromHex(event.valueHex),
          },
        },
      ];
  }
}

/** Operations of a transaction: its fee, its contract call (if any), then what its events moved. */
function operations(mined: MinedTx, ctx: TxJsonContext): Json[] {
  const { tx, outcome } = mined;
  const ops: Op[] = [
    {
      type: "fee",
      account: { address: tx.feePayer },
      amount: { currency: STX, value: `-${tx.fee}` },
      metadata: { sponsored: tx.sponsored },
    },
  ];
  const payload = tx.payload;
  if (payload.kind === "contract-call") {
    const fn = ctx.abiFunction(payload.contractId, payload.functionName);
    ops.push({
      type: "contract_call",
      account: { address: tx.sender },
      metadata: {
        args: payload.args.map((arg, index) => {
          const declared = fn?.args[index];
          return {
            ...clarityJson(arg),
            name: declared?.name ?? `arg${index}`,
            type: declared ? typeToString(declared.type) : "",
          };
        }),
        contract_identifier: payload.contractId,
        function_name: payload.functionName,
      },
    });
  }
  ops.push(...outcome.events.flatMap(eventOps));
  return ops.map((op, index) => ({ operation_identifier: { index }, status: outcome.status, ...op }));
}

/** The post-conditions Chainhooks carries (stx, fungible, non_fungible; pox/staking ones have no schema there). */
function postConditions(mined: MinedTx): Json {
  return {
    mode: mined.tx.postConditionMode,
    post_conditions: mined.tx.postConditions
      .map(postConditionJson)
      .filter((pc) => pc.type === "stx" || pc.type === "fungible" || pc.type === "non_fungible"),
  };
}

function transaction(mined: MinedTx, canonical: boolean, ctx: TxJsonContext): Json {
  const { tx, outcome } = mined;
  return {
    transaction_identifier: { hash: tx.txid },
    operations: operations(mined, ctx),
    metadata: {
      canonical,
      microblock_canonical: true,
      execution_cost: ZERO_COST,
      fee_rate: tx.fee.toString(),
      nonce: Number(tx.nonce),
      type: tx.payload.kind === "contract-call" ? "contract_call" : "token_transfer",
      post_conditions: postConditions(mined),
      position: { index: outcome.txIndex, microblock_identifier: null },
      raw_tx: `0x${Buffer.from(tx.raw).toString("hex")}`,
      result: clarityJson(outcome.result),
      sender_address: tx.sender,
      sponsor_address: tx.sponsor?.address ?? null,
      sponsored: tx.sponsored,
      status: outcome.status,
      vm_error: outcome.vmError,
    },
  };
}

/**
 * A block as Chainhooks 2.0 delivers it (StacksBlock). Block identifiers carry the index block
 * hash, as Chainhooks does for Stacks blocks.
 */
export function stacksBlock(block: BlockRecord, canonical: boolean, ctx: TxJsonContext): Json {
  return {
    block_identifier: { index: block.height, hash: block.indexHash },
    parent_block_identifier: { index: block.height - 1, hash: block.parentIndexHash },
    timestamp: block.time,
    transactions: block.txs.map((mined) => transaction(mined, canonical, ctx)),
    metadata: {
      canonical,
      burn_block_identifier: { index: block.burnHeight, hash: block.burnHash },
      burn_block_timestamp: block.time,
      parent_microblock_identifier: null,
      tenure_height: block.burnHeight,
      execution_cost: ZERO_COST,
      tx_total_size: block.txs.reduce((sum, m) => sum + m.tx.raw.length, 0),
      tx_count: block.txs.length,
    },
  };
}

/** A Chainhooks 2.0 event: blocks rolled back (newest first) and applied (oldest first). */
export function chainhookEvent(
  identity: ChainhookIdentity,
  change: { rollback: readonly BlockRecord[]; apply: readonly BlockRecord[] },
  ctx: TxJsonContext,
): Json {
  return {
    chainhook: { uuid: identity.uuid, name: identity.name },
    event: {
      chain: "stacks",
      // The devnet presents itself as Stacks testnet (ChainhookNetworkSchema: mainnet | testnet).
      network: "testnet",
      apply: change.apply.map((block) => stacksBlock(block, true, ctx)),
      rollback: change.rollback.map((block) => stacksBlock(block, false, ctx)),
    },
  };
}
