import type { Db } from "../db/database.ts";
import type { AccountMailRow } from "../db/schema.ts";
import { nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";

/** The mail a member may turn on or off, and what a member who never chose gets. */
export const DEFAULT_PREFERENCES = {
  /** A "New payment" mail for each settled payment of the organization's workspaces. */
  payment_notifications: false,
  /** A mail for each refund that settled. */
  refund_notifications: false,
  /** Someone joined the organization (to its owners and admins). */
  team_notifications: true,
  /** A new device signed in, a second factor or passkey changed, a key was rolled. */
  security_alerts: true,
} as const;
export type Preferences = { -readonly [K in keyof typeof DEFAULT_PREFERENCES]: boolean };
export type PreferenceName = keyof Preferences;

/** The preference that governs each kind of account mail; a kind without one is always sent. */
const PREFERENCE_OF_KIND: Partial<Record<AccountMailRow["kind"], PreferenceName>> = {
  security_alert: "security_alerts",
  member_joined: "team_notifications",
};

export async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom("member_preferences")
    .select(["payment_notifications", "refund_notifications", "team_notifications", "security_alerts"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { ...DEFAULT_PREFERENCES, ...row };
}

export async function updatePreferences(
  deps: Deps,
  userId: string,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const next = { ...(await preferencesOf(deps.db, userId)), ...changes };
  await deps.db
    .insertInto("member_preferences")
    .values({ user_id: userId, ...next, updated_at: nowSeconds() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...next, updated_at: nowSeconds() }))
    .execute();
  return next;
}

/** Whether the member still wants this account mail, asked when it comes due (not when queued). */
export async function stillWanted(db: Db, row: Pick<AccountMailRow, "kind" | "user_id">): Promise<boolean> {
  const preference = PREFERENCE_OF_KIND[row.kind];
  if (!preference || !row.user_id) return true;
  return (await preferencesOf(db, row.user_id))[preference];
}
