/** Amount rules of DESIGN.md: money is integer minor units; asset amounts are fixed at creation. */

/** SPEC.md §9: the BTC price used when the rate source fails. */
export const FALLBACK_USD_PER_BTC = 110_000;

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
