/**
 * What an agent is willing to pay: on which Stacks network, in which tokens, and at most how much
 * of each per request. Assets are named by token contract id or by alias (`"usdc"`, `"sbtc"`,
 * `"stx"`);
 * an alias stands for the known contracts of that token on the agent's network (DESIGN.md "Chain
 * facts"), never for whatever a server labels as USDC — a cap is in the token's own atomic units,
 * so it must only ever apply to that token.
 */
import { STX_ASSET_ID } from "@spay/protocol";
import { X402_NETWORKS } from "@spay/protocol/x402";
import { X402PaymentError } from "./errors.js";

/** Stacks network names as `@stacks/transactions` spells them. */
export type StacksNetworkName = "mainnet" | "testnet";
/** The network the agent pays on: a name or its CAIP-2 id. */
export type X402NetworkOption = StacksNetworkName | (typeof X402_NETWORKS)[StacksNetworkName];
/** A token alias. */
export type AssetAlias = "usdc" | "sbtc" | "stx";
/** A token: an alias, a contract id `<address>.<name>`, or `STX` (native, no contract). */
export type AssetRef = AssetAlias | "STX" | `${string}.${string}`;
/** Atomic units (USDC: 1000 = $0.001; sBTC: sats), as a bigint, safe integer or decimal string. */
export type AtomicAmount = bigint | number | string;

/** A token the agent knows by alias, with its `define-fungible-token` name. */
export interface KnownToken {
  alias: AssetAlias;
  contractId: string;
  assetName: string;
}

const SBTC = "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token";
/** Native STX: x402's asset id `STX`, the same on every network. */
const STX: KnownToken = { alias: "stx", contractId: STX_ASSET_ID, assetName: STX_ASSET_ID };

/**
 * The known token contracts per network. Testnet lists the sPay devnet's (simnet's built-in sBTC,
 * its 6-decimal USDC) and the gateway's default testnet ones; name any other by contract id.
 */
export const KNOWN_TOKENS: Readonly<Record<StacksNetworkName, readonly KnownToken[]>> = {
  mainnet: [
    { alias: "sbtc", contractId: SBTC, assetName: "sbtc-token" },
    {
      alias: "usdc",
      contractId: "SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx",
      assetName: "usdcx-token",
    },
    STX,
  ],
  testnet: [
    { alias: "sbtc", contractId: SBTC, assetName: "sbtc-token" },
    {
      alias: "sbtc",
      contractId: "ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT.sbtc-token",
      assetName: "sbtc-token",
    },
    { alias: "usdc", contractId: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc", assetName: "usdc-token" },
    {
      alias: "usdc",
      contractId: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdcx",
      assetName: "usdcx-token",
    },
    STX,
  ],
};

/** The options a policy is made from (a subset of the agent's options). */
export interface PaymentPolicyOptions {
  network: X402NetworkOption;
  /** Per-request cap per asset, in its atomic units. An asset without a cap is never paid. */
  maxAmount: Readonly<Partial<Record<AssetRef, AtomicAmount>>>;
  /** The assets the agent pays in (default: every asset `maxAmount` names). */
  assets?: readonly AssetRef[] | undefined;
}

/** The resolved policy: a network and, per payable token contract, its cap. */
export interface PaymentPolicy {
  /** CAIP-2 id. */
  network: string;
  stacksNetwork: StacksNetworkName;
  /** Token contract id → largest amount paid per request. */
  caps: ReadonlyMap<string, bigint>;
}

const CONTRACT_ID = /^S[0-9A-Z]{27,40}\.[a-zA-Z][a-zA-Z0-9-]{0,127}$/;

function invalid(message: string): X402PaymentError {
  return new X402PaymentError("invalid_options", message);
}

function networkOf(option: X402NetworkOption): StacksNetworkName {
  if (option === "mainnet" || option === X402_NETWORKS.mainnet) return "mainnet";
  if (option === "testnet" || option === X402_NETWORKS.testnet) return "testnet";
  throw invalid(`unknown network ${String(option)}: use "mainnet", "testnet" or a Stacks CAIP-2 id`);
}

function atomicOf(value: AtomicAmount, asset: string): bigint {
  const text = typeof value === "bigint" ? value.toString() : String(value);
  if (!/^\d{1,40}$/.test(text) || (typeof value === "number" && !Number.isSafeInteger(value)))
    throw invalid(`maxAmount for ${asset} must be a non-negative integer in atomic units`);
  return BigInt(text);
}

/** The contracts an asset reference stands for on a network. */
function contractsOf(ref: string, network: StacksNetworkName): string[] {
  if (ref === "usdc" || ref === "sbtc" || ref === "stx")
    return KNOWN_TOKENS[network].filter((t) => t.alias === ref).map((t) => t.contractId);
  if (ref === STX_ASSET_ID) return [STX_ASSET_ID];
  if (!CONTRACT_ID.test(ref))
    throw invalid(`${ref} is neither "usdc", "sbtc", "stx" nor a token contract id`);
  return [ref];
}

/** The alias of a known token contract on a network, if it has one. */
export function knownToken(contractId: string, network: StacksNetworkName): KnownToken | undefined {
  return KNOWN_TOKENS[network].find((t) => t.contractId === contractId);
}

/**
 * Resolves the agent's options into a policy; unusable options (unknown network or asset, an
 * allowed asset without a cap) are an `invalid_options` error, before any request is made.
 */
export function paymentPolicy(options: PaymentPolicyOptions): PaymentPolicy {
  const stacksNetwork = networkOf(options.network);
  const capOf = new Map<string, bigint>();
  for (const [ref, value] of Object.entries(options.maxAmount)) {
    if (value === undefined) continue;
    const cap = atomicOf(value, ref);
    for (const contract of contractsOf(ref, stacksNetwork)) {
      // A contract named both directly and by alias: its own entry wins.
      if (ref === contract || !capOf.has(contract)) capOf.set(contract, cap);
    }
  }
  const allowed = options.assets ?? (Object.keys(options.maxAmount) as AssetRef[]);
  const caps = new Map<string, bigint>();
  for (const ref of allowed) {
    for (const contract of contractsOf(ref, stacksNetwork)) {
      const cap = capOf.get(contract);
      if (cap === undefined) throw invalid(`asset ${ref} has no maxAmount`);
      caps.set(contract, cap);
    }
  }
  if (caps.size === 0) throw invalid("no asset to pay in: give maxAmount (and optionally assets)");
  return { network: X402_NETWORKS[stacksNetwork], stacksNetwork, caps };
}
