import { DEVNET_TOKENS } from "@spay/protocol";
import { DEPLOYER_ADDRESS } from "./accounts.ts";

/** A fungible token known to the devnet. */
export interface DevnetToken {
  /** Short key used by the faucet path: POST /extended/v1/faucets/{key}. */
  readonly key: "sbtc" | "usdc";
  readonly symbol: string;
  readonly name: string;
  /** `<address>.<contract-name>` */
  readonly contractId: string;
  /** Name of the `define-fungible-token` inside the contract. */
  readonly assetName: string;
  /** `<contractId>::<assetName>`, as used in post-conditions and Hiro events. */
  readonly assetId: string;
  readonly decimals: number;
  /** true when the contract is part of simnet's boot state rather than deployed by the devnet. */
  readonly builtIn: boolean;
}

// The contract ids, asset names and decimals are sPay's token registry (@spay/protocol).
export const SBTC_CONTRACT_ID = DEVNET_TOKENS.sbtc.contractId;
export const SBTC_ASSET_NAME = DEVNET_TOKENS.sbtc.assetName;
export const SBTC_ASSET_ID = `${SBTC_CONTRACT_ID}::${SBTC_ASSET_NAME}`;
export const SBTC_DECIMALS = DEVNET_TOKENS.sbtc.decimals;

export const USDC_CONTRACT_NAME = "usdc";
export const USDC_CONTRACT_ID = `${DEPLOYER_ADDRESS}.${USDC_CONTRACT_NAME}`;
export const USDC_ASSET_NAME = DEVNET_TOKENS.usdc.assetName;
export const USDC_ASSET_ID = `${USDC_CONTRACT_ID}::${USDC_ASSET_NAME}`;
export const USDC_DECIMALS = DEVNET_TOKENS.usdc.decimals;

export const SIP010_TRAIT_CONTRACT_ID = `${DEPLOYER_ADDRESS}.sip-010-trait`;

export const SBTC: DevnetToken = {
  key: "sbtc",
  symbol: "sBTC",
  name: "sBTC",
  contractId: SBTC_CONTRACT_ID,
  assetName: SBTC_ASSET_NAME,
  assetId: SBTC_ASSET_ID,
  decimals: SBTC_DECIMALS,
  builtIn: true,
};

export const USDC: DevnetToken = {
  key: "usdc",
  symbol: "USDC",
  name: "USD Coin (sPay devnet)",
  contractId: USDC_CONTRACT_ID,
  assetName: USDC_ASSET_NAME,
  assetId: USDC_ASSET_ID,
  decimals: USDC_DECIMALS,
  builtIn: false,
};

export const TOKENS: readonly DevnetToken[] = [SBTC, USDC];

export function tokenByKey(key: string): DevnetToken | undefined {
  return TOKENS.find((t) => t.key === key);
}
