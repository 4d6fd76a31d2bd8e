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

/** Cents for reporting what atomic units were worth (rounded down; sub-cent payments are 0). */
export function atomicToCents(
  asset: Asset,
  amount: bigint,
  decimals: number,
  usdPerUnit: number | null,
): number {
  const whole = Number(amount) / 10 ** decimals;
  const usd = asset === "usdc" ? whole : whole * (usdPerUnit ?? 0);
  return Math.floor(usd * 100 + 1e-9);
}
