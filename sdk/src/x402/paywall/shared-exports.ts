/**
 * What every paywall adapter entry (`@spay/sdk/x402/hono`, `/express`, `/fetch`) exports beside
 * its own middleware and its own `x402Discovery` (typed for its framework).
 */
export type { BazaarDiscoveryList, DiscoverablePaywall, DiscoveryListings } from "../discovery.js";
export type {
  PaymentIdentifierStore,
  PaywallCore,
  PaywallDiscovery,
  PaywallGate,
  PaywallListing,
  PaywallOptions,
  X402Version,
} from "./core.js";
export { memoryPaymentIdentifierStore } from "./core.js";
