/**
 * `ExactStacksServerScheme`: Stacks prices for `@x402/core`'s `x402ResourceServer` (so
 * `@x402/hono`, `@x402/express`, `@x402/next`). A money price (`"$0.001"`, `"0.001"`, `0.001`)
 * becomes atomic units of the configured token — USDC at par (6 decimals), sBTC (8) at a BTC/USD
 * rate, STX (µSTX) at an STX/USD rate — rounded up so the merchant never receives less; `{amount, asset}` is taken as given. The
 * requirement's `extra` carries what a payer needs for the post-condition: `decimals`,
 * `tokenType`, `assetName`, `symbol`.
 *
 * The requirements are the same for every request (x402ResourceServer matches the payment's
 * `accepted` against them), so they carry no memo nonce: a payment is single-use by its txid,
 * which the facilitator records, and by the payer's account nonce.
 */
import { usdToAtomicUnits, X402Error } from "@spay/protocol/x402";
import type {
  AssetAmount,
  Network,
  PaymentFlowConfig,
  PaymentRequirements,
  Price,
  SchemeNetworkServer,
} from "@x402/core/types";
import { X402PaymentError } from "../agent/errors.js";
import type { StacksNetworkName } from "../agent/payment-policy.js";
import {
  defaultToken,
  EXACT_SCHEME,
  knownStacksToken,
  type StacksToken,
  stacksNetworkOf,
  type TokenAlias,
} from "./networks.js";

/** A token by alias, by a contract sPay knows, or described in full. */
export type StacksTokenOption =
  | TokenAlias
  | `${string}.${string}`
  | (Omit<StacksToken, "alias" | "symbol" | "tokenType"> & { symbol?: string; tokenType?: string });

/** Options of `ExactStacksServerScheme`. */
export interface ExactStacksServerOptions {
  /**
   * The token money prices are paid in (default `"usdc"`: the network's USDCx). One token for
   * every network, or one per network (a contract id is a network's own).
   */
  asset?: StacksTokenOption | Partial<Record<StacksNetworkName, StacksTokenOption>> | undefined;
  /** USD per BTC, to price sBTC from a money price: a number or a function asked at each price. */
  btcUsdRate?: number | (() => number | Promise<number>) | undefined;
  /** USD per STX, to price STX from a money price: a number or a function asked at each price. */
  stxUsdRate?: number | (() => number | Promise<number>) | undefined;
}

/** The payment flows of `exact` on Stacks: verify before the handler, settle after it (or before). */
const PAYMENT_FLOWS: Readonly<Record<string, PaymentFlowConfig>> = {
  default: { supported: ["authorization", "upfront"], default: "authorization" },
};

const MONEY = /^\$?\s*(\d{1,9}(?:\.\d{1,12})?)\s*(?:USD|USDC)?$/i;

function isTokenOptionsByNetwork(
  option: ExactStacksServerOptions["asset"],
): option is Partial<Record<StacksNetworkName, StacksTokenOption>> {
  return typeof option === "object" && option !== null && !("contractId" in option);
}

function invalid(message: string): X402PaymentError {
  return new X402PaymentError("invalid_options", message);
}

/** A token option read on a network. */
export function resolveToken(option: StacksTokenOption, network: StacksNetworkName): StacksToken {
  if (option === "usdc" || option === "sbtc" || option === "stx") return defaultToken(option, network);
  if (typeof option === "string") {
    const known = knownStacksToken(option, network);
    if (!known)
      throw invalid(
        `${option} is not a token sPay knows on ${network}: describe it ({contractId, assetName, decimals})`,
      );
    return known;
  }
  if (!Number.isInteger(option.decimals) || option.decimals < 0 || option.decimals > 18)
    throw invalid(`decimals of ${option.contractId} must be an integer from 0 to 18`);
  const known = knownStacksToken(option.contractId, network);
  return {
    ...option,
    symbol: option.symbol ?? known?.symbol ?? option.contractId.slice(option.contractId.indexOf(".") + 1),
    tokenType: option.tokenType ?? known?.tokenType ?? "sip10",
    alias: known?.alias ?? null,
  };
}

/** The `extra` a payer reads a token from. */
function tokenExtra(token: StacksToken): Record<string, unknown> {
  return {
    decimals: token.decimals,
    tokenType: token.tokenType,
    assetName: token.assetName,
    symbol: token.symbol,
  };
}

/** A money price as a decimal string of dollars, or null when the price is not money. */
function moneyOf(price: string | number): string | null {
  if (typeof price === "number") {
    if (!Number.isFinite(price) || price <= 0) return null;
    // At most 12 decimals, as a plain decimal (never exponent notation).
    return price.toFixed(12).replace(/\.?0+$/, "");
  }
  return MONEY.exec(price.trim())?.[1] ?? null;
}

export class ExactStacksServerScheme implements SchemeNetworkServer {
  readonly scheme = EXACT_SCHEME;
  /** Stacks has one way to move a SIP-010 token: its `transfer`. */
  readonly defaultAssetTransferMethod = "default";
  readonly paymentFlows = PAYMENT_FLOWS;
  readonly #options: ExactStacksServerOptions;

  constructor(options: ExactStacksServerOptions = {}) {
    this.#options = options;
    // Unusable options fail at start-up rather than on the first request.
    for (const network of ["mainnet", "testnet"] as const) {
      const option = this.#tokenOption(network);
      if (typeof option === "object" || option === "usdc" || option === "sbtc" || option === "stx")
        resolveToken(option, network);
    }
  }

  /** The token money prices are paid in on `network`. */
  token(network: Network): StacksToken {
    return resolveToken(this.#tokenOption(this.#stacks(network)), this.#stacks(network));
  }

  async parsePrice(price: Price, network: Network): Promise<AssetAmount> {
    const stacks = this.#stacks(network);
    if (typeof price === "object") {
      if (!price.asset) throw invalid(`an {amount, asset} price on ${network} must name its asset`);
      if (!/^[1-9]\d{0,39}$/.test(price.amount))
        throw invalid(`amount ${price.amount} must be a positive integer in atomic units`);
      const token = this.#tokenFor(price.asset, stacks);
      return {
        amount: price.amount,
        asset: token?.contractId ?? price.asset,
        extra: { ...(token ? tokenExtra(token) : {}), ...price.extra },
      };
    }
    const dollars = moneyOf(price);
    if (dollars === null) throw invalid(`price ${JSON.stringify(price)} is not a dollar amount`);
    const token = this.token(network);
    if (token.alias === null)
      throw invalid(`${token.contractId} has no dollar rate: price it as {amount, asset} in atomic units`);
    const rate = token.alias === "usdc" ? 1 : await this.#usdRate(token);
    let amount: bigint;
    try {
      amount = usdToAtomicUnits(
        dollars,
        { asset: token.alias, decimals: token.decimals, symbol: token.symbol },
        rate,
      );
    } catch (err) {
      throw invalid(err instanceof X402Error ? err.message : String(err));
    }
    return { amount: amount.toString(), asset: token.contractId, extra: tokenExtra(token) };
  }

  getAssetDecimals(asset: string, network: Network): number | undefined {
    const stacks = stacksNetworkOf(network);
    return stacks ? this.#tokenFor(asset, stacks)?.decimals : undefined;
  }

  /** Fills the token facts a payer needs into `extra`, where the price did not. */
  async enhancePaymentRequirements(requirements: PaymentRequirements): Promise<PaymentRequirements> {
    const stacks = this.#stacks(requirements.network);
    const token = this.#tokenFor(requirements.asset, stacks);
    return token ? { ...requirements, extra: { ...tokenExtra(token), ...requirements.extra } } : requirements;
  }

  #stacks(network: Network): StacksNetworkName {
    const stacks = stacksNetworkOf(network);
    if (!stacks) throw invalid(`${network} is not a Stacks network (stacks:1 or stacks:2147483648)`);
    return stacks;
  }

  #tokenOption(network: StacksNetworkName): StacksTokenOption {
    const option = this.#options.asset;
    if (isTokenOptionsByNetwork(option)) return option[network] ?? "usdc";
    return option ?? "usdc";
  }

  /** The token an asset names on a network: the configured one, an alias, or a contract sPay knows. */
  #tokenFor(asset: string, network: StacksNetworkName): StacksToken | undefined {
    const configured = resolveToken(this.#tokenOption(network), network);
    if (asset === configured.contractId) return configured;
    if (asset === "usdc" || asset === "sbtc" || asset === "stx") return defaultToken(asset, network);
    return knownStacksToken(asset, network);
  }

  /** The dollar price of one sBTC (`btcUsdRate`) or one STX (`stxUsdRate`). */
  async #usdRate(token: StacksToken): Promise<number> {
    const name = token.alias === "stx" ? "stxUsdRate" : "btcUsdRate";
    const option = this.#options[name];
    const rate = typeof option === "function" ? await option() : option;
    if (rate === undefined || !Number.isFinite(rate) || rate <= 0)
      throw invalid(
        `a money price in ${token.symbol} needs ${name} (USD per ${token.alias === "stx" ? "STX" : "BTC"})`,
      );
    return rate;
  }
}
