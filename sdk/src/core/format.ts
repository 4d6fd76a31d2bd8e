import type { PaymentIntent, X402Scheme } from "./types.js";

/**
 * Amount display by SPEC.md §9. Atomic amounts are integers (sats, token units, cents) handled as
 * bigint or digit strings: never floats, so no amount is ever off by a rounding error.
 */

/** An integer amount: a safe integer number, a bigint, or a string of digits. */
export type AmountInput = number | bigint | string;

/** SPEC.md §9: the BTC price used when no rate is available. */
export const FALLBACK_USD_PER_BTC = 110_000;

const SATS_PER_BTC = 100_000_000n;
const RATE_SCALE = 10_000n; // rates kept to 4 decimal places, as the server does

function toBigInt(value: AmountInput): bigint {
  if (typeof value === "bigint") return value;
  const digits = typeof value === "number" ? (Number.isSafeInteger(value) ? `${value}` : "") : value.trim();
  if (!/^-?\d+$/.test(digits)) throw new RangeError(`Not an integer amount: '${value}'`);
  return BigInt(digits);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * `value / 10^decimals` as a decimal string rounded half-up to `maxShown` places, with at least
 * `minShown` places (trailing zeros beyond that trimmed) and grouped thousands.
 */
function decimal(value: bigint, decimals: number, minShown: number, maxShown = minShown): string {
  const negative = value < 0n;
  let abs = negative ? -value : value;
  const drop = decimals - maxShown;
  if (drop > 0) {
    const unit = 10n ** BigInt(drop);
    abs = (abs + unit / 2n) / unit;
  }
  const shown = Math.min(maxShown, decimals);
  const unit = 10n ** BigInt(shown);
  let fraction = (abs % unit).toString().padStart(shown, "0");
  while (fraction.length > minShown && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const whole = groupThousands((abs / unit).toString());
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

function dollars(body: string): string {
  return body.startsWith("-") ? `-$${body.slice(1)}` : `$${body}`;
}

/** Cents as dollars: `1999` → `"$19.99"`. */
export function formatUsd(cents: AmountInput): string {
  return dollars(decimal(toBigInt(cents), 2, 2));
}

/** Sats below 1 BTC as a count (`"18,173 sats"`), from 1e8 up in BTC with 3 decimals (`"1.234 BTC"`). */
export function formatSats(sats: AmountInput): string {
  const value = toBigInt(sats);
  const abs = value < 0n ? -value : value;
  if (abs >= SATS_PER_BTC) return `${decimal(value, 8, 3)} BTC`;
  return `${groupThousands(value.toString())} sat${abs === 1n ? "" : "s"}`;
}

/** sBTC atomic units (8 decimals) with all 8 places: `18173` → `"0.00018173 sBTC"`. */
export function formatSbtc(atomic: AmountInput): string {
  return `${decimal(toBigInt(atomic), 8, 8)} sBTC`;
}

/**
 * USDC atomic units as dollars with 2 decimals (`2500000` → `"$2.50"`); sub-cent amounts keep
 * the places they need (`1000` → `"$0.001"`), since x402 prices go down to a tenth of a cent.
 */
export function formatUsdc(atomic: AmountInput, decimals = 6): string {
  return dollars(decimal(toBigInt(atomic), decimals, 2, decimals));
}

/** µSTX as STX with the places they need, at least 2 (`2500000` → `"2.50 STX"`, `3334` → `"0.003334 STX"`). */
export function formatStx(atomic: AmountInput, decimals = 6): string {
  return `${decimal(toBigInt(atomic), decimals, 2, decimals)} STX`;
}

/** What the payer sends for an intent: sats/BTC for sBTC, dollars for USDC, STX for STX. */
export function formatIntentAmount(
  intent: Pick<PaymentIntent, "asset" | "amount_asset" | "amount_sbtc" | "decimals">,
): string {
  if (intent.asset === "usdc") return formatUsdc(intent.amount_asset, intent.decimals);
  if (intent.asset === "stx") return formatStx(intent.amount_asset, intent.decimals);
  return formatSats(intent.amount_sbtc ?? intent.amount_asset);
}

/** An x402 scheme's price (SPEC.md §2): dollars for USDC (`sip10`), STX for `stx`, sBTC with 8 decimals otherwise. */
export function formatX402Amount(scheme: Pick<X402Scheme, "asset_type" | "amount" | "decimals">): string {
  // An absent `decimals` takes each token's default (6).
  if (scheme.asset_type === "sip10") return formatUsdc(scheme.amount, scheme.decimals);
  if (scheme.asset_type === "stx") return formatStx(scheme.amount, scheme.decimals);
  return formatSbtc(scheme.amount);
}

/** A transaction id shortened for display: `"0x1a2b…9f0e"`. */
export function shortTxid(txid: string): string {
  const hex = txid.replace(/^0x/, "");
  if (hex.length <= 8) return `0x${hex}`;
  return `0x${hex.slice(0, 4)}…${hex.slice(-4)}`;
}

/**
 * sats = ceil(usd / usdPerBtc × 1e8) for an amount in cents, exact in integers and identical to
 * the server's rule (the rate kept to 4 decimals). Falls back to {@link FALLBACK_USD_PER_BTC}.
 */
export function satsForCents(cents: AmountInput, usdPerBtc: number = FALLBACK_USD_PER_BTC): bigint {
  if (!Number.isFinite(usdPerBtc) || usdPerBtc <= 0) throw new RangeError(`Invalid BTC rate: ${usdPerBtc}`);
  const rate = BigInt(Math.round(usdPerBtc * Number(RATE_SCALE)));
  const numerator = toBigInt(cents) * 1_000_000n * RATE_SCALE; // cents → dollars (÷100) × 1e8
  return (numerator + rate - 1n) / rate;
}
