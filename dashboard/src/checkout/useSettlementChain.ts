import type { Chain, Env } from "@spay/protocol";
import { useEffect, useState } from "react";
import { chainsByEnv } from "../api/public.ts";

/**
 * The chain payments of `env` settle on, as the gateway says (GET /v1/chains, public: the customer's
 * page holds no key for it); null until it answered, or when it could not — then the page links
 * no explorer. The customer's pages ask on their own rather than through the dashboard's query
 * cache, which checkout.html does not load.
 */
export function useSettlementChain(env: Env): Chain | null {
  const [chain, setChain] = useState<Chain | null>(null);
  useEffect(() => {
    const ask = new AbortController();
    chainsByEnv(ask.signal).then(
      (chains) => !ask.signal.aborted && setChain(chains[env] ?? null),
      () => !ask.signal.aborted && setChain(null),
    );
    return () => ask.abort();
  }, [env]);
  return chain;
}
