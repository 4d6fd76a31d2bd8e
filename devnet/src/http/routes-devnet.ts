import { Hono } from "hono";
import { ACCOUNTS } from "../accounts.ts";
import { CHAIN_ID, MIN_FEE_RATE, NETWORK_CAIP2 } from "../config.ts";
import { FAUCET_AMOUNTS } from "../faucet.ts";
import { TOKENS } from "../tokens.ts";
import type { HttpDeps } from "./deps.ts";

/** Devnet-only endpoints: what this chain is (tokens, accounts) and mining on demand. */
export function devnetRoutes({ chain, blockMs }: HttpDeps): Hono {
  const app = new Hono();

  app.get("/devnet/info", (c) => {
    const tip = chain.ledger.tip();
    return c.json({
      network: "devnet",
      caip2: NETWORK_CAIP2,
      chain_id: CHAIN_ID,
      block_ms: blockMs,
      tip: { block_height: tip.height, burn_block_height: tip.burnHeight, block_hash: tip.hash },
      mempool_size: chain.pendingAll().length,
      min_fee_rate: Number(MIN_FEE_RATE),
      tokens: TOKENS.map((t) => ({
        key: t.key,
        symbol: t.symbol,
        name: t.name,
        contract_id: t.contractId,
        asset_name: t.assetName,
        asset_id: t.assetId,
        decimals: t.decimals,
        built_in: t.builtIn,
      })),
      accounts: ACCOUNTS.map((a) => ({
        name: a.name,
        address: a.address,
        private_key: a.privateKey,
        genesis: {
          stx: a.funding.stx.toString(),
          sbtc: a.funding.sbtc.toString(),
          usdc: a.funding.usdc.toString(),
        },
      })),
      faucet: Object.fromEntries(Object.entries(FAUCET_AMOUNTS).map(([k, v]) => [k, v.toString()])),
    });
  });

  app.post("/devnet/mine", async (c) => {
    const block = await chain.mineBlock();
    return c.json({
      block_height: block?.height,
      burn_block_height: block?.burnHeight,
      block_hash: block?.hash,
      txids: block?.txids ?? [],
    });
  });

  return app;
}
