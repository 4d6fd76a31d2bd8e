import type { Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { chainhookEventSchema } from "@spay/protocol/chainhooks";
import type { ChainBlock, HiroEvent, HiroTransaction } from "./hiro-types.ts";

/** A Chainhooks 2.0 event as `@hirosystems/chainhooks-client` defines it. */
export type ChainhookEvent = Static<ReturnType<typeof chainhookEventSchema>>;
type StacksBlock = ChainhookEvent["event"]["apply"][number];
type StacksTransaction = StacksBlock["transactions"][number];
type Operation = StacksTransaction["operations"][number];

/** The published schema decides what a Chainhooks event is; anything else is refused whole. */
export function parseChainhookEvent(body: unknown): ChainhookEvent | null {
  return Value.Check(chainhookEventSchema(), body) ? body : null;
}

/** Rolled-back blocks (newest first) and applied ones (oldest first), as the follower reads blocks. */
export function blocksOf(event: ChainhookEvent): { rollback: ChainBlock[]; apply: ChainBlock[] } {
  return { rollback: event.event.rollback.map(pushedBlock), apply: event.event.apply.map(pushedBlock) };
}

function pushedBlock(block: StacksBlock): ChainBlock {
  return {
    height: block.block_identifier.index,
    indexBlockHash: block.block_identifier.hash,
    parentIndexBlockHash: block.parent_block_identifier.hash,
    txs: block.transactions.map((tx) => hiroTransaction(tx, block.block_identifier.index)),
  };
}

type MoveOperation = Extract<Operation, { type: "token_transfer" }>;
type CallOperation = Extract<Operation, { type: "contract_call" }>;

/**
 * The fields of a Hiro transaction settlement reads, from a Chainhooks transaction: the call (or
 * the native STX transfer with its memo) and the asset movements. Movements come as Rosetta pairs —
 * a debit (negative value) on the sender's account, then the credit on the recipient's.
 */
export function hiroTransaction(tx: StacksTransaction, blockHeight: number): HiroTransaction {
  const { metadata } = tx;
  const ops = tx.operations;
  const call = ops.find((op): op is CallOperation => op.type === "contract_call");
  const moves = ops.filter((op): op is MoveOperation => op.type === "token_transfer");
  const events: HiroEvent[] = [];
  let stxTransfer: HiroTransaction["token_transfer"];
  for (let i = 0; i + 1 < moves.length; i++) {
    const debit = moves[i];
    const credit = moves[i + 1];
    if (!debit || !credit || !debit.amount.value.startsWith("-") || credit.amount.value.startsWith("-"))
      continue;
    i += 1;
    const amount = credit.amount.value;
    const assetId = credit.amount.currency.metadata?.asset_identifier ?? null;
    const sender = debit.account.address;
    const recipient = credit.account.address;
    if (credit.amount.currency.metadata?.token_type === "nft") continue;
    if (assetId) {
      events.push({
        event_type: "fungible_token_asset",
        asset: { asset_event_type: "transfer", asset_id: assetId, sender, recipient, amount },
      });
    } else {
      events.push({
        event_type: "stx_asset",
        asset: { asset_event_type: "transfer", sender, recipient, amount },
      });
      if (metadata.type === "token_transfer" && !stxTransfer)
        stxTransfer = { recipient_address: recipient, amount, memo: credit.metadata?.memo ?? "0x" };
    }
  }
  const args = Array.isArray(call?.metadata.args) ? call.metadata.args : [];
  return {
    tx_id: tx.transaction_identifier.hash,
    tx_status: metadata.status,
    tx_type: metadata.type,
    sender_address: metadata.sender_address,
    sponsored: metadata.sponsored,
    ...(metadata.sponsor_address ? { sponsor_address: metadata.sponsor_address } : {}),
    nonce: metadata.nonce,
    block_height: blockHeight,
    canonical: metadata.canonical,
    ...(call
      ? {
          contract_call: {
            contract_id: call.metadata.contract_identifier,
            function_name: call.metadata.function_name,
            function_args: args,
          },
        }
      : {}),
    ...(stxTransfer ? { token_transfer: stxTransfer } : {}),
    events,
  };
}
