/** Token registry: one source of truth for asset ids, contracts and decimals per network. */
import type { Chain } from "./networks.ts";

export const ASSETS = ["sbtc", "usdc", "stx"] as const;
export type Asset = (typeof ASSETS)[number];

/**
 * How a token moves: a SIP-010 contract's `transfer` call, or the chain's own STX `token-transfer`
 * (no contract; memo, amount in µSTX and the `stx_asset` event instead of a token event).
 */
export type TokenKind = "sip010" | "native";

export interface TokenInfo {
  asset: Asset;
  kind: TokenKind;
  /** `<address>.<contract-name>`; for native STX the x402 asset id `STX`. */
  contractId: string;
  /** The `define-fungible-token` name, as in `<contract>::<asset>` event ids (STX: `STX`). */
  assetName: string;
  decimals: number;
  symbol: string;
}

export type TokenRegistry = Record<Asset, TokenInfo>;

/** Atomic units per whole token: sBTC counts sats, USDC micro-dollars. */
export const DECIMALS: Record<Asset, number> = { sbtc: 8, usdc: 6, stx: 6 };
export const SYMBOLS: Record<Asset, string> = { sbtc: "sBTC", usdc: "USDC", stx: "STX" };

/** Native STX as x402 names it (`asset: "STX"`, as x402-stacks does) and as token_contract stores it. */
export const STX_ASSET_ID = "STX";

/** sBTC is the same contract on mainnet and in simnet's boot state (so on the devnet). */
export const SBTC_CONTRACT = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
export const SBTC_ASSET_NAME = "sbtc-token";

/** The devnet deploys its own 6-decimal USDC from simnet's first account. */
export const DEVNET_DEPLOYER = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM";
export const DEVNET_USDC_CONTRACT = `${DEVNET_DEPLOYER}.usdc`;
export const DEVNET_USDC_ASSET_NAME = "usdc-token";

/** Circle's USDCx names its fungible token `usdcx-token`. */
export const USDCX_ASSET_NAME = "usdcx-token";

function token(asset: Asset, contractId: string, assetName: string): TokenInfo {
  return { asset, kind: "sip010", contractId, assetName, decimals: DECIMALS[asset], symbol: SYMBOLS[asset] };
}

/** STX is the same on every network: no contract, 6 decimals (µSTX). */
export const STX_TOKEN: TokenInfo = {
  asset: "stx",
  kind: "native",
  contractId: STX_ASSET_ID,
  assetName: STX_ASSET_ID,
  decimals: DECIMALS.stx,
  symbol: SYMBOLS.stx,
};

/**
 * The id a token's transfers carry in chain events: `<contract>::<asset-name>` for SIP-010
 * (`fungible_token_asset` events), `STX` for native transfers (`stx_asset` events).
 */
export function assetIdentifier(token: Pick<TokenInfo, "kind" | "contractId" | "assetName">): string {
  return token.kind === "native" ? STX_ASSET_ID : `${token.contractId}::${token.assetName}`;
}

export const MAINNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", SBTC_CONTRACT, SBTC_ASSET_NAME),
  usdc: token("usdc", "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx", USDCX_ASSET_NAME),
  stx: STX_TOKEN,
};

/** Testnet contract ids move: these are defaults a deployment may override (DESIGN.md "Chain facts"). */
export const TESTNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", "ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-token", SBTC_ASSET_NAME),
  usdc: token("usdc", "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx", USDCX_ASSET_NAME),
  stx: STX_TOKEN,
};

/** The embedded devnet's tokens: simnet's built-in sBTC and the devnet's own USDC. */
export const DEVNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", SBTC_CONTRACT, SBTC_ASSET_NAME),
  usdc: token("usdc", DEVNET_USDC_CONTRACT, DEVNET_USDC_ASSET_NAME),
  stx: STX_TOKEN,
};

export const DEFAULT_TOKENS: Record<Chain, TokenRegistry> = {
  mainnet: MAINNET_TOKENS,
  testnet: TESTNET_TOKENS,
  devnet: DEVNET_TOKENS,
};

/** The `define-fungible-token` name of a USDC contract: USDCx's `usdcx-token`, the devnet's `usdc-token`. */
export function usdcAssetName(contractName: string): string {
  return contractName === "usdcx" ? USDCX_ASSET_NAME : DEVNET_USDC_ASSET_NAME;
}
