import { fetchFeeEstimateTransfer, privateKeyToAddress, randomPrivateKey } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HiroBalances, HiroTx } from "../../testing/hiro-types.ts";
import { getJson } from "../../testing/wallet.ts";
import { ACCOUNTS } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { FAUCET_AMOUNTS } from "../faucet.ts";
import { SBTC, USDC } from "../tokens.ts";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 150 });
});
afterAll(async () => {
  await devnet?.stop();
});

const fresh = privateKeyToAddress(randomPrivateKey(), "testnet");

async function post(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${devnet.url}${path}`, { method: "POST" });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("accounts and faucet", () => {
  it("blocks are produced every DEVNET_BLOCK_MS even without transactions", async () => {
    const start = (await getJson<{ chain_tip: { block_height: number } }>(`${devnet.url}/extended`)).chain_tip
      .block_height;
    await new Promise((resolve) => setTimeout(resolve, 700));
    const later = (await getJson<{ chain_tip: { block_height: number } }>(`${devnet.url}/extended`)).chain_tip
      .block_height;
    expect(later).toBeGreaterThanOrEqual(start + 2);
  });

  it("the genesis accounts hold their STX, sBTC and USDC", async () => {
    const wallet = ACCOUNTS.find((a) => a.name === "wallet_1");
    if (!wallet) throw new Error("wallet_1 missing");
    const account = await getJson<{ balance: string; nonce: number; locked: string }>(
      `${devnet.url}/v2/accounts/${wallet.address}?proof=0`,
    );
    expect(BigInt(account.balance)).toBe(wallet.funding.stx);
    expect(account).toMatchObject({ nonce: 0, locked: `0x${"0".repeat(32)}` });
    const balances = await getJson<HiroBalances>(
      `${devnet.url}/extended/v1/address/${wallet.address}/balances`,
    );
    expect(balances.stx.balance).toBe(wallet.funding.stx.toString());
    expect(balances.fungible_tokens[SBTC.assetId]?.balance).toBe(wallet.funding.sbtc.toString());
    expect(balances.fungible_tokens[USDC.assetId]?.balance).toBe(wallet.funding.usdc.toString());
  });

  it.each(["stx", "sbtc", "usdc"] as const)(
    "the %s faucet credits a new address with a real transaction",
    async (asset) => {
      const { status, body } = await post(`/extended/v1/faucets/${asset}?address=${fresh}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true });
      const txid = String(body.txId);
      await devnet.waitForTx(txid);
      const tx = await getJson<HiroTx>(`${devnet.url}/extended/v1/tx/${txid}`);
      expect(tx.tx_status).toBe("success");
      expect(tx.tx_type).toBe(asset === "stx" ? "token_transfer" : "contract_call");
    },
  );

  it("the balances endpoint shows what the faucets sent, with totals", async () => {
    const balances = await getJson<HiroBalances & { stx: { total_received: string } }>(
      `${devnet.url}/extended/v1/address/${fresh}/balances`,
    );
    expect(balances.stx.balance).toBe(FAUCET_AMOUNTS.stx.toString());
    expect(balances.stx.total_received).toBe(FAUCET_AMOUNTS.stx.toString());
    expect(balances.fungible_tokens[SBTC.assetId]).toEqual({
      balance: FAUCET_AMOUNTS.sbtc.toString(),
      total_sent: "0",
      total_received: FAUCET_AMOUNTS.sbtc.toString(),
    });
    expect(balances.fungible_tokens[USDC.assetId]?.balance).toBe(FAUCET_AMOUNTS.usdc.toString());
  });

  it("transactions_with_transfers lists the address's transfers, newest first", async () => {
    const page = await getJson<{
      total: number;
      results: Array<{
        tx: HiroTx;
        stx_received: string;
        ft_transfers: Array<{ asset_identifier: string; amount: string }>;
      }>;
    }>(`${devnet.url}/extended/v1/address/${fresh}/transactions_with_transfers`);
    expect(page.total).toBe(3);
    expect(page.results.map((r) => r.tx.tx_type)).toEqual([
      "contract_call",
      "contract_call",
      "token_transfer",
    ]);
    expect(page.results[0]?.ft_transfers).toEqual([
      {
        amount: FAUCET_AMOUNTS.usdc.toString(),
        asset_identifier: USDC.assetId,
        sender: expect.any(String),
        recipient: fresh,
      },
    ]);
    expect(page.results[2]?.stx_received).toBe(FAUCET_AMOUNTS.stx.toString());
  });

  it("a faucet amount can be asked for, and a bad address is refused", async () => {
    const { body } = await post(`/extended/v1/faucets/usdc?address=${fresh}&amount=42`);
    await devnet.waitForTx(String(body.txId));
    const balances = await getJson<HiroBalances>(`${devnet.url}/extended/v1/address/${fresh}/balances`);
    expect(balances.fungible_tokens[USDC.assetId]?.balance).toBe((FAUCET_AMOUNTS.usdc + 42n).toString());
    expect(
      (await post("/extended/v1/faucets/usdc?address=SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7")).status,
    ).toBe(400);
    expect((await post(`/extended/v1/faucets/doge?address=${fresh}`)).status).toBe(404);
  });

  it("/devnet/info lists both tokens with their contract ids and decimals", async () => {
    const info = await getJson<{
      caip2: string;
      tokens: Array<Record<string, unknown>>;
      accounts: unknown[];
    }>(`${devnet.url}/devnet/info`);
    expect(info.caip2).toBe("stacks:2147483648");
    expect(info.tokens).toEqual([
      expect.objectContaining({
        symbol: "sBTC",
        contract_id: SBTC.contractId,
        asset_name: "sbtc-token",
        decimals: 8,
      }),
      expect.objectContaining({
        symbol: "USDC",
        contract_id: USDC.contractId,
        asset_name: "usdc-token",
        decimals: 6,
      }),
    ]);
    expect(info.accounts).toHaveLength(ACCOUNTS.length);
  });

  it("fee estimates are what @stacks/transactions expects", async () => {
    expect(await fetchFeeEstimateTransfer({ transaction: 180, client: { baseUrl: devnet.url } })).toBe(180n);
  });

  it("a running devnet leaves JSON.stringify of a bigint throwing, as without it", () => {
    expect(() => JSON.stringify({ amount: 1n })).toThrow(TypeError);
  });

  it("unknown transactions are 404 and malformed ids 400", async () => {
    expect((await fetch(`${devnet.url}/extended/v1/tx/0x${"ab".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${devnet.url}/extended/v1/tx/xyz`)).status).toBe(400);
    expect((await fetch(`${devnet.url}/extended/v1/address/not-an-address/balances`)).status).toBe(400);
  });
});
