import { Hono } from "hono";
import type { DevnetChain } from "../chain/devnet-chain.ts";
import { normalizeTxid, type TxRecord } from "../chain/ledger.ts";
import { SERVER_VERSION } from "../config.ts";
import { clarityJsonFromHex } from "../hiro/clarity-json.ts";
import { type TxJsonContext, txJson } from "../hiro/tx-json.ts";
import { badRequest, type HttpDeps, intQuery, principalParam } from "./deps.ts";

export function txJsonContext(chain: DevnetChain): TxJsonContext {
  return {
    blockByHash: (hash) => chain.ledger.blockByHash(hash),
    isCanonical: (block) => chain.ledger.isCanonical(block),
    abiFunction: (contractId, functionName) =>
      chain.contractInterface(contractId)?.functions.find((f) => f.name === functionName),
  };
}

interface Totals {
  stxSent: bigint;
  stxReceived: bigint;
  feesSent: bigint;
  ft: Map<string, { sent: bigint; received: bigint }>;
}

/** Sums what a principal sent and received over its mined transactions. */
function totalsOf(chain: DevnetChain, principal: string): Totals {
  const totals: Totals = { stxSent: 0n, stxReceived: 0n, feesSent: 0n, ft: new Map() };
  for (const txid of chain.ledger.txidsOf(principal)) {
    const record = chain.ledger.tx(txid);
    if (record?.state !== "mined") continue;
    if (record.tx.feePayer === principal) totals.feesSent += record.tx.fee;
    for (const event of record.outcome.events) {
      if (event.type === "stx-transfer") {
        if (event.sender === principal) totals.stxSent += event.amount;
        if (event.recipient === principal) totals.stxReceived += event.amount;
      } else if (event.type === "ft-transfer" || event.type === "ft-mint" || event.type === "ft-burn") {
        const entry = totals.ft.get(event.assetId) ?? { sent: 0n, received: 0n };
        if (event.type !== "ft-mint" && event.sender === principal) entry.sent += event.amount;
        if (event.type !== "ft-burn" && event.recipient === principal) entry.received += event.amount;
        totals.ft.set(event.assetId, entry);
      }
    }
  }
  return totals;
}

function stxJson(balance: bigint, totals: Totals, pendingOutbound: bigint) {
  return {
    balance: balance.toString(),
    estimated_balance: (balance - pendingOutbound).toString(),
    pending_balance_inbound: "0",
    pending_balance_outbound: pendingOutbound.toString(),
    total_sent: totals.stxSent.toString(),
    total_received: totals.stxReceived.toString(),
    total_fees_sent: totals.feesSent.toString(),
    total_miner_rewards_received: "0",
    lock_tx_id: "",
    locked: "0",
    lock_height: 0,
    burnchain_lock_height: 0,
    burnchain_unlock_height: 0,
  };
}

/** Transfer summary of one transaction from a principal's point of view (transactions_with_transfers). */
function transfersJson(record: Extract<TxRecord, { state: "mined" }>, principal: string) {
  const involves = (e: { sender?: string; recipient?: string }) =>
    e.sender === principal || e.recipient === principal;
  let stxSent = record.tx.feePayer === principal ? record.tx.fee : 0n;
  let stxReceived = 0n;
  const stxTransfers: Array<Record<string, string>> = [];
  const ftTransfers: Array<Record<string, string>> = [];
  const nftTransfers: Array<Record<string, unknown>> = [];
  for (const event of record.outcome.events) {
    switch (event.type) {
      case "stx-transfer":
        if (!involves(event)) break;
        if (event.sender === principal) stxSent += event.amount;
        if (event.recipient === principal) stxReceived += event.amount;
        stxTransfers.push({
          amount: event.amount.toString(),
          sender: event.sender,
          recipient: event.recipient,
        });
        break;
      case "ft-transfer":
        if (involves(event)) {
          ftTransfers.push({
            amount: event.amount.toString(),
            asset_identifier: event.assetId,
            sender: event.sender,
            recipient: event.recipient,
          });
        }
        break;
      case "nft-transfer":
        if (involves(event)) {
          nftTransfers.push({
            value: clarityJsonFromHex(event.valueHex),
            asset_identifier: event.assetId,
            sender: event.sender,
            recipient: event.recipient,
          });
        }
        break;
      default:
        break;
    }
  }
  return {
    stx_sent: stxSent.toString(),
    stx_received: stxReceived.toString(),
    stx_transfers: stxTransfers,
    ft_transfers: ftTransfers,
    nft_transfers: nftTransfers,
  };
}

/** Mined transactions of a principal, newest first. */
function minedOf(chain: DevnetChain, principal: string): Array<Extract<TxRecord, { state: "mined" }>> {
  return chain.ledger
    .txidsOf(principal)
    .map((txid) => chain.ledger.tx(txid))
    .filter((r): r is Extract<TxRecord, { state: "mined" }> => r?.state === "mined")
    .reverse();
}

/** The Hiro Stacks Blockchain API paths (`/extended/…`) sPay and wallets read. */
export function extendedRoutes({ chain }: HttpDeps): Hono {
  const app = new Hono();
  const ctx = txJsonContext(chain);

  app.get("/extended", (c) => {
    const tip = chain.ledger.tip();
    return c.json({
      server_version: SERVER_VERSION,
      status: "ready",
      chain_tip: {
        block_height: tip.height,
        block_hash: tip.hash,
        index_block_hash: tip.indexHash,
        burn_block_height: tip.burnHeight,
      },
    });
  });

  app.get("/extended/v1/tx/mempool", (c) => {
    const limit = intQuery(c, "limit", 20, 50);
    const offset = intQuery(c, "offset", 0, Number.MAX_SAFE_INTEGER);
    const filter = c.req.query("sender_address") ?? c.req.query("address");
    const pending = chain
      .pendingAll()
      .filter(
        (r) =>
          !filter ||
          r.tx.sender === filter ||
          r.tx.sponsor?.address === filter ||
          (r.tx.payload.kind === "token-transfer" && r.tx.payload.recipient === filter),
      )
      .reverse();
    return c.json({
      limit,
      offset,
      total: pending.length,
      results: pending.slice(offset, offset + limit).map((r) => txJson(r, ctx)),
    });
  });

  app.get("/extended/v1/tx/:txid", (c) => {
    const txid = c.req.param("txid");
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid)) return badRequest(c, `The tx_id is invalid: ${txid}`);
    const record = chain.ledger.tx(txid);
    if (!record) return c.json({ error: `could not find transaction by ID ${normalizeTxid(txid)}` }, 404);
    const events = {
      limit: intQuery(c, "event_limit", 96, 200),
      offset: intQuery(c, "event_offset", 0, 10_000),
    };
    return c.json(txJson(record, ctx, events));
  });

  app.get("/extended/v1/tx/:txid/raw", (c) => {
    const record = chain.ledger.tx(c.req.param("txid"));
    if (!record)
      return c.json({ error: `could not find transaction by ID ${normalizeTxid(c.req.param("txid"))}` }, 404);
    return c.json({ raw_tx: `0x${Buffer.from(record.tx.raw).toString("hex")}` });
  });

  app.get("/extended/v1/address/:principal/balances", async (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const { stx, tokens } = await chain.balances(principal);
    const totals = totalsOf(chain, principal);
    const fungible: Record<string, { balance: string; total_sent: string; total_received: string }> = {};
    for (const [token, balance] of tokens) {
      const moved = totals.ft.get(token.assetId);
      if (balance === 0n && !moved) continue;
      fungible[token.assetId] = {
        balance: balance.toString(),
        total_sent: (moved?.sent ?? 0n).toString(),
        total_received: (moved?.received ?? 0n).toString(),
      };
    }
    return c.json({
      stx: stxJson(stx, totals, chain.pendingStxSpend(principal)),
      fungible_tokens: fungible,
      non_fungible_tokens: {},
    });
  });

  app.get("/extended/v1/address/:principal/stx", async (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const stx = await chain.stxBalance(principal);
    return c.json(stxJson(stx, totalsOf(chain, principal), chain.pendingStxSpend(principal)));
  });

  app.get("/extended/v1/address/:principal/nonces", (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const info = chain.nonceInfo(principal);
    return c.json({
      last_mempool_tx_nonce: info.lastMempoolNonce === null ? null : Number(info.lastMempoolNonce),
      last_executed_tx_nonce: info.lastExecutedNonce === null ? null : Number(info.lastExecutedNonce),
      possible_next_nonce: Number(info.possibleNextNonce),
      detected_missing_nonces: [],
      detected_mempool_nonces: info.mempoolNonces.map(Number),
    });
  });

  app.get("/extended/v1/address/:principal/transactions_with_transfers", (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const limit = intQuery(c, "limit", 20, 50);
    const offset = intQuery(c, "offset", 0, Number.MAX_SAFE_INTEGER);
    const mined = minedOf(chain, principal);
    return c.json({
      limit,
      offset,
      total: mined.length,
      results: mined.slice(offset, offset + limit).map((record) => ({
        tx: txJson(record, ctx),
        ...transfersJson(record, principal),
      })),
    });
  });

  app.get("/extended/v1/address/:principal/transactions", (c) => {
    const principal = principalParam(c);
    if (!principal) return badRequest(c, "invalid principal");
    const limit = intQuery(c, "limit", 20, 50);
    const offset = intQuery(c, "offset", 0, Number.MAX_SAFE_INTEGER);
    const mined = minedOf(chain, principal);
    return c.json({
      limit,
      offset,
      total: mined.length,
      results: mined.slice(offset, offset + limit).map((record) => txJson(record, ctx)),
    });
  });

  return app;
}
