import type { ClarityEvent } from "@stacks/clarinet-sdk";

/** An event of an executed transaction, normalized from simnet's event JSON. Amounts in atomic units. */
export type ChainEvent =
  | {
      readonly type: "stx-transfer";
      readonly sender: string;
      readonly recipient: string;
      readonly amount: bigint;
      readonly memoHex: string;
    }
  | { readonly type: "stx-mint"; readonly recipient: string; readonly amount: bigint }
  | { readonly type: "stx-burn"; readonly sender: string; readonly amount: bigint }
  | {
      readonly type: "stx-lock";
      readonly lockedAddress: string;
      readonly lockedAmount: bigint;
      readonly unlockHeight: number;
    }
  | {
      readonly type: "ft-transfer";
      readonly assetId: string;
      readonly sender: string;
      readonly recipient: string;
      readonly amount: bigint;
    }
  | {
      readonly type: "ft-mint";
      readonly assetId: string;
      readonly recipient: string;
      readonly amount: bigint;
    }
  | { readonly type: "ft-burn"; readonly assetId: string; readonly sender: string; readonly amount: bigint }
  | {
      readonly type: "nft-transfer";
      readonly assetId: string;
      readonly sender: string;
      readonly recipient: string;
      readonly valueHex: string;
    }
  | {
      readonly type: "nft-mint";
      readonly assetId: string;
      readonly recipient: string;
      readonly valueHex: string;
    }
  | {
      readonly type: "nft-burn";
      readonly assetId: string;
      readonly sender: string;
      readonly valueHex: string;
    }
  | {
      readonly type: "print";
      readonly contractId: string;
      readonly topic: string;
      readonly valueHex: string;
    };

function str(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  throw new Error(`simnet event field ${key} missing`);
}

function amount(data: Record<string, unknown>, key = "amount"): bigint {
  return BigInt(str(data, key));
}

function hex(data: Record<string, unknown>): string {
  const raw = str(data, "raw_value");
  return raw.startsWith("0x") ? raw : `0x${raw}`;
}

function memoHex(data: Record<string, unknown>): string {
  const memo = typeof data.memo === "string" ? data.memo : "";
  return memo === "" ? "" : memo.startsWith("0x") ? memo : `0x${memo}`;
}

/** Converts one simnet event; returns undefined for event kinds the devnet does not report. */
export function fromSimnetEvent(event: ClarityEvent): ChainEvent | undefined {
  const data: Record<string, unknown> = event.data;
  switch (event.event) {
    case "stx_transfer_event":
      return {
        type: "stx-transfer",
        sender: str(data, "sender"),
        recipient: str(data, "recipient"),
        amount: amount(data),
        memoHex: memoHex(data),
      };
    case "stx_mint_event":
      return { type: "stx-mint", recipient: str(data, "recipient"), amount: amount(data) };
    case "stx_burn_event":
      return { type: "stx-burn", sender: str(data, "sender"), amount: amount(data) };
    case "stx_lock_event":
      return {
        type: "stx-lock",
        lockedAddress: str(data, "locked_address"),
        lockedAmount: amount(data, "locked_amount"),
        unlockHeight: Number(str(data, "unlock_height")),
      };
    case "ft_transfer_event":
      return {
        type: "ft-transfer",
        assetId: str(data, "asset_identifier"),
        sender: str(data, "sender"),
        recipient: str(data, "recipient"),
        amount: amount(data),
      };
    case "ft_mint_event":
      return {
        type: "ft-mint",
        assetId: str(data, "asset_identifier"),
        recipient: str(data, "recipient"),
        amount: amount(data),
      };
    case "ft_burn_event":
      return {
        type: "ft-burn",
        assetId: str(data, "asset_identifier"),
        sender: str(data, "sender"),
        amount: amount(data),
      };
    case "nft_transfer_event":
      return {
        type: "nft-transfer",
        assetId: str(data, "asset_identifier"),
        sender: str(data, "sender"),
        recipient: str(data, "recipient"),
        valueHex: hex(data),
      };
    case "nft_mint_event":
      return {
        type: "nft-mint",
        assetId: str(data, "asset_identifier"),
        recipient: str(data, "recipient"),
        valueHex: hex(data),
      };
    case "nft_burn_event":
      return {
        type: "nft-burn",
        assetId: str(data, "asset_identifier"),
        sender: str(data, "sender"),
        valueHex: hex(data),
      };
    case "print_event":
      return {
        type: "print",
        contractId: str(data, "contract_identifier"),
        topic: str(data, "topic"),
        valueHex: hex(data),
      };
    default:
      return undefined;
  }
}

export function fromSimnetEvents(events: readonly ClarityEvent[]): ChainEvent[] {
  return events.flatMap((e) => {
    const converted = fromSimnetEvent(e);
    return converted ? [converted] : [];
  });
}

/** Principals an event moves assets from or to (used to index an address's transactions). */
export function principalsOf(event: ChainEvent): string[] {
  switch (event.type) {
    case "stx-transfer":
    case "ft-transfer":
    case "nft-transfer":
      return [event.sender, event.recipient];
    case "stx-mint":
    case "ft-mint":
    case "nft-mint":
      return [event.recipient];
    case "stx-burn":
    case "ft-burn":
    case "nft-burn":
      return [event.sender];
    case "stx-lock":
      return [event.lockedAddress];
    case "print":
      return [];
  }
}
