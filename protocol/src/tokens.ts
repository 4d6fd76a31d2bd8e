/** Token registry: one source of truth for asset ids, contracts and decimals per network. */
import type { Chain } from "./networks.ts";

export const ASSETS = ["sbtc", "usdc"] as const;
export type Asset = (typeof ASSETS)[number];

export interface TokenInfo {
  asset: Asset;
  /** `<address>.<contract-name>` */
  contractId: string;
  /** The `define-fungible-token` name, as in `<contract>::<asset>` event ids. */
  assetName: string;
  decimals: number;
  symbol: string;
}

export type TokenRegistry = Record<Asset, TokenInfo>;

/** Atomic units per whole token: sBTC counts sats, USDC micro-dollars. */
export const DECIMALS: Record<Asset, number> = { sbtc: 8, usdc: 6 };
export const SYMBOLS: Record<Asset, string> = { sbtc: "sBTC", usdc: "USDC" };

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
  return { asset, contractId, assetName, decimals: DECIMALS[asset], symbol: SYMBOLS[asset] };
}

export const MAINNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", SBTC_CONTRACT, SBTC_ASSET_NAME),
  usdc: token("usdc", "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx", USDCX_ASSET_NAME),
};

/** Testnet contract ids move: these are defaults a deployment may override (DESIGN.md "Chain facts"). */
export const TESTNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", "ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-token", SBTC_ASSET_NAME),
  usdc: token("usdc", "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx", USDCX_ASSET_NAME),
};

/** The embedded devnet's tokens: simnet's built-in sBTC and the devnet's own USDC. */
export const DEVNET_TOKENS: TokenRegistry = {
  sbtc: token("sbtc", SBTC_CONTRACT, SBTC_ASSET_NAME),
  usdc: token("usdc", DEVNET_USDC_CONTRACT, DEVNET_USDC_ASSET_NAME),
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
