/** Token registry: one source of truth for asset ids, contracts and decimals per network. */
export const ASSETS = ["sbtc", "usdc"] as const;
export type Asset = (typeof ASSETS)[number];

export const CHAINS = ["devnet", "testnet", "mainnet"] as const;
export type Chain = (typeof CHAINS)[number];

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

export const SBTC_CONTRACT = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";

export const MAINNET_TOKENS: TokenRegistry = {
  sbtc: { asset: "sbtc", contractId: SBTC_CONTRACT, assetName: "sbtc-token", decimals: 8, symbol: "sBTC" },
  usdc: {
    asset: "usdc",
    contractId: "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx",
    assetName: "usdcx-token",
    decimals: 6,
    symbol: "USDC",
  },
};

/** CAIP-2 network ids (the devnet identifies as testnet). */
export const CAIP2 = { mainnet: "stacks:1", testnet: "stacks:2147483648" } as const;

export function caip2For(chain: Chain): string {
  return chain === "mainnet" ? CAIP2.mainnet : CAIP2.testnet;
}
