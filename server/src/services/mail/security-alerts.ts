import type { Db } from "../../db/database.ts";
import type { SecretBox } from "../../domain/secret-box.ts";
import { queueAccountMail } from "./account-mail.ts";
import { renderAccountMail } from "./account-render.ts";
import { ACCOUNT_MAIL_MESSAGES as M } from "./messages.ts";

/** What changed on an account that its owner must hear of, whoever made the change. */
export type SecurityAlert =
  | { kind: "new_sign_in"; device: string | null; ip: string | null }
  | { kind: "two_factor_enabled" }
  | { kind: "two_factor_disabled" }
  | { kind: "passkey_added"; name: string }
  | { kind: "passkey_removed"; name: string }
  | { kind: "api_key_rolled"; key: string; workspace: string };

function sentence(alert: SecurityAlert): string {
  switch (alert.kind) {
    case "new_sign_in":
      return M.newSignIn(alert.device ?? M.unknownDevice, alert.ip ?? M.unknownAddress);
    case "two_factor_enabled":
      return M.twoFactorEnabled;
    case "two_factor_disabled":
      return M.twoFactorDisabled;
    case "passkey_added":
      return M.passkeyAdded(alert.name);
    case "passkey_removed":
      return M.passkeyRemoved(alert.name);
    case "api_key_rolled":
      return M.apiKeyRolled(alert.key, alert.workspace);
  }
}

/**
 * Queues a security alert to the account's address in the caller's transaction: it is sent only if
 * the change commits. Alerts are not optional: they are how a member learns that someone else acts
 * with their credentials.
 */
export async function queueSecurityAlert(
  trx: Db,
  secrets: SecretBox,
  input: { userId: string; email: string; alert: SecurityAlert; settingsUrl?: string },
): Promise<void> {
  await queueAccountMail(trx, secrets, {
    kind: "security_alert",
    recipient: input.email,
    userId: input.userId,
    mail: renderAccountMail(
      M.alertSubject,
      [sentence(input.alert), M.notYou],
      input.settingsUrl ? { label: M.reviewSessions, url: input.settingsUrl } : null,
    ),
  });
}
