import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { ACCOUNTS, type DevnetAccount } from "./accounts.ts";
import { DevnetChain, type ForkOptions, type ForkResult } from "./chain/devnet-chain.ts";
import type { BlockRecord } from "./chain/ledger.ts";
import { chainhookEvent } from "./chainhooks/payload.ts";
import { ChainhooksPusher, type ChainhooksTarget, type PusherOptions } from "./chainhooks/pusher.ts";
import { CHAIN_ID, DEFAULT_BLOCK_MS, DEFAULT_HOST, NETWORK_CAIP2 } from "./config.ts";
import { type FaucetAsset, runFaucet } from "./faucet.ts";
import { createApp } from "./http/app.ts";
import { txJsonContext } from "./http/routes-extended.ts";
import { type DevnetToken, TOKENS } from "./tokens.ts";

export interface StartDevnetOptions {
  /** TCP port; 0 (the default here) picks a free one. The CLI defaults to 3999. */
  readonly port?: number;
  /** Milliseconds between blocks (default 2000); 0 mines a block as soon as a transaction is accepted. */
  readonly blockMs?: number;
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /**
   * Push Chainhooks 2.0 events (each block, each fork) to this URL. Default: env
   * `DEVNET_CHAINHOOKS_URL` (+ `DEVNET_CHAINHOOKS_SECRET`), else none; `null` disables the env default.
   */
  readonly chainhooks?: ChainhooksTarget | null;
  /** Delivery tuning of the pusher (attempts, backoff, timeout). */
  readonly chainhooksDelivery?: PusherOptions;
}

/** A mined block, as the in-process API reports it. */
export interface DevnetBlock {
  readonly height: number;
  readonly burnHeight: number;
  readonly hash: string;
  /** Unix seconds. */
  readonly time: number;
  /** 0x-prefixed txids in block order. */
  readonly txids: readonly string[];
}

export interface Devnet {
  /** Base URL of the Hiro-style API, e.g. http://127.0.0.1:3999 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly blockMs: number;
  /** CAIP-2 id: the devnet presents itself as Stacks testnet. */
  readonly network: typeof NETWORK_CAIP2;
  readonly chainId: number;
  readonly accounts: readonly DevnetAccount[];
  readonly tokens: readonly DevnetToken[];
  /** Mines a block now with whatever waits in the mempool (an empty block if nothing does). */
  mineBlock(): Promise<DevnetBlock>;
  /** Sends test funds with a faucet transaction; resolves with its txid once accepted (mined with the next block). */
  faucet(asset: FaucetAsset, address: string, amount?: bigint): Promise<string>;
  /**
   * Forks the chain: the top `depth` blocks stop being canonical, their transactions are mined again
   * on a new branch of `depth + 1` blocks (except those in `drop`). See DevnetChain.fork.
   */
  fork(options: ForkOptions): Promise<ForkResult>;
  /** Chainhooks push: `configure({url, secret})` / `configure(undefined)`, `idle()` to wait for deliveries. */
  readonly chainhooks: ChainhooksPusher;
  /** Resolves when the transaction is mined (or dropped); rejects after `timeoutMs` (default 30 s). */
  waitForTx(txid: string, timeoutMs?: number): Promise<void>;
  /** The HTTP API as a fetch handler, for in-process calls without a socket. */
  fetch(request: Request): Promise<Response>;
  /** The chain behind the API (VM, ledger, mempool), for in-process inspection. */
  readonly chain: DevnetChain;
  /** Stops block production and the HTTP server, and removes the temporary simnet project. */
  stop(): Promise<void>;
}

function chainhooksTarget(option: ChainhooksTarget | null | undefined): ChainhooksTarget | undefined {
  if (option !== undefined) return option ?? undefined;
  const url = process.env.DEVNET_CHAINHOOKS_URL;
  if (!url) return undefined;
  const secret = process.env.DEVNET_CHAINHOOKS_SECRET;
  return { url, ...(secret ? { secret } : {}) };
}

function toDevnetBlock(block: BlockRecord): DevnetBlock {
  return {
    height: block.height,
    burnHeight: block.burnHeight,
    hash: block.hash,
    time: block.time,
    txids: block.txids,
  };
}

/** Starts a devnet in this process: simnet, mempool, block production and the HTTP API. */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const blockMs = options.blockMs ?? DEFAULT_BLOCK_MS;
  const host = options.host ?? DEFAULT_HOST;
  if (!Number.isInteger(blockMs) || blockMs < 0)
    throw new Error(`blockMs must be an integer ≥ 0, got ${blockMs}`);

  const chain = await DevnetChain.create();
  const chainhooks = new ChainhooksPusher(chainhooksTarget(options.chainhooks), options.chainhooksDelivery);
  const identity = { uuid: randomUUID(), name: "spay-devnet" };
  const ctx = txJsonContext(chain);
  chain.onChange((change) => chainhooks.push(chainhookEvent(identity, change, ctx)));
  const app = createApp({ chain, blockMs, chainhooks });
  const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host });
  try {
    await new Promise<void>((resolve, reject) => {
      if (server.listening) resolve();
      server.once("listening", () => resolve());
      server.once("error", reject);
    });
  } catch (error) {
    await chain.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleBlock = () => {
    timer = setTimeout(() => {
      if (stopped) return;
      chain
        .mineBlock()
        .catch((error: unknown) => {
          if (!stopped) console.error("[devnet] block production failed:", error);
        })
        .finally(() => {
          if (!stopped) scheduleBlock();
        });
    }, blockMs);
    timer.unref();
  };
  if (blockMs > 0) scheduleBlock();
  else {
    chain.onAccepted(() => {
      if (stopped) return;
      chain.mineBlock({ onlyIfPending: true }).catch((error: unknown) => {
        if (!stopped) console.error("[devnet] block production failed:", error);
      });
    });
  }

  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    blockMs,
    network: NETWORK_CAIP2,
    chainId: CHAIN_ID,
    accounts: ACCOUNTS,
    tokens: TOKENS,
    chain,
    async mineBlock() {
      const block = await chain.mineBlock();
      if (!block) throw new Error("no block was mined");
      return toDevnetBlock(block);
    },
    fork: (forkOptions) => chain.fork(forkOptions),
    chainhooks,
    async faucet(asset, address, amount) {
      const result = await runFaucet(chain, asset, address, amount);
      if (!result.ok) throw new Error(`faucet transaction rejected: ${result.rejection.reason}`);
      return result.txid;
    },
    waitForTx(txid, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const done = () => chain.ledger.tx(txid)?.state !== "pending" && chain.ledger.tx(txid) !== undefined;
        if (done()) return resolve();
        const timeout = setTimeout(() => {
          off();
          reject(new Error(`transaction ${txid} not mined within ${timeoutMs} ms`));
        }, timeoutMs);
        const off = chain.onBlock(() => {
          if (!done()) return;
          clearTimeout(timeout);
          off();
          resolve();
        });
      });
    },
    fetch: async (request) => app.fetch(request),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      chainhooks.configure(undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      await chain.close();
    },
  };
}

export type { BlockRecord };
