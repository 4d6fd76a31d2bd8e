import { broadcastTransaction, Pc, PostConditionMode } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HiroBalances, HiroTx } from "../../testing/hiro-types.ts";
import { devnetNetwork, getJson, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { SBTC, USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  // Blocks only on demand, so several transactions can share one block.
  devnet = await startDevnet({ port: 0, blockMs: 600_000 });
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = accountByName("wallet_5");
const merchant = accountByName("wallet_6");

async function balancesOf(address: string) {
  return getJson<HiroBalances>(`${devnet.url}/extended/v1/address/${address}/balances`);
}

async function send(tx: Awaited<ReturnType<typeof signTokenTransfer>>): Promise<string> {
  const result = await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) });
  if (!("txid" in result) || "reason" in result) throw new Error(`rejected: ${JSON.stringify(result)}`);
  return result.txid;
}

describe("post-conditions", () => {
  it("a transfer is pending in the mempool until a block includes it", async () => {
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 1n,
      fee: 5_000n,
    });
    const txid = await send(tx);
    const pending = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
    expect(pending.tx_status).toBe("pending");
    expect(pending.block_height).toBeUndefined();
    expect(pending.receipt_time).toBeGreaterThan(0);
    const nonces = await getJson(`${devnet.url}/extended/v1/address/${payer.address}/nonces`);
    expect(nonces).toMatchObject({
      possible_next_nonce: 1,
      last_mempool_tx_nonce: 0,
      last_executed_tx_nonce: null,
    });

    const block = await devnet.mineBlock();
    expect(block.txids).toEqual([`0x${txid}`]);
    const mined = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
    expect(mined).toMatchObject({ tx_status: "success", block_height: block.height });
  });

  it("a post-condition that does not hold aborts the transfer (abort_by_post_condition), balances unchanged, fee and nonce consumed", async () => {
    const before = { payer: await balancesOf(payer.address), merchant: await balancesOf(merchant.address) };
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: SBTC,
      from: payer,
      to: merchant.address,
      amount: 1_000n,
      fee: 5_000n,
      // Promises 999 sats but the call moves 1 000.
      postConditions: [
        Pc.principal(payer.address)
          .willSendEq(999n)
          .ft(SBTC.contractId as `${string}.${string}`, SBTC.assetName),
      ],
    });
    const txid = await send(tx);
    await devnet.mineBlock();

    const mined = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
    expect(mined.tx_status).toBe("abort_by_post_condition");
    expect(mined.events).toEqual([]);
    expect(mined.vm_error).toContain("Post-condition check failure");
    expect(mined.post_conditions).toEqual([
      {
        principal: { type_id: "principal_standard", address: payer.address },
        condition_code: "sent_equal_to",
        amount: "999",
        type: "fungible",
        asset: {
          asset_name: "sbtc-token",
          contract_address: SBTC.contractId.split(".")[0],
          contract_name: "sbtc-token",
        },
      },
    ]);

    const after = { payer: await balancesOf(payer.address), merchant: await balancesOf(merchant.address) };
    expect(after.payer.fungible_tokens[SBTC.assetId]?.balance).toBe(
      before.payer.fungible_tokens[SBTC.assetId]?.balance,
    );
    expect(after.merchant.fungible_tokens[SBTC.assetId]?.balance).toBe(
      before.merchant.fungible_tokens[SBTC.assetId]?.balance,
    );
    expect(BigInt(after.payer.stx.balance)).toBe(BigInt(before.payer.stx.balance) - 5_000n);
    const nonces = await getJson(`${devnet.url}/extended/v1/address/${payer.address}/nonces`);
    expect(nonces).toMatchObject({ possible_next_nonce: Number(tx.auth.spendingCondition.nonce) + 1 });
  });

  it("deny mode without a post-condition aborts any token transfer", async () => {
    const before = await balancesOf(merchant.address);
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 10n,
      fee: 5_000n,
      postConditions: [],
      postConditionMode: PostConditionMode.Deny,
    });
    const txid = await send(tx);
    await devnet.mineBlock();
    const mined = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
    expect(mined.tx_status).toBe("abort_by_post_condition");
    expect(mined.vm_error).toContain("not covered by any post-condition");
    expect((await balancesOf(merchant.address)).fungible_tokens[USDC.assetId]?.balance).toBe(
      before.fungible_tokens[USDC.assetId]?.balance,
    );
  });

  it("allow mode without a post-condition lets the transfer through", async () => {
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 10n,
      fee: 5_000n,
      postConditions: [],
      postConditionMode: PostConditionMode.Allow,
    });
    const txid = await send(tx);
    await devnet.mineBlock();
    expect((await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`)).tx_status).toBe("success");
  });

  it("one failing transaction in a block does not undo the others in that block", async () => {
    const base = { url: devnet.url, token: USDC, from: payer, to: merchant.address, fee: 5_000n };
    const nonce = BigInt(
      (
        await getJson<{ possible_next_nonce: number }>(
          `${devnet.url}/extended/v1/address/${payer.address}/nonces`,
        )
      ).possible_next_nonce,
    );
    const before = await balancesOf(merchant.address);
    const good1 = await send(await signTokenTransfer({ ...base, amount: 100n, nonce }));
    const bad = await send(
      await signTokenTransfer({
        ...base,
        amount: 200n,
        nonce: nonce + 1n,
        postConditions: [
          Pc.principal(payer.address)
            .willSendLte(150n)
            .ft(USDC.contractId as `${string}.${string}`, USDC.assetName),
        ],
      }),
    );
    const good2 = await send(await signTokenTransfer({ ...base, amount: 300n, nonce: nonce + 2n }));
    const block = await devnet.mineBlock();
    expect(block.txids).toEqual([good1, bad, good2].map((t) => `0x${t}`));

    const statuses = await Promise.all(
      [good1, bad, good2].map(
        async (t) => (await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${t}`)).tx_status,
      ),
    );
    expect(statuses).toEqual(["success", "abort_by_post_condition", "success"]);
    const after = await balancesOf(merchant.address);
    expect(BigInt(after.fungible_tokens[USDC.assetId]?.balance ?? "0")).toBe(
      BigInt(before.fungible_tokens[USDC.assetId]?.balance ?? "0") + 400n,
    );
  });

  it("a call that returns (err …) is mined as abort_by_response and still pays its fee", async () => {
    const before = await balancesOf(payer.address);
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 10n ** 15n, // far more than the payer holds
      fee: 5_000n,
    });
    const txid = await send(tx);
    await devnet.mineBlock();
    const mined = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
    expect(mined.tx_status).toBe("abort_by_response");
    expect(mined.tx_result?.repr).toBe("(err u1)");
    expect(BigInt((await balancesOf(payer.address)).stx.balance)).toBe(BigInt(before.stx.balance) - 5_000n);
  });
});
