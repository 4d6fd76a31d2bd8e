/** Amount rules of DESIGN.md: money is integer minor units; asset amounts are fixed at creation. */

/** SPEC.md §9: the BTC price used when the rate source fails. */
export const FALLBACK_USD_PER_BTC = 110_000;

/**
 * The STX price used when its rate source fails or none is reachable (the embedded default runs
 * offline with `fixed:` sources in tests). A deployment that takes STX sets SPAY_STX_FX_SOURCE.
 */
export const FALLBACK_USD_PER_STX = 0.5;

const RATE_SCALE = 10_000n; // rates are kept to 4 decimal places

/** Parses a positive decimal rate into an integer scaled by 1e4; throws on anything else. */
function scaleRate(usdPerBtc: number): bigint {
  if (!Number.isFinite(usdPerBtc) || usdPerBtc <= 0) throw new RangeError(`invalid BTC rate: ${usdPerBtc}`);
  return BigInt(Math.round(usdPerBtc * Number(RATE_SCALE)));
}

/** sats = ceil(usd / usdPerBtc × 1e8), computed exactly in integers. */
export function centsToSats(amountMinor: number, usdPerBtc: number): bigint {
  const scaled = scaleRate(usdPerBtc);
  const numerator = BigInt(amountMinor) * 1_000_000n * RATE_SCALE; // cents → usd (÷100) × 1e8
  return (numerator + scaled - 1n) / scaled;
}

/** µSTX = ceil(usd / usdPerStx × 1e6), exact in integers (the price kept to 1e-8 dollars). */
export function centsToMicroStx(amountMinor: number, usdPerStx: number): bigint {
  if (!Number.isFinite(usdPerStx) || usdPerStx <= 0) throw new RangeError(`invalid STX rate: ${usdPerStx}`);
  const scaled = BigInt(Math.round(usdPerStx * 1e8));
  if (scaled <= 0n) throw new RangeError(`invalid STX rate: ${usdPerStx}`);
  const numerator = BigInt(amountMinor) * 10_000n * 100_000_000n; // cents → usd (÷100) × 1e6, rate × 1e8
  return (numerator + scaled - 1n) / scaled;
}

/** USDC has 6 decimals: one cent is 10 000 atomic units. */
export function centsToUsdcUnits(amountMinor: number): bigint {
  return BigInt(amountMinor) * 10_000n;
}

/** Product prices are entered in dollars and stored in cents by rounding (SPEC.md §5). */
export function dollarsToCents(dollars: number): number {
  // 1.005 × 100 is 100.49999999999999 in binary floating point; 12 significant digits restore the
  // decimal the user typed before rounding.
  return Math.round(Number((dollars * 100).toPrecision(12)));
}

/** Largest amount accepted, as Stripe: $999,999.99. */
export const MAX_AMOUNT_MINOR = 99_999_999;
