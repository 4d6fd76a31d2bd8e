import { ApiError, notFound } from "../domain/errors.ts";
import type { Deps } from "../http/context.ts";
import { notExpired } from "./api-keys.ts";
import {
  assertIntentAccess,
  type PaymentIntentView,
  paymentIntentView,
  withClientSecret,
} from "./payment-intents.ts";
import { type PaymentLinkView, publicPaymentLink } from "./payment-links.ts";

/**
 * The hosted pages (`/payment-links/:id`, `/pay/:intentId`) run the SDK's checkout in the customer's
 * browser with the merchant's publishable key, as a merchant's own page would. Publishable keys are
 * public by design (they may create payment intents, and read one only with its client secret); the
 * link id, or the intent's client secret in `checkout_url`, is what the customer was given.
 */
async function publishableKeyOf(deps: Deps, workspaceId: string, environmentId: string): Promise<string> {
  const key = await deps.db
    .selectFrom("api_keys")
    .select("publishable_key")
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .where("type", "=", "publishable")
    .where("state", "=", "enabled")
    .where(notExpired())
    .where("publishable_key", "is not", null)
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  if (!key?.publishable_key) {
    throw new ApiError("resource_missing", {
      message: "This merchant has no active publishable key for checkout",
    });
  }
  return key.publishable_key;
}

export interface HostedPaymentLink {
  object: "hosted_payment_link";
  publishable_key: string;
  payment_link: PaymentLinkView;
}

/** The public payment link (404 / 410 / 403 disabled as the link read) with the key to pay it. */
export async function hostedPaymentLink(deps: Deps, linkId: string): Promise<HostedPaymentLink> {
  const link = await publicPaymentLink(deps, deps.db, linkId);
  const row = await deps.db
    .selectFrom("payment_links")
    .select(["workspace_id", "environment_id"])
    .where("id", "=", linkId)
    .executeTakeFirstOrThrow();
  return {
    object: "hosted_payment_link",
    publishable_key: await publishableKeyOf(deps, row.workspace_id, row.environment_id),
    payment_link: link,
  };
}

export interface HostedPaymentIntent {
  object: "hosted_payment_intent";
  publishable_key: string;
  merchant_name: string | null;
  payment_intent: PaymentIntentView;
}

/**
 * A payment intent for its hosted checkout page, with the merchant's name and publishable key. An
 * anonymous read: only with the intent's client secret (`checkout_url` carries it); without it, or
 * with another intent's, the 404 of an unknown id.
 */
export async function hostedPaymentIntent(
  deps: Deps,
  intentId: string,
  clientSecret: string | undefined,
): Promise<HostedPaymentIntent> {
  assertIntentAccess(deps, undefined, intentId, clientSecret);
  const row = await deps.db
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", intentId)
    .executeTakeFirst();
  if (!row) throw notFound("payment_intent", intentId);
  const workspace = await deps.db
    .selectFrom("workspaces")
    .select("display_name")
    .where("id", "=", row.workspace_id)
    .executeTakeFirst();
  return {
    object: "hosted_payment_intent",
    publishable_key: await publishableKeyOf(deps, row.workspace_id, row.environment_id),
    merchant_name: workspace?.display_name ?? null,
    payment_intent: withClientSecret(deps, paymentIntentView(deps, row)),
  };
}
