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
 * the price: USDC in 6-decimal units ($0.001 = 1000), sBTC in whole sats at `usdPerBtc`.
 */
export function usdToAtomicUnits(
  price: string,
  token: { asset: "sbtc" | "usdc"; decimals: number },
  usdPerBtc: number,
): bigint {
  const { numerator, scale } = parseUsd(price);
  const unit = 10n ** BigInt(token.decimals);
  if (token.asset === "usdc") return ceilDiv(numerator * unit, scale);
  const btcPriceCents = BigInt(Math.round(usdPerBtc * 100));
  if (btcPriceCents <= 0n) throw new X402Error("invalid_payload", "no BTC price to convert to sats");
  return ceilDiv(numerator * unit * 100n, scale * btcPriceCents);
}
