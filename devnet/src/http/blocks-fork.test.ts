import { createClient } from "@stacks/blockchain-api-client";
import { broadcastTransaction } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetNetwork, getJson, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0, chainhooks: null });
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = accountByName("wallet_4");
const merchant = accountByName("wallet_5");

async function pay(amount: bigint, nonce?: bigint): Promise<string> {
  const tx = await signTokenTransfer({
    url: devnet.url,
    token: USDC,
    from: payer,
    to: merchant.address,
    amount,
    memo: `order-${amount}`,
    ...(nonce === undefined ? {} : { nonce }),
  });
  const result = await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) });
  if (!("txid" in result)) throw new Error(`broadcast failed ${JSON.stringify(result)}`);
  await devnet.waitForTx(result.txid);
  return `0x${result.txid}`;
}

describe("/extended/v2/blocks and forks", () => {
  it("serves blocks like Hiro, then forks: orphaned blocks by hash, re-mined and dropped transactions", async () => {
    const client = createClient({ baseUrl: devnet.url });
    const txA = await pay(5n);
    const txB = await pay(7n);
    const emptyTop = await devnet.mineBlock();
    const blockA = devnet.chain.ledger.tx(txA);
    if (blockA?.state !== "mined") throw new Error("A not mined");
    const heightA = blockA.outcome.blockHeight;
    expect(emptyTop.height).toBe(heightA + 2);

    const list = await client.GET("/extended/v2/blocks/", { params: { query: { limit: 2 } } });
    expect(list.response.status).toBe(200);
    expect(list.data?.limit).toBe(2);
    expect(list.data?.results.map((b) => b.height)).toEqual([emptyTop.height, emptyTop.height - 1]);
    expect(list.data?.results[0]?.parent_block_hash).toBe(list.data?.results[1]?.hash);
    expect(list.data?.total).toBe(emptyTop.height - devnet.chain.ledger.genesisHeight + 1);
    const page2 = await client.GET("/extended/v2/blocks/", { params: { query: { limit: 1, offset: 2 } } });
    expect(page2.data?.results[0]?.height).toBe(heightA);
    const tooMany = await client.GET("/extended/v2/blocks/", { params: { query: { limit: 31 } } });
    expect(tooMany.response.status).toBe(400);

    const latest = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: "latest" } },
    });
    expect(latest.data?.hash).toBe(emptyTop.hash);
    const byHeight = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: heightA } },
    });
    const oldA = byHeight.data;
    if (!oldA) throw new Error("no block A");
    expect(oldA).toMatchObject({ canonical: true, height: heightA, tx_count: 1 });
    const byIndexHash = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: oldA.index_block_hash.slice(2) } },
    });
    expect(byIndexHash.data?.hash).toBe(oldA.hash);
    const unknown = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: `0x${"ab".repeat(32)}` } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error).toBe("Block not found");

    const txsOfA = await client.GET("/extended/v2/blocks/{height_or_hash}/transactions", {
      params: { path: { height_or_hash: oldA.hash }, query: { limit: 50 } },
    });
    const single = await getJson(`${devnet.url}/extended/v1/tx/${txA}`);
    expect(txsOfA.data?.total).toBe(1);
    expect(txsOfA.data?.results).toEqual([single]);
    const firstTx = txsOfA.data?.results[0];
    if (!firstTx || !("events" in firstTx)) throw new Error("no events");
    expect(firstTx.events.map((e) => e.event_type)).toEqual(["fungible_token_asset", "smart_contract_log"]);

    // Fork away the 3 blocks (A, B, empty), dropping B: A is mined again on a 4-block branch.
    const forkResponse = await fetch(`${devnet.url}/devnet/fork`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ depth: 3, drop: [txB] }),
    });
    expect(forkResponse.status).toBe(200);
    const fork = (await forkResponse.json()) as {
      fork_point: { block_height: number; block_hash: string };
      orphaned: Array<{ block_hash: string }>;
      branch: Array<{ block_height: number; block_hash: string; parent_block_hash: string; txids: string[] }>;
      dropped: string[];
    };
    expect(fork.fork_point.block_height).toBe(heightA - 1);
    expect(fork.orphaned).toHaveLength(3);
    expect(fork.branch.map((b) => b.block_height)).toEqual([heightA, heightA + 1, heightA + 2, heightA + 3]);
    expect(fork.branch[0]?.parent_block_hash).toBe(fork.fork_point.block_hash);
    expect(fork.branch[0]?.txids).toEqual([txA]);
    expect(fork.dropped).toEqual([txB]);

    const orphan = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: oldA.hash } },
    });
    expect(orphan.data).toMatchObject({ canonical: false, height: heightA });
    const orphanTxs = await client.GET("/extended/v2/blocks/{height_or_hash}/transactions", {
      params: { path: { height_or_hash: oldA.index_block_hash } },
    });
    expect(orphanTxs.data?.results[0]).toMatchObject({ tx_id: txA, canonical: false, block_hash: oldA.hash });
    const newA = await client.GET("/extended/v2/blocks/{height_or_hash}", {
      params: { path: { height_or_hash: heightA } },
    });
    expect(newA.data?.hash).not.toBe(oldA.hash);
    expect(newA.data).toMatchObject({ canonical: true, parent_block_hash: fork.fork_point.block_hash });

    const reMined = await getJson(`${devnet.url}/extended/v1/tx/${txA}`);
    expect(reMined).toMatchObject({
      tx_status: "success",
      canonical: true,
      block_height: heightA,
      block_hash: newA.data?.hash,
    });
    const dropped = await getJson(`${devnet.url}/extended/v1/tx/${txB}`);
    expect(dropped).toMatchObject({ tx_status: "dropped_replace_across_fork", canonical: false });

    const info = await getJson<{ stacks_tip_height: number }>(`${devnet.url}/v2/info`);
    expect(info.stacks_tip_height).toBe(heightA + 3);
    const status = await client.GET("/extended");
    expect(status.data?.chain_tip?.block_hash).toBe(fork.branch[3]?.block_hash);
    const nonces = await client.GET("/extended/v1/address/{principal}/nonces", {
      params: { path: { principal: payer.address } },
    });
    expect(nonces.data?.possible_next_nonce).toBe(1);
    const balances = await client.GET("/extended/v1/address/{principal}/balances", {
      params: { path: { principal: merchant.address } },
    });
    expect(balances.data?.fungible_tokens[USDC.assetId]?.balance).toBe(
      (merchant.funding.usdc + 5n).toString(),
    );
    const history = await client.GET("/extended/v1/address/{principal}/transactions_with_transfers", {
      params: { path: { principal: merchant.address } },
    });
    expect(history.data?.results.map((r) => r.tx.tx_id)).toEqual([txA]);

    // The chain goes on from the new branch: the payer's next nonce is 1 again.
    const txC = await pay(11n, 1n);
    expect(devnet.chain.ledger.tx(txC)).toMatchObject({ state: "mined", outcome: { status: "success" } });
    const after = await client.GET("/extended/v1/address/{principal}/balances", {
      params: { path: { principal: merchant.address } },
    });
    expect(after.data?.fungible_tokens[USDC.assetId]?.balance).toBe((merchant.funding.usdc + 16n).toString());

    // Forking C's block away and dropping C: the payer's nonce 1 is free again, the balance back at +5.
    const second = await devnet.fork({ depth: 1, drop: [txC] });
    expect(second.dropped).toEqual([txC]);
    expect(second.branch.flatMap((b) => b.txids)).toEqual([]);
    const noncesAfter = await client.GET("/extended/v1/address/{principal}/nonces", {
      params: { path: { principal: payer.address } },
    });
    expect(noncesAfter.data).toMatchObject({ possible_next_nonce: 1, last_executed_tx_nonce: 0 });
    const account = await getJson<{ nonce: number }>(`${devnet.url}/v2/accounts/${payer.address}`);
    expect(account.nonce).toBe(1);
    const back = await client.GET("/extended/v1/address/{principal}/balances", {
      params: { path: { principal: merchant.address } },
    });
    expect(back.data?.fungible_tokens[USDC.assetId]?.balance).toBe((merchant.funding.usdc + 5n).toString());
  });

  it("refuses a fork deeper than the chain", async () => {
    const response = await fetch(`${devnet.url}/devnet/fork`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ depth: 1_000_000 }),
    });
    expect(response.status).toBe(400);
  });
});
