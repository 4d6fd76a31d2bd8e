import type { z } from "@hono/zod-openapi";
import type { MerchantRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { MerchantSchema } from "../http/schemas.ts";
import { recordAudit } from "./audit-log.ts";
import { DEFAULT_MERCHANT_NAME, normalizeEmail, type RequestOrigin } from "./auth.ts";
import { transaction } from "./write-transaction.ts";

export type MerchantView = z.infer<typeof MerchantSchema>;

export function merchantView(row: MerchantRow): MerchantView {
  return {
    id: row.id,
    object: "merchant",
    merchant_id: row.id,
    user_id: row.user_id,
    name: row.name,
    wallet_address: row.wallet_address,
    website_url: row.website_url,
    business_description: row.business_description,
    created_at: row.created_at,
  };
}

/** A merchant record belongs to one user; nobody else can read it. */
export async function getMerchant(deps: Deps, userId: string, id: string): Promise<MerchantView> {
  const row = await deps.db
    .selectFrom("merchants")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw notFound("merchant", id);
  return merchantView(row);
}

/** Legacy create-for-user: idempotent; the caller may only create their own merchant. */
export async function createMerchantForUser(
  deps: Deps,
  sessionUserId: string,
  input: { user_id: string; name?: string | undefined },
): Promise<MerchantView> {
  if (input.user_id !== sessionUserId) throw notFound("user", input.user_id, "user_id");
  const existing = await deps.db
    .selectFrom("merchants")
    .selectAll()
    .where("user_id", "=", sessionUserId)
    .executeTakeFirst();
  if (existing) return merchantView(existing);
  const row = await deps.db
    .insertInto("merchants")
    .values({
      id: newId("merchant"),
      user_id: sessionUserId,
      name: input.name?.trim() || DEFAULT_MERCHANT_NAME,
      wallet_address: null,
      website_url: null,
      business_description: null,
      created_at: nowSeconds(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return merchantView(row);
}

/**
 * Deletes the signed-in account and all its data: organizations it alone belongs to (with their
 * workspaces, keys, products, links, intents, events), its merchant record, sessions and the user.
 * The request must name the caller's own email or merchant id. The audit entry outlives the
 * account: it names the user by id only (the log has no foreign keys; the email, personal data,
 * goes with the account) and lists what went with it.
 */
export async function deleteAccount(
  deps: Deps,
  userId: string,
  input: { email?: string | undefined; id?: string | undefined },
  origin: RequestOrigin,
): Promise<void> {
  if (!input.email && !input.id)
    throw new ApiError("parameter_missing", {
      message: "No user or merchant information found",
      param: "email",
    });
  const user = await deps.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const merchant = await deps.db
    .selectFrom("merchants")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const matches =
    (input.email !== undefined && user.email !== null && normalizeEmail(input.email) === user.email) ||
    (input.id !== undefined && (input.id === merchant?.id || input.id === user.id));
  if (!matches) throw notFound("merchant", input.id ?? input.email ?? "", input.id ? "id" : "email");
  const mark = deps.keys?.mark() ?? 0;
  const deletedWorkspaces = await transaction(deps, async (trx) => {
    const solelyOwned = await trx
      .selectFrom("organization_members as m")
      .select("m.organization_id")
      .where("m.user_id", "=", userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("organization_members as other")
              .select("other.user_id")
              .whereRef("other.organization_id", "=", "m.organization_id")
              .where("other.user_id", "!=", userId),
          ),
        ),
      )
      .execute();
    const orgIds = solelyOwned.map((o) => o.organization_id);
    const workspaceIds =
      orgIds.length > 0
        ? (
            await trx.selectFrom("workspaces").select("id").where("organization_id", "in", orgIds).execute()
          ).map((w) => w.id)
        : [];
    await recordAudit(trx, {
      action: "account.deleted",
      actor: { kind: "user", userId },
      ip: origin.ip,
      object: { type: "user", id: userId },
      details: {
        merchant_id: merchant?.id ?? null,
        organization_ids: orgIds,
        workspace_ids: workspaceIds,
      },
    });
    if (orgIds.length > 0) await trx.deleteFrom("organizations").where("id", "in", orgIds).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    return workspaceIds;
  });
  // The deleted workspaces' keys must fail in every API process before "deleted" is answered.
  await Promise.all(deletedWorkspaces.map((id) => deps.keys?.settledWorkspace(id, mark)));
}
