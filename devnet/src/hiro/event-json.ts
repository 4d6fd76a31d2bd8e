import type { ChainEvent } from "../tx/chain-events.ts";
import { clarityJsonFromHex } from "./clarity-json.ts";

/** One event in the Hiro API's `events` array of a transaction. */
export function eventJson(event: ChainEvent, eventIndex: number, txid: string): Record<string, unknown> {
  const base = { event_index: eventIndex, tx_id: txid };
  switch (event.type) {
    case "print":
      return {
        ...base,
        event_type: "smart_contract_log",
        contract_log: {
          contract_id: event.contractId,
          topic: event.topic,
          value: clarityJsonFromHex(event.valueHex),
        },
      };
    case "stx-transfer":
      return {
        ...base,
        event_type: "stx_asset",
        asset: {
          asset_event_type: "transfer",
          sender: event.sender,
          recipient: event.recipient,
          amount: event.amount.toString(),
          ...(event.memoHex ? { memo: event.memoHex } : {}),
        },
      };
    case "stx-mint":
      return {
        ...base,
        event_type: "stx_asset",
        asset: {
          asset_event_type: "mint",
          sender: "",
          recipient: event.recipient,
          amount: event.amount.toString(),
        },
      };
    case "stx-burn":
      return {
        ...base,
        event_type: "stx_asset",
        asset: {
          asset_event_type: "burn",
          sender: event.sender,
          recipient: "",
          amount: event.amount.toString(),
        },
      };
    case "stx-lock":
      return {
        ...base,
        event_type: "stx_lock",
        stx_lock_event: {
          locked_amount: event.lockedAmount.toString(),
          unlock_height: event.unlockHeight,
          locked_address: event.lockedAddress,
        },
      };
    case "ft-transfer":
    case "ft-mint":
    case "ft-burn":
      return {
        ...base,
        event_type: "fungible_token_asset",
        asset: {
          asset_event_type: event.type.slice(3),
          asset_id: event.assetId,
          sender: event.type === "ft-mint" ? "" : event.sender,
          recipient: event.type === "ft-burn" ? "" : event.recipient,
          amount: event.amount.toString(),
        },
      };
    case "nft-transfer":
    case "nft-mint":
    case "nft-burn":
      return {
        ...base,
        event_type: "non_fungible_token_asset",
        asset: {
          asset_event_type: event.type.slice(4),
          asset_id: event.assetId,
          sender: event.type === "nft-mint" ? "" : event.sender,
          recipient: event.type === "nft-burn" ? "" : event.recipient,
          value: clarityJsonFromHex(event.valueHex),
        },
      };
  }
}
