/** The chains sPay settles on; the devnet presents itself as a Stacks testnet. */
export const CHAINS = ["devnet", "testnet", "mainnet"] as const;
export type Chain = (typeof CHAINS)[number];

/** CAIP-2 network ids (the devnet identifies as testnet: chain id 0x80000000). */
export const CAIP2 = { mainnet: "stacks:1", testnet: "stacks:2147483648" } as const;
export type Caip2Network = (typeof CAIP2)[keyof typeof CAIP2];

export function caip2For(chain: Chain): Caip2Network {
  return chain === "mainnet" ? CAIP2.mainnet : CAIP2.testnet;
}

/** Live keys pay on mainnet; test keys on the sandbox chain (the devnet, or testnet otherwise). */
export type Env = "test" | "live";
