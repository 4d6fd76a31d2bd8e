import type { X402Scheme } from "../../core/types.js";

/** SPEC.md §3: `asset_type` 'sip10' means USDC; anything else is sBTC. */
export function isUsdcScheme(scheme: X402Scheme): boolean {
  return scheme.asset_type === "sip10";
}

/** The asset's display name for 'via {asset} on Stacks'. */
export function x402AssetName(scheme: X402Scheme): "USDC" | "sBTC" {
  return isUsdcScheme(scheme) ? "USDC" : "sBTC";
}

/** SPEC.md §3: token decimals default to 6; sBTC has 8. */
export function schemeDecimals(scheme: X402Scheme): number {
  return scheme.decimals ?? (isUsdcScheme(scheme) ? 6 : 8);
}
