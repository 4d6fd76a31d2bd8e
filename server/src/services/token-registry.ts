import {
  DEVNET_TOKENS as DEVNET_DEFAULTS,
  MAINNET_TOKENS,
  TESTNET_TOKENS,
  type TokenRegistry,
} from "@spay/protocol";
import type { Config } from "../config.ts";

/** The embedded devnet's tokens; its USDC contract id may be overridden (SPAY_DEVNET_USDC_CONTRACT). */
export const DEVNET_TOKENS: TokenRegistry = {
  ...DEVNET_DEFAULTS,
  usdc: {
    ...DEVNET_DEFAULTS.usdc,
    contractId: process.env.SPAY_DEVNET_USDC_CONTRACT ?? DEVNET_DEFAULTS.usdc.contractId,
  },
};

/** Testnet contract ids move; they are configuration (DESIGN.md "Chain facts"). */
export function testnetTokens(env: NodeJS.ProcessEnv = process.env): TokenRegistry {
  return {
    sbtc: {
      ...TESTNET_TOKENS.sbtc,
      contractId: env.SPAY_TESTNET_SBTC_CONTRACT ?? TESTNET_TOKENS.sbtc.contractId,
      assetName: env.SPAY_TESTNET_SBTC_ASSET ?? TESTNET_TOKENS.sbtc.assetName,
    },
    usdc: {
      ...TESTNET_TOKENS.usdc,
      contractId: env.SPAY_TESTNET_USDC_CONTRACT ?? TESTNET_TOKENS.usdc.contractId,
      assetName: env.SPAY_TESTNET_USDC_ASSET ?? TESTNET_TOKENS.usdc.assetName,
    },
    stx: TESTNET_TOKENS.stx,
  };
}

/** Live keys pay on mainnet; test keys on the sandbox chain (the devnet, or testnet otherwise). */
export function tokensFor(config: Config, env: "test" | "live"): TokenRegistry {
  if (env === "live") return MAINNET_TOKENS;
  return config.chain === "devnet" ? DEVNET_TOKENS : testnetTokens();
}
