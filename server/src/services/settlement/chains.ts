import type { Chain, Env } from "@spay/protocol";
import { ChainClient } from "../../chain/client.ts";
import type { Config } from "../../config.ts";

/** The chain each key environment settles on: test → the sandbox chain, live → mainnet. */
export type ChainClients = Record<"test" | "live", ChainClient>;

export const HIRO_API = {
  testnet: "https://api.testnet.hiro.so",
  mainnet: "https://api.mainnet.hiro.so",
} as const;

/**
 * The chain each key environment's payments settle on, by name: live keys on mainnet; test keys on
 * the devnet when the gateway runs one, else on testnet (a mainnet gateway's sandbox too). The
 * dashboard, the hosted receipt and the receipt mails read it to link a transaction only where that
 * chain's explorer has it (the devnet has no page a person can open).
 */
export function chainsByEnv(config: Pick<Config, "chain">): Record<Env, Chain> {
  return { test: config.chain === "devnet" ? "devnet" : "testnet", live: "mainnet" };
}

export function chainClientsFor(config: Config, devnetUrl: string | null): ChainClients {
  const sandboxUrl =
    config.chain === "mainnet"
      ? HIRO_API.testnet
      : (config.stacksApiUrl ??
        (config.chain === "devnet" ? devnetUrl : HIRO_API.testnet) ??
        HIRO_API.testnet);
  const liveUrl = config.chain === "mainnet" ? (config.stacksApiUrl ?? HIRO_API.mainnet) : HIRO_API.mainnet;
  return { test: new ChainClient({ baseUrl: sandboxUrl }), live: new ChainClient({ baseUrl: liveUrl }) };
}
