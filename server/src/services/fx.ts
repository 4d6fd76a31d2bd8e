import { FALLBACK_USD_PER_BTC } from "../domain/money.ts";

export interface FxQuote {
  usdPerBtc: number;
  /** `live` from the source, `fixed` from configuration, `fallback` = SPEC.md §9's 110000 after a failure. */
  source: "live" | "fixed" | "fallback";
  fetched_at: number;
}

const FETCH_TIMEOUT_MS = 2_000;
const FAILURE_RETRY_SECONDS = 30;

/** Reads a BTC/USD price from the common JSON shapes (Coinbase, CoinGecko, Kraken-like `price`). */
export function parseUsdPerBtc(body: unknown): number | null {
  const b = body as Record<string, unknown> | null;
  const candidates = [
    (b?.data as Record<string, unknown> | undefined)?.amount,
    (b?.bitcoin as Record<string, unknown> | undefined)?.usd,
    b?.usdPerBtc,
    b?.price,
  ];
  for (const c of candidates) {
    const n = typeof c === "string" ? Number(c) : c;
    if (typeof n === "number" && Number.isFinite(n) && n > 0) return n;
  }
  return null;
}

/**
 * The BTC/USD rate used to freeze sBTC amounts. Cached; one fetch in flight at a time; any failure
 * (network, status, shape) yields the fallback rate, retried after 30 s.
 */
export class FxRates {
  private cached: { quote: FxQuote; until: number } | null = null;
  private inflight: Promise<FxQuote> | null = null;

  constructor(
    private readonly source: string,
    private readonly cacheSeconds: number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async current(now = Date.now()): Promise<FxQuote> {
    if (this.cached && this.cached.until > now) return this.cached.quote;
    this.inflight ??= this.refresh(now).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async refresh(now: number): Promise<FxQuote> {
    const fetched_at = Math.floor(now / 1000);
    const fixed = /^fixed:(.+)$/.exec(this.source);
    if (fixed) {
      const value = Number(fixed[1]);
      const quote: FxQuote =
        Number.isFinite(value) && value > 0
          ? { usdPerBtc: value, source: "fixed", fetched_at }
          : { usdPerBtc: FALLBACK_USD_PER_BTC, source: "fallback", fetched_at };
      this.cached = { quote, until: Number.POSITIVE_INFINITY };
      return quote;
    }
    let quote: FxQuote;
    try {
      const res = await this.fetchImpl(this.source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const value = res.ok ? parseUsdPerBtc(await res.json()) : null;
      quote =
        value === null
          ? { usdPerBtc: FALLBACK_USD_PER_BTC, source: "fallback", fetched_at }
          : { usdPerBtc: value, source: "live", fetched_at };
    } catch {
      quote = { usdPerBtc: FALLBACK_USD_PER_BTC, source: "fallback", fetched_at };
    }
    const ttl =
      quote.source === "live" ? this.cacheSeconds : Math.min(this.cacheSeconds, FAILURE_RETRY_SECONDS);
    this.cached = { quote, until: now + ttl * 1000 };
    return quote;
  }
}
