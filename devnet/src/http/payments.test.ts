import { broadcastTransaction, Cl, fetchNonce } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HiroTx } from "../../testing/hiro-types.ts";
import { devnetNetwork, getJson, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { clarityRepr } from "../hiro/clarity-json.ts";
import { SBTC, USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = accountByName("wallet_1");
const merchant = accountByName("wallet_2");

describe.each([
  { token: SBTC, amount: 12_345n, memo: "pi_sbtc_0001" },
  { token: USDC, amount: 25_000_000n, memo: "pi_usdc_0001" },
])("a signed SIP-010 payment in $token.symbol", ({ token, amount, memo }) => {
  it("is accepted by broadcastTransaction, mined, and reported by /extended/v1/tx with its transfer and memo", async () => {
    const network = devnetNetwork(devnet.url);
    const nonce = await fetchNonce({ address: payer.address, network });
    const tx = await signTokenTransfer({
      url: devnet.url,
      token,
      from: payer,
      to: merchant.address,
      amount,
      memo,
      nonce,
    });

    const broadcast = await broadcastTransaction({ transaction: tx, network });
    expect(broadcast).toEqual({ txid: tx.txid() });

    await devnet.waitForTx(broadcast.txid);
    const mined = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/0x${broadcast.txid}`);
    expect(mined.tx_status).toBe("success");
    expect(mined.tx_result).toEqual({ hex: "0x0703", repr: "(ok true)" });
    expect(mined.canonical).toBe(true);
    expect(mined.sender_address).toBe(payer.address);
    expect(mined.nonce).toBe(Number(nonce));
    expect(mined.block_height).toBeGreaterThan(0);
    expect(mined.contract_call?.contract_id).toBe(token.contractId);
    expect(mined.contract_call?.function_name).toBe("transfer");
    expect(mined.contract_call?.function_args.map((a) => [a.name, a.type, a.repr])).toEqual([
      ["amount", "uint", `u${amount}`],
      ["sender", "principal", `'${payer.address}`],
      ["recipient", "principal", `'${merchant.address}`],
      ["memo", "(optional (buff 34))", clarityRepr(Cl.some(Cl.bufferFromUtf8(memo)))],
    ]);
    expect(mined.events).toEqual([
      {
        event_index: 0,
        event_type: "fungible_token_asset",
        tx_id: mined.tx_id,
        asset: {
          asset_event_type: "transfer",
          asset_id: token.assetId,
          sender: payer.address,
          recipient: merchant.address,
          amount: amount.toString(),
        },
      },
      {
        event_index: 1,
        event_type: "smart_contract_log",
        tx_id: mined.tx_id,
        contract_log: {
          contract_id: token.contractId,
          topic: "print",
          value: {
            hex: `0x02${memo.length.toString(16).padStart(8, "0")}${Buffer.from(memo).toString("hex")}`,
            repr: `0x${Buffer.from(memo).toString("hex")}`,
          },
        },
      },
    ]);
    // The nonce moved on for the next payment.
    expect(await fetchNonce({ address: payer.address, network })).toBe(nonce + 1n);
  });
});

describe("the merchant's balances after both payments", () => {
  it("show exactly the amounts received in each token", async () => {
    const balances = await getJson<{
      fungible_tokens: Record<string, { balance: string; total_received: string }>;
    }>(`${devnet.url}/extended/v1/address/${merchant.address}/balances`);
    expect(balances.fungible_tokens[SBTC.assetId]).toMatchObject({
      balance: (merchant.funding.sbtc + 12_345n).toString(),
      total_received: "12345",
    });
    expect(balances.fungible_tokens[USDC.assetId]).toMatchObject({
      balance: (merchant.funding.usdc + 25_000_000n).toString(),
      total_received: "25000000",
    });
  });
});
