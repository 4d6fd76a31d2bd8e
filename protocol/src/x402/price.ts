import type { Asset } from "../tokens.ts";
import { X402Error } from "./wire.ts";

/** `"$0.001"` or `"0.001"`: a positive US-dollar amount, at most 12 decimals. */
const USD_PRICE = /^\$?(\d{1,9})(?:\.(\d{1,12}))?$/;

/** A dollar price as an exact fraction `numerator / 10^scale`. */
function parseUsd(price: string): { numerator: bigint; scale: bigint } {
  const match = USD_PRICE.exec(price.trim());
  if (!match) throw new X402Error("invalid_payload", `price ${JSON.stringify(price)} is not a dollar amount`);
  const fraction = match[2] ?? "";
  const numerator = BigInt(`${match[1]}${fraction}`);
  if (numerator === 0n) throw new X402Error("invalid_payload", "price must be above zero");
  return { numerator, scale: 10n ** BigInt(fraction.length) };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Atomic units of a token for a dollar price, rounded up so the merchant never receives less than
 * the price: USDC in 6-decimal units ($0.001 = 1000) at par; sBTC in sats and STX in µSTX at
 * `usdPerToken`, the dollar price of one whole token (BTC/USD, STX/USD).
 */
export function usdToAtomicUnits(
  price: string,
  token: { asset: Asset; decimals: number; symbol?: string },
  usdPerToken: number,
): bigint {
  const { numerator, scale } = parseUsd(price);
  const unit = 10n ** BigInt(token.decimals);
  if (token.asset === "usdc") return ceilDiv(numerator * unit, scale);
  // The rate to 1e-8 dollars: STX trades near a dollar, so cents alone would lose its precision.
  const ratePrecision = 100_000_000n;
  const scaledRate = Number.isFinite(usdPerToken)
    ? BigInt(Math.round(usdPerToken * Number(ratePrecision)))
    : 0n;
  if (scaledRate <= 0n)
    throw new X402Error(
      "invalid_payload",
      `no ${token.symbol ?? token.asset} price to convert to atomic units`,
    );
  return ceilDiv(numerator * unit * ratePrecision, scale * scaledRate);
}
