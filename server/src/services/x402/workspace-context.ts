import { X402_NETWORKS } from "@spay/protocol/x402";
import { payoutAddressFor } from "../../domain/stacks-address.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import { environmentOf } from "../environments.ts";
import { tokensFor } from "../token-registry.ts";

/** The chain, network, tokens and payout address the workspace's environment is paid on. */
export async function x402Context(deps: Deps, scope: WorkspaceScope) {
  const environment = await environmentOf(deps.db, scope.workspaceId, scope.environmentId);
  const env = environment.type === "production" ? "live" : "test";
  const wallet = await deps.db
    .selectFrom("workspace_wallets")
    .select("stacks_address")
    .where("workspace_id", "=", scope.workspaceId)
    .executeTakeFirst();
  return {
    environment,
    env,
    network: env === "live" ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet,
    payout: payoutAddressFor(wallet?.stacks_address ?? null, env),
    chain: deps.chains[env],
    tokens: tokensFor(deps.config, env),
  } as const;
}

export type X402Context = Awaited<ReturnType<typeof x402Context>>;

/** The registered token a contract id names in this environment, if any. */
export function tokenByContract(ctx: X402Context, contract: string) {
  return Object.values(ctx.tokens).find((t) => t.contractId === contract);
}
