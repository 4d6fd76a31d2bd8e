/** The token and network registry lives in @spay/protocol; this module stays only for files that still import it here. */
export {
  ASSETS,
  type Asset,
  CAIP2,
  CHAINS,
  type Chain,
  caip2For,
  MAINNET_TOKENS,
  SBTC_CONTRACT,
  type TokenInfo,
  type TokenRegistry,
} from "@spay/protocol";
