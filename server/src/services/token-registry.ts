import type { Config } from "../config.ts";
import { MAINNET_TOKENS, SBTC_CONTRACT, type TokenRegistry } from "../domain/tokens.ts";

/** The embedded devnet's tokens: simnet's built-in sBTC and our own 6-decimal USDC. */
export const DEVNET_TOKENS: TokenRegistry = {
  sbtc: { asset: "sbtc", contractId: SBTC_CONTRACT, assetName: "sbtc-token", decimals: 8, symbol: "sBTC" },
  usdc: {
    asset: "usdc",
    contractId: process.env.SPAY_DEVNET_USDC_CONTRACT ?? "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc",
    assetName: "usdc-token",
    decimals: 6,
    symbol: "USDC",
  },
};

/** Testnet contract ids move; they are configuration (DESIGN.md "Chain facts"). */
export function testnetTokens(env: NodeJS.ProcessEnv = process.env): TokenRegistry {
  return {
    sbtc: {
      asset: "sbtc",
      contractId: env.SPAY_TESTNET_SBTC_CONTRACT ?? "ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-token",
      assetName: env.SPAY_TESTNET_SBTC_ASSET ?? "sbtc-token",
      decimals: 8,
      symbol: "sBTC",
    },
    usdc: {
      asset: "usdc",
      contractId: env.SPAY_TESTNET_USDC_CONTRACT ?? "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx",
      assetName: env.SPAY_TESTNET_USDC_ASSET ?? "usdcx-token",
      decimals: 6,
      symbol: "USDC",
    },
  };
}

/** Live keys pay on mainnet; test keys on the sandbox chain (the devnet, or testnet otherwise). */
export function tokensFor(config: Config, env: "test" | "live"): TokenRegistry {
  if (env === "live") return MAINNET_TOKENS;
  return config.chain === "devnet" ? DEVNET_TOKENS : testnetTokens();
}
