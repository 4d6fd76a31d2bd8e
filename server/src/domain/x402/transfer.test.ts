import { X402Error, type X402Reason } from "@spay/protocol/x402";
import {
  Cl,
  deserializeTransaction,
  makeContractCall,
  Pc,
  PostConditionMode,
  privateKeyToAddress,
  randomPrivateKey,
  type StacksTransactionWire,
  sponsorTransaction,
} from "@stacks/transactions";
import { describe, expect, it } from "vitest";
import { signedTransferFacts } from "./transfer.ts";

const payerKey = randomPrivateKey();
const sponsorKey = randomPrivateKey();
const payer = privateKeyToAddress(payerKey, "testnet");
const sponsor = privateKeyToAddress(sponsorKey, "testnet");
const PAY_TO = "ST2JHG361ZXG51QTKY2NQCVBPPRRE2KZB1HR05NNC";
const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx";

function transfer(options: { sponsored: boolean; fee: bigint }) {
  return makeContractCall({
    contractAddress: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM",
    contractName: "usdcx",
    functionName: "transfer",
    functionArgs: [
      Cl.uint(1000),
      Cl.principal(payer),
      Cl.principal(PAY_TO),
      Cl.some(Cl.bufferFromUtf8("n-1")),
    ],
    senderKey: payerKey,
    network: "testnet",
    nonce: 7,
    fee: options.fee,
    sponsored: options.sponsored,
    postConditionMode: PostConditionMode.Deny,
    postConditions: [Pc.principal(payer).willSendEq(1000).ft(USDC, "usdcx-token")],
  });
}

const sponsor_ = (tx: StacksTransactionWire, key = sponsorKey) =>
  sponsorTransaction({
    transaction: deserializeTransaction(tx.serialize()),
    sponsorPrivateKey: key,
    fee: 2_500n,
    sponsorNonce: 40n,
    network: "testnet",
  });

function reasonOf(hex: string): X402Reason | "passes" {
  try {
    signedTransferFacts(hex);
    return "passes";
  } catch (err) {
    if (err instanceof X402Error) return err.reason;
    throw err;
  }
}

describe("a signed transfer's fee and who pays it", () => {
  it("a standard transfer: the payer pays its own fee", async () => {
    const facts = signedTransferFacts((await transfer({ sponsored: false, fee: 2_000n })).serialize());
    expect(facts).toMatchObject({
      payer,
      nonce: 7n,
      fee: 2_000n,
      sponsor: null,
      sponsorNonce: null,
      feePayer: payer,
    });
  });

  it("a sponsored transfer, signed by both: the sponsor pays the fee it signed, with its own nonce", async () => {
    const tx = await sponsor_(await transfer({ sponsored: true, fee: 0n }));
    const facts = signedTransferFacts(tx.serialize());
    expect(facts).toMatchObject({
      payer,
      nonce: 7n,
      fee: 2_500n,
      sponsor,
      sponsorNonce: 40n,
      feePayer: sponsor,
      amount: 1000n,
      recipient: PAY_TO,
      memo: "n-1",
    });
    expect(facts.txid).toBe(`0x${tx.txid()}`);
  });

  it("a sponsored transfer not signed by a sponsor yet is refused", async () => {
    expect(reasonOf((await transfer({ sponsored: true, fee: 0n })).serialize())).toBe("invalid_signature");
  });

  it("a sponsor signature over other terms, or by another key, is refused", async () => {
    const raised = await sponsor_(await transfer({ sponsored: true, fee: 0n }));
    raised.setFee(9_999n);
    expect(reasonOf(raised.serialize())).toBe("invalid_signature");

    const tx = await sponsor_(await transfer({ sponsored: true, fee: 0n }));
    const other = await sponsor_(await transfer({ sponsored: true, fee: 0n }), randomPrivateKey());
    if (!("sponsorSpendingCondition" in tx.auth) || !("sponsorSpendingCondition" in other.auth))
      throw new Error("not sponsored");
    tx.auth.sponsorSpendingCondition = {
      ...other.auth.sponsorSpendingCondition,
      signer: tx.auth.sponsorSpendingCondition.signer,
    };
    expect(reasonOf(tx.serialize())).toBe("invalid_signature");
  });

  it("an origin signature that does not cover the transaction is refused, sponsored or not", async () => {
    const tx = await sponsor_(await transfer({ sponsored: true, fee: 0n }));
    tx.auth.spendingCondition.nonce = 8n;
    expect(reasonOf(tx.serialize())).toBe("invalid_signature");
  });
});
