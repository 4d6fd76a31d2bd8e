/**
 * One call adds Stacks to an `@x402/core` client, resource server or facilitator:
 *
 *   registerExactStacksScheme(new x402Client(), { privateKey })          // pays stacks:*
 *   registerExactStacksScheme(new x402ResourceServer(facilitator), {})   // sells in USDC
 *   registerExactStacksFacilitator(new x402Facilitator(), {})            // verifies and settles
 *
 * Each registers the scheme for every Stacks network (`stacks:*`; a facilitator, `stacks:1` and
 * `stacks:2147483648`), or for the `networks` given. A client is registered for x402 v1 as well,
 * under v1's network words (`stacks`, `stacks-testnet`), so it pays a server answering in either
 * version; a v1-only client is `new x402Client().registerV1("stacks-testnet", new ExactStacksClientScheme(…))`.
 */

import { v1NetworkName, X402_NETWORKS } from "@spay/protocol/x402";
import type {
  Network,
  SchemeNetworkClient,
  SchemeNetworkFacilitator,
  SchemeNetworkServer,
} from "@x402/core/types";
import { type ExactStacksClientOptions, ExactStacksClientScheme } from "./client.js";
import { type ExactStacksFacilitatorOptions, ExactStacksFacilitatorScheme } from "./facilitator.js";
import { STACKS_CAIP_FAMILY, type StacksCaip2 } from "./networks.js";
import { type ExactStacksServerOptions, ExactStacksServerScheme } from "./server.js";

/** The part of `x402Client` registering uses (`registerV1` where the client has it). */
export interface X402ClientLike {
  register(network: Network, client: SchemeNetworkClient): unknown;
  registerV1?(network: string, client: SchemeNetworkClient): unknown;
  createPaymentPayload(...args: never[]): unknown;
}

/** The part of `x402ResourceServer` registering uses. */
export interface X402ResourceServerLike {
  register(network: Network, server: SchemeNetworkServer): unknown;
}

/** The part of `x402Facilitator` registering uses. */
export interface X402FacilitatorLike {
  register(networks: Network | Network[], facilitator: SchemeNetworkFacilitator): unknown;
}

/** Which Stacks networks to register (default: every one, `stacks:*`). */
export interface StacksNetworksOption {
  networks?: readonly StacksCaip2[] | undefined;
}

function networksOf(option: StacksNetworksOption): Network[] {
  return option.networks?.length ? [...option.networks] : [STACKS_CAIP_FAMILY];
}

/** The same networks as x402 v1 names them (v1 has no wildcard: each word). */
function v1NetworksOf(option: StacksNetworksOption): string[] {
  const networks = option.networks?.length ? option.networks : [X402_NETWORKS.mainnet, X402_NETWORKS.testnet];
  return networks.map(v1NetworkName);
}

function isClient(target: X402ClientLike | X402ResourceServerLike): target is X402ClientLike {
  return typeof (target as Partial<X402ClientLike>).createPaymentPayload === "function";
}

/** Registers `ExactStacksClientScheme` on an `x402Client`: it pays Stacks requirements with the key. */
export function registerExactStacksScheme<T extends X402ClientLike>(
  client: T,
  options: ExactStacksClientOptions & StacksNetworksOption,
): T;
/** Registers `ExactStacksServerScheme` on an `x402ResourceServer`: routes can be priced on Stacks. */
export function registerExactStacksScheme<T extends X402ResourceServerLike>(
  server: T,
  options?: ExactStacksServerOptions & StacksNetworksOption,
): T;
export function registerExactStacksScheme(
  target: X402ClientLike | X402ResourceServerLike,
  options: (ExactStacksClientOptions | ExactStacksServerOptions) & StacksNetworksOption = {},
): X402ClientLike | X402ResourceServerLike {
  if (isClient(target)) {
    const scheme = new ExactStacksClientScheme(options as ExactStacksClientOptions);
    for (const network of networksOf(options)) target.register(network, scheme);
    for (const network of v1NetworksOf(options)) target.registerV1?.(network, scheme);
  } else {
    const scheme = new ExactStacksServerScheme(options as ExactStacksServerOptions);
    for (const network of networksOf(options)) target.register(network, scheme);
  }
  return target;
}

/** Registers `ExactStacksFacilitatorScheme` on an `x402Facilitator`. */
export function registerExactStacksFacilitator<T extends X402FacilitatorLike>(
  facilitator: T,
  options: ExactStacksFacilitatorOptions & StacksNetworksOption = {},
): T {
  // Concrete networks: a facilitator's /supported names each one it settles on.
  const networks: Network[] = options.networks?.length
    ? [...options.networks]
    : [X402_NETWORKS.mainnet, X402_NETWORKS.testnet];
  facilitator.register(networks, new ExactStacksFacilitatorScheme(options));
  return facilitator;
}
