import { SETTINGS } from "./messages.ts";

/** SPEC.md §5: the exact confirmation text of Delete Account. */
export const DELETE_CONFIRMATION = "DELETE";

/** The identity the deletion call names (email, else merchant id), or the error message. */
export function deleteAccountRequest(
  typed: string,
  user: { email: string | null; merchant_id: string | null } | null,
): { ok: true; identity: { email: string } | { id: string } } | { ok: false; error: string } {
  if (typed !== DELETE_CONFIRMATION) return { ok: false, error: SETTINGS.deleteMustMatch };
  if (user?.email) return { ok: true, identity: { email: user.email } };
  if (user?.merchant_id) return { ok: true, identity: { id: user.merchant_id } };
  return { ok: false, error: SETTINGS.deleteNoIdentity };
}
