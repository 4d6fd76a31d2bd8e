import { describe, expect, it } from "vitest";
import { readTransferCall } from "../domain/transfer-check.ts";
import { blocksOf, parseChainhookEvent } from "./chainhooks.ts";

const SENDER = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
const RECIPIENT = "ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC";
const ZERO_COST = { read_count: 0, read_length: 0, runtime: 0, write_count: 0, write_length: 0 };
const STX = { decimals: 6, symbol: "STX" };
const memoHex = `0x${Buffer.from("pi_memo_1").toString("hex").padEnd(68, "0")}`;

/** A native STX transfer carrying a memo, as Chainhooks 2.0 delivers it (Rosetta debit/credit pair). */
const event = {
  chainhook: { uuid: "11111111-1111-1111-1111-111111111111", name: "spay" },
  event: {
    chain: "stacks",
    network: "testnet",
    rollback: [],
    apply: [
      {
        block_identifier: { index: 12, hash: `0x${"12".repeat(32)}` },
        parent_block_identifier: { index: 11, hash: `0x${"11".repeat(32)}` },
        timestamp: 1_800_000_000,
        transactions: [
          {
            transaction_identifier: { hash: `0x${"ab".repeat(32)}` },
            operations: [
              {
                operation_identifier: { index: 0 },
                status: "success",
                type: "fee",
                account: { address: SENDER },
                amount: { currency: STX, value: "-180" },
                metadata: { sponsored: false },
              },
              {
                operation_identifier: { index: 1 },
                status: "success",
                type: "token_transfer",
                account: { address: SENDER },
                amount: { currency: STX, value: "-2000" },
                metadata: { memo: memoHex },
              },
              {
                operation_identifier: { index: 2 },
                status: "success",
                type: "token_transfer",
                account: { address: RECIPIENT },
                amount: { currency: STX, value: "2000" },
                metadata: { memo: memoHex },
              },
            ],
            metadata: {
              canonical: true,
              microblock_canonical: true,
              execution_cost: ZERO_COST,
              fee_rate: "180",
              nonce: 4,
              type: "token_transfer",
              position: { index: 0, microblock_identifier: null },
              result: { hex: "0x0703", repr: "(ok true)" },
              sender_address: SENDER,
              sponsor_address: null,
              sponsored: false,
              status: "success",
              vm_error: null,
            },
          },
        ],
      },
    ],
  },
};

describe("Chainhooks events in the follower's terms", () => {
  it("accepts the published shape and reads a native STX transfer's recipient, amount and memo", () => {
    const parsed = parseChainhookEvent(event);
    expect(parsed).not.toBeNull();
    const [block] = blocksOf(parsed!).apply;
    expect(block).toMatchObject({
      height: 12,
      indexBlockHash: `0x${"12".repeat(32)}`,
      parentIndexBlockHash: `0x${"11".repeat(32)}`,
    });
    const tx = block!.txs[0]!;
    expect(tx).toMatchObject({
      tx_status: "success",
      tx_type: "token_transfer",
      block_height: 12,
      canonical: true,
      token_transfer: { recipient_address: RECIPIENT, amount: "2000", memo: memoHex },
      events: [
        {
          event_type: "stx_asset",
          asset: { sender: SENDER, recipient: RECIPIENT, amount: "2000", asset_event_type: "transfer" },
        },
      ],
    });
    expect(readTransferCall(tx)).toEqual({ tokenContract: "STX", recipient: RECIPIENT, memo: "pi_memo_1" });
  });

  it("refuses anything that is not a Chainhooks event", () => {
    expect(
      parseChainhookEvent({ ...event, event: { ...event.event, apply: [{ block_identifier: 12 }] } }),
    ).toBeNull();
    expect(parseChainhookEvent(null)).toBeNull();
  });
});
