/** What every paywall adapter entry (`@spay/sdk/x402/hono`, `/express`, `/fetch`) exports beside its own middleware. */
export { x402Discovery } from "../discovery.js";
export type {
  PaymentIdentifierStore,
  PaywallCore,
  PaywallDiscovery,
  PaywallGate,
  PaywallListing,
  PaywallOptions,
} from "./core.js";
export { memoryPaymentIdentifierStore } from "./core.js";
