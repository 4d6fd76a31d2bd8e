/**
 * @spay/devnet — a local Stacks chain for sPay: the Hiro API subset sPay and wallets use, executed on
 * the Clarity VM of @stacks/clarinet-sdk (simnet). State lives in memory.
 */
export { ACCOUNTS, accountByName, type DevnetAccount, FAUCET_ACCOUNT } from "./accounts.ts";
export type { ChainChange, DevnetChain, ForkOptions, ForkResult } from "./chain/devnet-chain.ts";
export type { ChainhooksPusher, ChainhooksTarget } from "./chainhooks/pusher.ts";
export { CHAIN_ID, DEFAULT_BLOCK_MS, DEFAULT_PORT, NETWORK_CAIP2 } from "./config.ts";
export { type Devnet, type DevnetBlock, type StartDevnetOptions, startDevnet } from "./devnet.ts";
export { FAUCET_AMOUNTS, type FaucetAsset } from "./faucet.ts";
export {
  type DevnetToken,
  SBTC,
  SBTC_ASSET_ID,
  SBTC_ASSET_NAME,
  SBTC_CONTRACT_ID,
  SBTC_DECIMALS,
  SIP010_TRAIT_CONTRACT_ID,
  TOKENS,
  USDC,
  USDC_ASSET_ID,
  USDC_ASSET_NAME,
  USDC_CONTRACT_ID,
  USDC_DECIMALS,
} from "./tokens.ts";
