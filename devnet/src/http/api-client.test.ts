import { createClient } from "@stacks/blockchain-api-client";
import { broadcastTransaction } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetNetwork, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("@stacks/blockchain-api-client, unchanged, against the devnet", () => {
  it("reads the chain tip, an account's balances and nonces, and a mined transaction", async () => {
    const payer = accountByName("wallet_2");
    const merchant = accountByName("wallet_3");
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 7n,
      memo: "api-client",
    });
    const result = await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) });
    if (!("txid" in result)) throw new Error("broadcast failed");
    await devnet.waitForTx(result.txid);

    const client = createClient({ baseUrl: devnet.url });

    const status = await client.GET("/extended");
    expect(status.response.status).toBe(200);
    expect(status.data?.chain_tip?.block_height).toBeGreaterThan(0);

    const txResponse = await client.GET("/extended/v1/tx/{tx_id}", {
      params: { path: { tx_id: `0x${result.txid}` } },
    });
    expect(txResponse.response.status).toBe(200);
    const mined = txResponse.data;
    if (!mined || !("tx_type" in mined) || mined.tx_type !== "contract_call" || !("block_height" in mined)) {
      throw new Error(`unexpected tx shape ${JSON.stringify(mined)}`);
    }
    expect(mined.tx_status).toBe("success");
    expect(mined.contract_call.contract_id).toBe(USDC.contractId);
    expect(mined.events.map((e) => e.event_type)).toEqual(["fungible_token_asset", "smart_contract_log"]);

    const balances = await client.GET("/extended/v1/address/{principal}/balances", {
      params: { path: { principal: merchant.address } },
    });
    expect(balances.data?.fungible_tokens[USDC.assetId]?.balance).toBe(
      (merchant.funding.usdc + 7n).toString(),
    );

    const nonces = await client.GET("/extended/v1/address/{principal}/nonces", {
      params: { path: { principal: payer.address } },
    });
    expect(nonces.data).toMatchObject({ possible_next_nonce: 1, last_executed_tx_nonce: 0 });

    const history = await client.GET("/extended/v1/address/{principal}/transactions_with_transfers", {
      params: { path: { principal: merchant.address } },
    });
    expect(history.data?.results[0]?.tx.tx_id).toBe(`0x${result.txid}`);
  });
});
