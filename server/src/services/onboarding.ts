import type { z } from "@hono/zod-openapi";
import { nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { OnboardingStatusSchema, PayoutWalletVerificationSchema } from "../http/schemas.ts";
import { type ApiKeyView, apiKeyView, createApiKey, notExpired } from "./api-keys.ts";
import { recordAudit } from "./audit-log.ts";
import { consumeWalletChallenge, type SignedChallenge } from "./auth.ts";
import { merchantView } from "./merchants.ts";
import { getWorkspace } from "./workspaces.ts";
import { transaction } from "./write-transaction.ts";

/** SPEC.md §3's wallet record, as the dashboard sends it after the wallet signed our challenge. */
export interface WalletVerification extends SignedChallenge {
  bitcoin_payment_address?: string | undefined;
  bitcoin_payment_publickey?: string | undefined;
  bitcoin_ordinals_address?: string | undefined;
  bitcoin_ordinals_publickey?: string | undefined;
}

export type WalletVerifyResult = z.infer<typeof PayoutWalletVerificationSchema>;

/**
 * Verifies the payout wallet server-side (the browser's word is never taken): the signed text must
 * be a fresh, unused challenge we issued for this address, and the key must map to the address.
 * Stores the wallet record, links the merchant, and creates test keys on first verification.
 */
export async function verifyPayoutWallet(
  deps: Deps,
  userId: string,
  workspaceId: string,
  input: WalletVerification,
  ip: string | null,
): Promise<WalletVerifyResult> {
  return transaction(deps, async (trx) => {
    const message = await consumeWalletChallenge(trx, input, "payout_wallet");
    const verified_at = nowSeconds();
    const record = {
      stacks_address: input.address,
      stacks_publickey: input.public_key.replace(/^0x/, ""),
      bitcoin_payment_address: input.bitcoin_payment_address ?? null,
      bitcoin_payment_publickey: input.bitcoin_payment_publickey ?? null,
      bitcoin_ordinals_address: input.bitcoin_ordinals_address ?? null,
      bitcoin_ordinals_publickey: input.bitcoin_ordinals_publickey ?? null,
      verification_message: message,
      verification_signature: input.signature.replace(/^0x/, ""),
      verified_at,
    };
    const previous = await trx
      .selectFrom("workspace_wallets")
      .select("stacks_address")
      .where("workspace_id", "=", workspaceId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto("workspace_wallets")
      .values({ workspace_id: workspaceId, ...record })
      .onConflict((oc) => oc.column("workspace_id").doUpdateSet(record))
      .execute();
    const merchant = await trx
      .updateTable("merchants")
      .set({ wallet_address: input.address })
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirstOrThrow();

    const activeTestKeys = await trx
      .selectFrom("api_keys")
      .selectAll()
      .where("workspace_id", "=", workspaceId)
      .where("env", "=", "test")
      .where("state", "=", "enabled")
      .where(notExpired())
      .orderBy("seq")
      .execute();
    const hasPublishable = activeTestKeys.some((k) => k.type === "publishable");
    const hasSecret = activeTestKeys.some((k) => k.type === "secret");
    const api_keys: ApiKeyView[] = activeTestKeys.map((k) => apiKeyView(k));
    const actor = { kind: "user" as const, userId };
    // Where payouts go, and the keys made for it, are the first things an audit is asked about.
    await recordAudit(trx, {
      action: "workspace.payout_wallet_verified",
      actor,
      ip,
      workspaceId,
      object: { type: "workspace", id: workspaceId },
      // Where payouts went before, too: a changed payout wallet is what a thief would do first.
      details: {
        stacks_address: record.stacks_address,
        before: { stacks_address: previous?.stacks_address ?? null },
        after: { stacks_address: record.stacks_address },
      },
    });
    const missing = [
      ...(hasSecret ? [] : ["secret" as const]),
      ...(hasPublishable ? [] : ["publishable" as const]),
    ];
    for (const type of missing) {
      const key = await createApiKey(trx, workspaceId, { type, env: "test" });
      api_keys.push(key);
      await recordAudit(trx, {
        action: "api_key.created",
        actor,
        ip,
        workspaceId,
        object: { type: "api_key", id: key.id },
        details: {
          type: key.type,
          env: key.env,
          name: key.name,
          key_prefix: key.key_prefix,
          reason: "payout_wallet_verified",
        },
      });
    }

    return {
      merchant: merchantView(merchant),
      wallet: {
        stacks_address: record.stacks_address,
        stacks_publickey: record.stacks_publickey,
        bitcoin_payment_address: record.bitcoin_payment_address,
        bitcoin_ordinals_address: record.bitcoin_ordinals_address,
        verification_message: record.verification_message,
        verification_signature: record.verification_signature,
        verified_at: new Date(verified_at * 1000).toISOString(),
        wallet_address: record.stacks_address,
      },
      api_keys,
    };
  });
}

export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

/** SPEC.md §2: business info counts as done with a non-empty trimmed name, a website and a description. */
export async function onboardingStatus(deps: Deps, workspaceId: string): Promise<OnboardingStatus> {
  const workspace = await getWorkspace(deps, workspaceId);
  const flags = await deps.db
    .selectFrom("workspaces")
    .leftJoin("workspace_wallets", "workspace_wallets.workspace_id", "workspaces.id")
    .select([
      "workspaces.webhook_tested",
      "workspaces.test_payment_completed",
      "workspace_wallets.verified_at",
    ])
    .where("workspaces.id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  const api_keys = await onboardingApiKeys(deps, workspaceId);
  const profile = workspace.business_profile;
  return {
    workspace_id: workspaceId,
    onboarding_status: {
      wallet_verified: workspace.stacks_address !== null,
      business_info_completed: Boolean(
        profile.display_name?.trim() && profile.website?.trim() && profile.description?.trim(),
      ),
      api_keys_created: api_keys.length > 0,
      webhook_tested: flags.webhook_tested,
      test_payment_completed: flags.test_payment_completed,
    },
    payout_wallet: { address: workspace.stacks_address, verified_at: flags.verified_at },
    business_info: profile,
    api_keys,
  };
}

/** Active keys of the workspace; secret keys masked to their prefix. */
export async function onboardingApiKeys(deps: Deps, workspaceId: string): Promise<ApiKeyView[]> {
  const rows = await deps.db
    .selectFrom("api_keys")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("state", "=", "enabled")
    .where(notExpired())
    .orderBy("seq")
    .execute();
  return rows.map((r) => apiKeyView(r));
}
