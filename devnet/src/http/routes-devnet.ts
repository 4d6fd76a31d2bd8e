import { Hono } from "hono";
import { ACCOUNTS } from "../accounts.ts";
import type { BlockRecord } from "../chain/ledger.ts";
import { CHAIN_ID, MIN_FEE_RATE, NETWORK_CAIP2 } from "../config.ts";
import { FAUCET_AMOUNTS } from "../faucet.ts";
import { TOKENS } from "../tokens.ts";
import { badRequest, type HttpDeps } from "./deps.ts";

/** Devnet-only endpoints: what this chain is (tokens, accounts) and mining on demand. */
export function devnetRoutes({ chain, blockMs, chainhooks }: HttpDeps): Hono {
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

  // Fork: {"depth": n, "drop"?: ["0x…txid"]} → the orphaned blocks, the new branch, the dropped txids.
  app.post("/devnet/fork", async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const depth = body && typeof body === "object" && "depth" in body ? body.depth : undefined;
    const drop = body && typeof body === "object" && "drop" in body ? body.drop : [];
    if (typeof depth !== "number" || !Number.isInteger(depth) || depth < 1) {
      return badRequest(c, 'expected {"depth": <integer ≥ 1>, "drop"?: ["0x…txid"]}');
    }
    if (!Array.isArray(drop) || !drop.every((t): t is string => typeof t === "string" && TXID.test(t))) {
      return badRequest(c, "drop must be an array of txids");
    }
    try {
      const fork = await chain.fork({ depth, drop });
      const summary = (b: BlockRecord) => ({
        block_height: b.height,
        block_hash: b.hash,
        index_block_hash: b.indexHash,
        parent_block_hash: b.parentHash,
        txids: b.txids,
      });
      return c.json({
        fork_point: summary(fork.forkPoint),
        orphaned: fork.orphaned.map(summary),
        branch: fork.branch.map(summary),
        dropped: fork.dropped,
      });
    } catch (error) {
      if (error instanceof RangeError) return badRequest(c, error.message);
      throw error;
    }
  });

  // Chainhooks push target: {"url", "secret"?} registers, DELETE stops, GET tells (without the secret).
  app.get("/devnet/chainhooks", (c) => c.json({ url: chainhooks.current?.url ?? null }));
  app.post("/devnet/chainhooks", async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const url = body && typeof body === "object" && "url" in body ? body.url : undefined;
    const secret = body && typeof body === "object" && "secret" in body ? body.secret : undefined;
    if (typeof url !== "string" || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      return badRequest(c, 'expected {"url": "http(s)://…", "secret"?: "…"}');
    }
    if (secret !== undefined && typeof secret !== "string") return badRequest(c, "secret must be a string");
    chainhooks.configure({ url, ...(secret ? { secret } : {}) });
    return c.json({ url });
  });
  app.delete("/devnet/chainhooks", (c) => {
    chainhooks.configure(undefined);
    return c.json({ url: null });
  });

  return app;
}

const TXID = /^(0x)?[0-9a-fA-F]{64}$/;
