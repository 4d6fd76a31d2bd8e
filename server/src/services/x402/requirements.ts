import { randomBytes } from "node:crypto";
import { usdToAtomicUnits, X402_SCHEME, X402_TOKEN_TYPE, X402Error } from "@spay/protocol/x402";
import { ApiError } from "../../domain/errors.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Asset } from "../../domain/tokens.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import { usdPerToken } from "../pricing.ts";
import { x402Context } from "./workspace-context.ts";

/** One way to pay: a token and its price, either exact atomic units or a dollar price. */
export interface PriceOffer {
  asset: Asset;
  amount?: string | undefined;
  price?: string | undefined;
}

export interface IssueRequirementsInput {
  resource: { url: string; description?: string | undefined; mimeType?: string | undefined };
  accepts: PriceOffer[];
  maxTimeoutSeconds?: number | undefined;
}

export const DEFAULT_MAX_TIMEOUT_SECONDS = 300;

/**
 * Fresh x402 v2 requirements (`{x402Version: 2, resource, accepts[]}`) for a merchant's paid
 * resource: each accepted token gets a new nonce for the transfer's memo, the workspace's payout
 * address as `payTo`, and an expiry; the gateway records them so verify and settle hold a payment
 * to exactly these terms.
 */
export async function issueRequirements(deps: Deps, scope: WorkspaceScope, input: IssueRequirementsInput) {
  const ctx = await x402Context(deps, scope);
  if (!ctx.payout) throw new ApiError("payout_wallet_missing");
  const maxTimeoutSeconds = input.maxTimeoutSeconds ?? DEFAULT_MAX_TIMEOUT_SECONDS;
  const now = nowSeconds();
  const expiresAt = now + maxTimeoutSeconds;
  const rates = new Map<Asset, number>();
  for (const offer of input.accepts)
    if (offer.amount === undefined && !rates.has(offer.asset))
      rates.set(offer.asset, (await usdPerToken(deps, offer.asset)) ?? 1);
  const accepts = input.accepts.map((offer) => {
    const token = ctx.tokens[offer.asset];
    let amount: bigint;
    try {
      amount =
        offer.amount !== undefined
          ? BigInt(offer.amount)
          : usdToAtomicUnits(offer.price ?? "", token, rates.get(offer.asset) ?? 0);
    } catch (err) {
      throw new ApiError("parameter_invalid", {
        param: "accepts",
        message: err instanceof X402Error ? err.message : "amount must be an integer in atomic units",
      });
    }
    if (amount <= 0n)
      throw new ApiError("parameter_invalid", { param: "accepts", message: "amount must be above zero" });
    return {
      scheme: X402_SCHEME,
      network: ctx.network,
      amount: amount.toString(),
      asset: token.contractId,
      payTo: ctx.payout as string,
      maxTimeoutSeconds,
      extra: {
        // 16 random bytes as hex: 32 characters, inside a SIP-010 memo's 34 bytes.
        nonce: randomBytes(16).toString("hex"),
        expiresAt,
        decimals: token.decimals,
        tokenType: X402_TOKEN_TYPE[offer.asset],
        assetName: token.assetName,
        symbol: token.symbol,
      },
    };
  });
  await deps.db
    .insertInto("x402_requirements")
    .values(
      accepts.map((a) => ({
        nonce: a.extra.nonce,
        workspace_id: scope.workspaceId,
        network: a.network,
        asset: a.asset,
        amount: a.amount,
        pay_to: a.payTo,
        resource: input.resource.url,
        expires_at: expiresAt,
        created_at: now,
      })),
    )
    .execute();
  return {
    x402Version: 2 as const,
    resource: {
      url: input.resource.url,
      description: input.resource.description ?? "",
      mimeType: input.resource.mimeType ?? "application/json",
    },
    accepts,
  };
}
