import type { Context } from "hono";
import { Hono } from "hono";
import type { DevnetChain } from "../chain/devnet-chain.ts";
import type { BlockRecord } from "../chain/ledger.ts";
import { blockJson } from "../hiro/block-json.ts";
import { txJson } from "../hiro/tx-json.ts";
import { badRequest, type HttpDeps } from "./deps.ts";
import { txJsonContext } from "./routes-extended.ts";

/** Hiro's paging limits (pagination.ts): blocks 20 by default, at most 30; transactions 20, at most 50. */
const BLOCK_LIMIT = { fallback: 20, max: 30 };
const TX_LIMIT = { fallback: 20, max: 50 };

type Paging = { limit: number; offset: number } | { error: string };

/** `limit` (1…max) and `offset` (≥ 0) as Hiro validates them: out of range is a 400, not clamped. */
function paging(c: Context, limits: { fallback: number; max: number }): Paging {
  const rawLimit = c.req.query("limit");
  const rawOffset = c.req.query("offset");
  const limit = rawLimit === undefined ? limits.fallback : Number(rawLimit);
  const offset = rawOffset === undefined ? 0 : Number(rawOffset);
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.max) {
    return { error: `querystring/limit must be an integer from 1 to ${limits.max}` };
  }
  if (!Number.isInteger(offset) || offset < 0) return { error: "querystring/offset must be >= 0" };
  return { limit, offset };
}

type BlockLookup = { block: BlockRecord | undefined } | { error: string };

/**
 * Hiro's `height_or_hash`: `latest`, a height (→ the canonical block there), or a 64-hex hash with
 * or without 0x (→ that block by block hash or index block hash, canonical or not).
 */
export function lookupBlock(chain: DevnetChain, param: string): BlockLookup {
  if (param === "latest") return { block: chain.ledger.tip() };
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(param)) return { block: chain.ledger.blockByHash(param) };
  if (/^[0-9]+$/.test(param)) return { block: chain.ledger.block(Number.parseInt(param, 10)) };
  return { error: "Invalid block height or hash" };
}

const notFound = (c: Context) => c.json({ error: "Block not found" }, 404);

/** Hiro's `/extended/v2/blocks` paths, on the devnet's blocks (canonical and orphaned). */
export function blockRoutes({ chain }: HttpDeps): Hono {
  const app = new Hono();
  const ctx = txJsonContext(chain);

  // The published client calls `/extended/v2/blocks/` (trailing slash); both spellings answer.
  app.on("GET", ["/extended/v2/blocks", "/extended/v2/blocks/"], (c) => {
    const page = paging(c, BLOCK_LIMIT);
    if ("error" in page) return badRequest(c, page.error);
    const tip = chain.ledger.tip();
    const genesis = chain.ledger.genesisHeight;
    // `cursor` is a canonical block's index block hash: the page starts there (Hiro's block cursor).
    const cursor = c.req.query("cursor");
    let top = tip.height - page.offset;
    if (cursor !== undefined) {
      const at = chain.ledger.blockByHash(cursor);
      if (!at || !chain.ledger.isCanonical(at)) return c.json({ error: "Cursor not found" }, 404);
      top = at.height - page.offset;
    }
    const results: Record<string, unknown>[] = [];
    for (let height = top; height >= genesis && results.length < page.limit; height -= 1) {
      const block = chain.ledger.block(height);
      if (block) results.push(blockJson(block, true));
    }
    const first = results.length > 0 ? chain.ledger.block(top) : undefined;
    const older = chain.ledger.block(top - page.limit);
    const newer = chain.ledger.block(Math.min(top + page.limit, tip.height));
    return c.json({
      limit: page.limit,
      offset: page.offset,
      total: tip.height - genesis + 1,
      next_cursor: newer && top < tip.height ? newer.indexHash : null,
      prev_cursor: older?.indexHash ?? null,
      cursor: first?.indexHash ?? null,
      results,
    });
  });

  app.get("/extended/v2/blocks/:height_or_hash", (c) => {
    const found = lookupBlock(chain, c.req.param("height_or_hash"));
    if ("error" in found) return badRequest(c, found.error);
    if (!found.block) return notFound(c);
    return c.json(blockJson(found.block, chain.ledger.isCanonical(found.block)));
  });

  app.get("/extended/v2/blocks/:height_or_hash/transactions", (c) => {
    const found = lookupBlock(chain, c.req.param("height_or_hash"));
    if ("error" in found) return badRequest(c, found.error);
    if (!found.block) return notFound(c);
    const page = paging(c, TX_LIMIT);
    if ("error" in page) return badRequest(c, page.error);
    const { block } = found;
    return c.json({
      limit: page.limit,
      offset: page.offset,
      total: block.txs.length,
      // Each transaction as this block mined it (an orphaned block's read `canonical: false`).
      results: block.txs
        .slice(page.offset, page.offset + page.limit)
        .map((mined) => txJson({ state: "mined", ...mined }, ctx)),
    });
  });

  return app;
}
