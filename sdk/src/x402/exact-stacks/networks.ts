/**
 * Stacks as x402 names it: CAIP-2 ids (`stacks:1`, `stacks:2147483648`), the `exact` scheme, and
 * the tokens a money price can be paid in on each network.
 */
import { DECIMALS, MAINNET_TOKENS, SYMBOLS, TESTNET_TOKENS, type TokenRegistry } from "@spay/protocol";
import { X402_NETWORKS, X402_SCHEME, X402_TOKEN_TYPE } from "@spay/protocol/x402";
import { KNOWN_TOKENS, type StacksNetworkName } from "../agent/payment-policy.js";

/** The tokens sPay prices: USDC and sBTC (SIP-010), and native STX (asset `STX`). */
export type TokenAlias = "usdc" | "sbtc" | "stx";

/** The scheme name, as every x402 implementation spells it. */
export const EXACT_SCHEME = X402_SCHEME;

/** The CAIP-2 family pattern of every Stacks network. */
export const STACKS_CAIP_FAMILY = "stacks:*";

/** A Stacks CAIP-2 network id. */
export type StacksCaip2 = (typeof X402_NETWORKS)[StacksNetworkName];

/** `@stacks/transactions`' name for a CAIP-2 Stacks network, or null for any other network. */
export function stacksNetworkOf(network: string): StacksNetworkName | null {
  if (network === X402_NETWORKS.mainnet) return "mainnet";
  if (network === X402_NETWORKS.testnet) return "testnet";
  return null;
}

/** What a requirement's `extra` says of its token, so a payer can build the post-condition. */
export interface StacksToken {
  /** `<address>.<contract-name>`, or `STX` for native STX. */
  contractId: string;
  /** The contract's `define-fungible-token` name. */
  assetName: string;
  decimals: number;
  /** SPEC.md's `asset_type`: `sip10` for USDC, `sbtc` for sBTC, `stx` for STX. */
  tokenType: string;
  symbol: string;
  /** Which of sPay's tokens it is, when it is one (a money price in sBTC needs a rate). */
  alias: TokenAlias | null;
}

const REGISTRY: Record<StacksNetworkName, TokenRegistry> = {
  mainnet: MAINNET_TOKENS,
  testnet: TESTNET_TOKENS,
};

function fromKnown(alias: TokenAlias, contractId: string, assetName: string): StacksToken {
  return {
    contractId,
    assetName,
    decimals: DECIMALS[alias],
    tokenType: X402_TOKEN_TYPE[alias],
    symbol: SYMBOLS[alias],
    alias,
  };
}

/** The network's default contract for a token alias (USDCx for USDC, sBTC). */
export function defaultToken(alias: TokenAlias, network: StacksNetworkName): StacksToken {
  const info = REGISTRY[network][alias];
  return fromKnown(alias, info.contractId, info.assetName);
}

/**
 * A token contract sPay knows on the network (its default USDC/sBTC, and on testnet the sPay
 * devnet's USDC), or undefined.
 */
export function knownStacksToken(contractId: string, network: StacksNetworkName): StacksToken | undefined {
  const known = KNOWN_TOKENS[network].find((t) => t.contractId === contractId);
  if (!known) return undefined;
  return fromKnown(known.alias, known.contractId, known.assetName);
}
