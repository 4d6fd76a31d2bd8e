import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./001-initial.ts";
import * as settlement from "./002-settlement.ts";
import * as webhooks from "./003-webhooks.ts";
import * as x402 from "./004-x402.ts";
import * as x402Requirements from "./005-x402-requirements.ts";
import * as security from "./006-security.ts";
import * as transferOwnership from "./007-transfer-ownership.ts";
import * as stx from "./008-stx.ts";
import * as x402AccountNonce from "./009-x402-account-nonce.ts";
import * as changeNotifications from "./010-change-notifications.ts";
import * as blockFollower from "./011-block-follower.ts";
import * as keyNotifications from "./012-key-notifications.ts";
import * as apiKeyRoll from "./013-api-key-roll.ts";
import * as refunds from "./014-refunds.ts";
import * as mail from "./015-mail.ts";
import * as merchantNotifications from "./016-merchant-notifications.ts";
import * as refundConfirmations from "./017-refund-confirmations.ts";
import * as mailRetryBase from "./018-mail-retry-base.ts";
import * as announcedChanges from "./019-announced-changes.ts";
import * as watchedIntentsIndex from "./020-watched-intents-index.ts";
import * as fewerWriteIndexes from "./021-fewer-write-indexes.ts";
import * as noLockOnTheMerchant from "./022-no-lock-on-the-merchant.ts";
import * as noTriggerOnACreate from "./023-no-trigger-on-a-create.ts";
import * as subCentMoney from "./024-sub-cent-money.ts";
import * as productImages from "./025-product-images.ts";
import * as webhookAttemptsByEndpoint from "./026-webhook-attempts-by-endpoint.ts";
import * as membersAndInvitations from "./027-members-and-invitations.ts";
import * as productIdsPerEnvironment from "./028-product-ids-per-environment.ts";
import * as twoFactor from "./029-two-factor.ts";
import * as sessionDevices from "./030-session-devices.ts";
import * as exportsTables from "./031-exports.ts";
import * as passkeys from "./032-passkeys.ts";
import * as memberPreferences from "./033-member-preferences.ts";

/** Versioned migrations, applied in name order at start by both PGlite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  "001-initial": initial,
  "002-settlement": settlement,
  "003-webhooks": webhooks,
  "004-x402": x402,
  "005-x402-requirements": x402Requirements,
  "006-security": security,
  "007-transfer-ownership": transferOwnership,
  "008-stx": stx,
  "009-x402-account-nonce": x402AccountNonce,
  "010-change-notifications": changeNotifications,
  "011-block-follower": blockFollower,
  "012-key-notifications": keyNotifications,
  "013-api-key-roll": apiKeyRoll,
  "014-refunds": refunds,
  "015-mail": mail,
  "016-merchant-notifications": merchantNotifications,
  "017-refund-confirmations": refundConfirmations,
  "018-mail-retry-base": mailRetryBase,
  "019-announced-changes": announcedChanges,
  "020-watched-intents-index": watchedIntentsIndex,
  "021-fewer-write-indexes": fewerWriteIndexes,
  "022-no-lock-on-the-merchant": noLockOnTheMerchant,
  "023-no-trigger-on-a-create": noTriggerOnACreate,
  "024-sub-cent-money": subCentMoney,
  "025-product-images": productImages,
  "026-webhook-attempts-by-endpoint": webhookAttemptsByEndpoint,
  "027-members-and-invitations": membersAndInvitations,
  "028-product-ids-per-environment": productIdsPerEnvironment,
  "029-two-factor": twoFactor,
  "030-session-devices": sessionDevices,
  "031-exports": exportsTables,
  "032-passkeys": passkeys,
  "033-member-preferences": memberPreferences,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
