import type { HiroBlock, HiroPage, HiroTransaction, HiroTransferListItem } from "./hiro-types.ts";

/** Hiro's largest page of a block's (or the mempool's) transactions. */
export const TX_PAGE_LIMIT = 50;

export class ChainUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainUnavailableError";
  }
}

export class BroadcastRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`transaction rejected: ${reason}`);
    this.name = "BroadcastRejectedError";
  }
}

export interface ChainClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  retries?: number;
  fetchImpl?: typeof fetch;
}

/**
 * One client for the Hiro Stacks API — the embedded devnet, testnet or mainnet. Timeouts on every
 * call, retries with exponential backoff on network errors, 429 and 5xx; a 404 is an answer.
 */
export class ChainClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ChainClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.retries = options.retries ?? 2;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  /** A transaction, pending or anchored; null when the API does not know it (yet). */
  async getTransaction(txid: string): Promise<HiroTransaction | null> {
    return this.getJson<HiroTransaction>(`/extended/v1/tx/${normalizeTxid(txid)}`, { allow404: true });
  }

  /** Height of the chain tip (Stacks blocks). */
  async getTipHeight(): Promise<number> {
    const info = await this.getJson<{ stacks_tip_height: number }>("/v2/info");
    if (!info || typeof info.stacks_tip_height !== "number")
      throw new ChainUnavailableError("chain info without stacks_tip_height");
    return info.stacks_tip_height;
  }

  /** A block by height (the canonical one) or by index block hash; null when the API does not know it. */
  async getBlock(heightOrHash: number | string): Promise<HiroBlock | null> {
    return this.getJson<HiroBlock>(`/extended/v2/blocks/${heightOrHash}`, { allow404: true });
  }

  /** One page of a block's transactions, in block order. */
  async getBlockTransactions(
    heightOrHash: number | string,
    offset = 0,
    limit = TX_PAGE_LIMIT,
  ): Promise<HiroPage<HiroTransaction>> {
    const page = await this.getJson<HiroPage<HiroTransaction>>(
      `/extended/v2/blocks/${heightOrHash}/transactions?limit=${limit}&offset=${offset}`,
    );
    if (!page || !Array.isArray(page.results))
      throw new ChainUnavailableError(`block ${heightOrHash} transactions without results`);
    return page;
  }

  /** One page of the mempool, newest first. */
  async getMempool(offset = 0, limit = TX_PAGE_LIMIT): Promise<HiroPage<HiroTransaction>> {
    const page = await this.getJson<HiroPage<HiroTransaction>>(
      `/extended/v1/tx/mempool?limit=${limit}&offset=${offset}`,
    );
    return page ?? { limit, offset, total: 0, results: [] };
  }

  /** Recent transactions that moved assets into or out of `principal`, newest first. */
  async getTransfersOf(principal: string, limit = 50): Promise<HiroTransferListItem[]> {
    const page = await this.getJson<{ results: HiroTransferListItem[] }>(
      `/extended/v1/address/${principal}/transactions_with_transfers?limit=${limit}`,
    );
    return page?.results ?? [];
  }

  /** The nonce the account's next transaction must carry (confirmed + pending in the mempool). */
  async getNextNonce(principal: string): Promise<bigint> {
    const body = await this.getJson<{ possible_next_nonce: number }>(
      `/extended/v1/address/${principal}/nonces`,
    );
    return BigInt(body?.possible_next_nonce ?? 0);
  }

  /** Balances: STX (µSTX) and each fungible token by `<contract>::<asset>`. */
  async getBalances(principal: string): Promise<{ stx: bigint; tokens: Map<string, bigint> }> {
    const body = await this.getJson<{
      stx: { balance: string };
      fungible_tokens: Record<string, { balance: string }>;
    }>(`/extended/v1/address/${principal}/balances`);
    const tokens = new Map(
      Object.entries(body?.fungible_tokens ?? {}).map(([id, t]) => [id, BigInt(t.balance)]),
    );
    return { stx: BigInt(body?.stx.balance ?? "0"), tokens };
  }

  /** Broadcasts a signed transaction; resolves with its txid or throws the node's rejection reason. */
  async broadcast(hex: string): Promise<string> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}/v2/transactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tx: hex }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ChainUnavailableError("broadcast failed", { cause: err });
    }
    const body = (await res.json().catch(() => null)) as string | { reason?: string; error?: string } | null;
    if (res.ok && typeof body === "string") return normalizeTxid(body);
    if (res.status >= 500) throw new ChainUnavailableError(`broadcast answered ${res.status}`);
    throw new BroadcastRejectedError(
      typeof body === "object" && body ? (body.reason ?? body.error ?? "rejected") : "rejected",
    );
  }

  private async getJson<T>(path: string, options: { allow404?: boolean } = {}): Promise<T | null> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await sleep(Math.min(2_000, 100 * 2 ** attempt));
      try {
        const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (res.status === 404 && options.allow404) return null;
        if (res.ok) return (await res.json()) as T;
        lastError = new ChainUnavailableError(`${path} answered ${res.status}`);
        if (res.status !== 429 && res.status < 500) break;
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError instanceof ChainUnavailableError
      ? lastError
      : new ChainUnavailableError(`${path} failed`, { cause: lastError });
  }
}

/** Txids are 32 bytes of hex; the API and our storage use the 0x-prefixed lowercase form. */
export function normalizeTxid(txid: string): string {
  const hex = txid.toLowerCase().replace(/^0x/, "");
  return `0x${hex}`;
}

export const TXID_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
