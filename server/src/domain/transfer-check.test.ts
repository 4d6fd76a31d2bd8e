import { bufferCVFromString, cvToHex, noneCV, principalCV, someCV, uintCV } from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import type { HiroTransaction } from "../chain/hiro-types.ts";
import { checkTransfer, creditedTo, readTransferCall } from "./transfer-check.ts";

const TOKEN = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
const ASSET = `${TOKEN}::sbtc-token`;
const PAYEE = "ST22KWHYGBFNHPKE42E4R1KMZHJ6A0NPG7G784269";
const PAYER = "ST1SJ3DTE5DN7X54YDH5D64R3BCB6A2AG2ZQ8YPD5";

/** A SIP-010 transfer as the Hiro API shows it: call args as Clarity hex, events when anchored. */
function transferTx(options: { memo?: string | null; status?: string; amount?: bigint; to?: string } = {}) {
  const amount = options.amount ?? 25_000n;
  const to = options.to ?? PAYEE;
  const memo = options.memo === undefined ? "pi_A" : options.memo;
  const tx: HiroTransaction = {
    tx_id: `0x${"ab".repeat(32)}`,
    tx_status: options.status ?? "success",
    tx_type: "contract_call",
    sender_address: PAYER,
    nonce: 0,
    block_height: 10,
    canonical: true,
    contract_call: {
      contract_id: TOKEN,
      function_name: "transfer",
      function_args: [
        { name: "amount", type: "uint", repr: "", hex: cvToHex(uintCV(amount)) },
        { name: "sender", type: "principal", repr: "", hex: cvToHex(principalCV(PAYER)) },
        { name: "recipient", type: "principal", repr: "", hex: cvToHex(principalCV(to)) },
        {
          name: "memo",
          type: "(optional (buff 34))",
          repr: "",
          hex: cvToHex(memo === null ? noneCV() : someCV(bufferCVFromString(memo))),
        },
      ],
    },
    events:
      options.status === "pending"
        ? []
        : [
            {
              event_type: "fungible_token_asset",
              asset: {
                asset_event_type: "transfer",
                asset_id: ASSET,
                sender: PAYER,
                recipient: to,
                amount: `${amount}`,
              },
            },
          ],
  };
  return tx;
}

const expected = (memo: string | null) => ({
  tokenContract: TOKEN,
  assetName: "sbtc-token",
  recipient: PAYEE,
  memo,
});

describe("reading a transfer", () => {
  it("reads token, recipient and memo from the call, also while it is pending in the mempool", () => {
    expect(readTransferCall(transferTx({ status: "pending" }))).toEqual({
      tokenContract: TOKEN,
      recipient: PAYEE,
      memo: "pi_A",
    });
    expect(readTransferCall(transferTx({ memo: null }))?.memo).toBeNull();
  });

  it("is not a transfer when the call is another function", () => {
    const tx = transferTx();
    expect(
      readTransferCall({ ...tx, contract_call: { ...tx.contract_call!, function_name: "mint" } }),
    ).toBeNull();
    expect(readTransferCall({ ...tx, tx_type: "token_transfer" })).toBeNull();
  });

  it("takes the amount from the transfer events into the recipient, not from the arguments", () => {
    expect(creditedTo(transferTx({ amount: 7n }), ASSET, PAYEE)).toEqual({ amount: 7n, sender: PAYER });
    expect(creditedTo(transferTx(), ASSET, PAYER)).toBeNull();
  });
});

describe("whether a transfer pays an intent", () => {
  it("pays the intent whose memo it carries", () => {
    expect(checkTransfer(transferTx(), expected("pi_A"))).toMatchObject({ kind: "paid", amount: 25_000n });
  });

  it("another intent's memo never pays it: there is no 'reported for this intent' exception any more", () => {
    expect(checkTransfer(transferTx({ memo: "pi_B" }), expected("pi_A"))).toEqual({
      kind: "rejected",
      reason: "memo_mismatch",
    });
    expect(checkTransfer(transferTx({ memo: null }), expected("pi_A"))).toEqual({
      kind: "rejected",
      reason: "memo_mismatch",
    });
  });

  it("a binding the gateway made itself (merchant assignment, x402) is checked without a memo, but still by token and recipient", () => {
    expect(checkTransfer(transferTx({ memo: null }), expected(null))).toMatchObject({ kind: "paid" });
    expect(checkTransfer(transferTx({ memo: null, to: PAYER }), expected(null))).toEqual({
      kind: "rejected",
      reason: "wrong_recipient",
    });
  });
});

/** A native STX transfer as the Hiro API shows it: the 34-byte memo zero-padded, an `stx_asset` event. */
function stxTransferTx(options: { memo?: string; to?: string; amount?: bigint; status?: string } = {}) {
  const to = options.to ?? PAYEE;
  const amount = options.amount ?? 2_000_000n;
  const memo = Buffer.alloc(34);
  memo.write(options.memo ?? "pi_STX");
  const tx: HiroTransaction = {
    tx_id: `0x${"cd".repeat(32)}`,
    tx_status: options.status ?? "success",
    tx_type: "token_transfer",
    sender_address: PAYER,
    nonce: 0,
    block_height: 11,
    canonical: true,
    token_transfer: { recipient_address: to, amount: `${amount}`, memo: `0x${memo.toString("hex")}` },
    events: [
      {
        event_type: "stx_asset",
        asset: { asset_event_type: "transfer", sender: PAYER, recipient: to, amount: `${amount}` },
      },
    ],
  };
  return tx;
}

describe("native STX transfers", () => {
  const stx = (memo: string | null) => ({ tokenContract: "STX", assetName: "STX", recipient: PAYEE, memo });

  it("reads the token as STX and the memo without its zero padding", () => {
    expect(readTransferCall(stxTransferTx())).toEqual({
      tokenContract: "STX",
      recipient: PAYEE,
      memo: "pi_STX",
    });
  });

  it("is paid with the µSTX its stx_asset events moved to the payee", () => {
    expect(checkTransfer(stxTransferTx(), stx("pi_STX"))).toEqual({
      kind: "paid",
      amount: 2_000_000n,
      sender: PAYER,
      blockHeight: 11,
    });
    expect(creditedTo(stxTransferTx(), "STX", PAYEE)).toEqual({ amount: 2_000_000n, sender: PAYER });
  });

  it("refuses another memo, another payee, and a SIP-010 call where STX is expected", () => {
    expect(checkTransfer(stxTransferTx({ memo: "pi_OTHER" }), stx("pi_STX"))).toEqual({
      kind: "rejected",
      reason: "memo_mismatch",
    });
    expect(checkTransfer(stxTransferTx({ to: PAYER }), stx("pi_STX"))).toEqual({
      kind: "rejected",
      reason: "wrong_recipient",
    });
    expect(checkTransfer(transferTx({ memo: "pi_STX" }), stx("pi_STX"))).toEqual({
      kind: "rejected",
      reason: "not_an_stx_transfer",
    });
  });

  it("an STX transfer never pays a SIP-010 intent", () => {
    expect(checkTransfer(stxTransferTx({ memo: "pi_A" }), expected("pi_A"))).toMatchObject({
      kind: "rejected",
    });
  });
});
