/**
 * Dollars to token amounts and back, per asset: USDC at par (6 decimals), sBTC at the BTC/USD rate
 * (sats), STX at the STX/USD price (µSTX). Amounts are frozen when an intent or requirement is
 * created; the price used is kept beside it.
 */
import type { Asset } from "@spay/protocol";
import { centsToMicroStx, centsToSats, centsToUsdcUnits } from "../domain/money.ts";
import type { Deps } from "../http/context.ts";

/** The dollar price of one whole token, or null for USDC (priced at par, no rate). */
export async function usdPerToken(deps: Pick<Deps, "fx" | "stxUsd">, asset: Asset): Promise<number | null> {
  switch (asset) {
    case "usdc":
      return null;
    case "sbtc":
      return (await deps.fx.current()).usdPerBtc;
    case "stx":
      return (await deps.stxUsd.current()).usd;
  }
}

/** Atomic units for a price in cents, rounded up so the merchant never receives less. */
export function centsToAtomic(asset: Asset, amountMinor: number, usdPerUnit: number | null): bigint {
  if (asset === "usdc") return centsToUsdcUnits(amountMinor);
  if (usdPerUnit === null) throw new RangeError(`${asset} needs a dollar price`);
  return asset === "sbtc" ? centsToSats(amountMinor, usdPerUnit) : centsToMicroStx(amountMinor, usdPerUnit);
}

/**
 * What atomic units were worth, in micro-dollars (rounded down, so a report never says more than
 * arrived): exact for USDC, whose atomic units are micro-dollars; at the price given for the others.
 */
export function atomicToMicros(
  asset: Asset,
  amount: bigint,
  decimals: number,
  usdPerUnit: number | null,
): number {
  const perToken = 10n ** BigInt(decimals);
  if (asset === "usdc") return Number((amount * 1_000_000n) / perToken);
  if (usdPerUnit === null) throw new RangeError(`${asset} needs a dollar price`);
  // The price kept to 1e-8 dollars, as the conversions the other way do.
  const price = BigInt(Math.round(usdPerUnit * 1e8));
  return Number((amount * price * 1_000_000n) / (perToken * 100_000_000n));
}
