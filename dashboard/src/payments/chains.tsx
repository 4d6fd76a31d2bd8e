import type { Chain, Env } from "@spay/protocol";
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { type ChainsByEnv, chainsByEnv } from "../api/public.ts";

/** The chains the gateway settles on; null until it said (then no explorer link is offered). */
const ChainsContext = createContext<ChainsByEnv | null>(null);

/** Asks the gateway once per session which chain each key environment settles on. */
export function ChainsProvider({ children }: { children: ReactNode }) {
  const chains = useQuery({
    queryKey: ["chains"],
    queryFn: ({ signal }) => chainsByEnv(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <ChainsContext.Provider value={chains.data ?? null}>{children}</ChainsContext.Provider>;
}

/** Tests and stories: chains given rather than asked for. */
export const ChainsGiven = ChainsContext.Provider;

/** The chain a payment of `env` settled on, or null while the gateway has not said. */
export function useChainOf(env: Env): Chain | null {
  return useContext(ChainsContext)?.[env] ?? null;
}
