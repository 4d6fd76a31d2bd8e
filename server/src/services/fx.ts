import { FALLBACK_USD_PER_BTC, FALLBACK_USD_PER_STX } from "../domain/money.ts";

/** Where a price came from: `live` from the source, `fixed` from configuration, `fallback` after a failure. */
export type PriceSource = "live" | "fixed" | "fallback";

/** A token's dollar price: BTC/USD for sBTC, STX/USD for STX. */
export interface UsdQuote {
  usd: number;
  source: PriceSource;
  fetched_at: number;
}

export interface FxQuote {
  usdPerBtc: number;
  /** `live` from the source, `fixed` from configuration, `fallback` = SPEC.md §9's 110000 after a failure. */
  source: PriceSource;
  fetched_at: number;
}

const FETCH_TIMEOUT_MS = 2_000;
const FAILURE_RETRY_SECONDS = 30;

const positive = (c: unknown): number | null => {
  const n = typeof c === "string" ? Number(c) : c;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * Reads a dollar price from the common JSON shapes: Coinbase (`data.amount`), CoinGecko's simple
 * price (`{bitcoin: {usd}}`, `{blockstack: {usd}}` — one coin per answer), and plain `price`,
 * `usd`, `usdPerBtc`.
 */
export function parseUsdPrice(body: unknown): number | null {
  const b = body as Record<string, unknown> | null;
  if (b === null || typeof b !== "object") return null;
  const coins = Object.values(b).filter(
    (v): v is Record<string, unknown> => typeof v === "object" && v !== null && "usd" in v,
  );
  const candidates = [
    (b.data as Record<string, unknown> | undefined)?.amount,
    coins.length === 1 ? coins[0]?.usd : undefined,
    b.usdPerBtc,
    b.usd,
    b.price,
  ];
  for (const c of candidates) {
    const n = positive(c);
    if (n !== null) return n;
  }
  return null;
}

/** Reads a BTC/USD price (kept for the shapes above; any coin's simple price reads the same way). */
export const parseUsdPerBtc = parseUsdPrice;

/**
 * A token's dollar price, used to freeze sBTC and STX amounts. The source is an http(s) URL
 * answering JSON or `fixed:<price>`. Cached; one fetch in flight at a time; any failure (network,
 * status, shape) yields the fallback price, retried after 30 s.
 */
export class UsdPriceFeed {
  private cached: { quote: UsdQuote; until: number } | null = null;
  private inflight: Promise<UsdQuote> | null = null;

  constructor(
    private readonly source: string,
    private readonly cacheSeconds: number,
    private readonly fallback: number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async current(now = Date.now()): Promise<UsdQuote> {
    if (this.cached && this.cached.until > now) return this.cached.quote;
    this.inflight ??= this.refresh(now).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async refresh(now: number): Promise<UsdQuote> {
    const fetched_at = Math.floor(now / 1000);
    const fixed = /^fixed:(.+)$/.exec(this.source);
    if (fixed) {
      const value = positive(fixed[1]);
      const quote: UsdQuote =
        value !== null
          ? { usd: value, source: "fixed", fetched_at }
          : { usd: this.fallback, source: "fallback", fetched_at };
      this.cached = { quote, until: Number.POSITIVE_INFINITY };
      return quote;
    }
    let quote: UsdQuote;
    try {
      const res = await this.fetchImpl(this.source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const value = res.ok ? parseUsdPrice(await res.json()) : null;
      quote =
        value === null
          ? { usd: this.fallback, source: "fallback", fetched_at }
          : { usd: value, source: "live", fetched_at };
    } catch {
      quote = { usd: this.fallback, source: "fallback", fetched_at };
    }
    const ttl =
      quote.source === "live" ? this.cacheSeconds : Math.min(this.cacheSeconds, FAILURE_RETRY_SECONDS);
    this.cached = { quote, until: now + ttl * 1000 };
    return quote;
  }
}

/** The BTC/USD rate used to freeze sBTC amounts (fallback: SPEC.md §9's 110000). */
export class FxRates {
  private readonly feed: UsdPriceFeed;

  constructor(source: string, cacheSeconds: number, fetchImpl: typeof fetch = fetch) {
    this.feed = new UsdPriceFeed(source, cacheSeconds, FALLBACK_USD_PER_BTC, fetchImpl);
  }

  async current(now = Date.now()): Promise<FxQuote> {
    const { usd, source, fetched_at } = await this.feed.current(now);
    return { usdPerBtc: usd, source, fetched_at };
  }
}

/** The STX/USD price used to freeze STX amounts (fallback: FALLBACK_USD_PER_STX). */
export function stxPriceFeed(source: string, cacheSeconds: number, fetchImpl: typeof fetch = fetch) {
  return new UsdPriceFeed(source, cacheSeconds, FALLBACK_USD_PER_STX, fetchImpl);
}
