import type { Asset, FulfillmentStatus, PaymentStatus, RefundStatus, Role } from "@spay/protocol";
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from "kysely";

/** JSON columns: written as a JSON string, read back parsed. */
export type Json<T> = ColumnType<T, string, string>;
type Seq = Generated<number>;

export interface UsersTable {
  id: string;
  seq: Seq;
  email: string | null;
  name: string;
  password_hash: string | null;
  wallet_address: string | null;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** When this session last proved the user's second factor (migration 029); null: never. */
  second_factor_at: number | null;
  /** The User-Agent that opened it, as sent (migration 030). */
  user_agent: Generated<string | null>;
  ip: Generated<string | null>;
  /** Last request, to the minute (migration 030). */
  last_seen_at: Generated<number | null>;
}

/** A user's authenticator app (migration 029): pending until a first code confirms it. */
export interface UserTotpTable {
  user_id: string;
  /** The TOTP secret sealed by the server's secret box: codes are checked against the secret itself. */
  secret_sealed: string;
  created_at: number;
  confirmed_at: number | null;
  /** The newest time step a code was accepted for: that code, and any older one, is refused. */
  last_used_step: number | null;
}

/** A single-use recovery code (migration 029), kept only as a keyed hash. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** What a first factor answers when the account has a second one (migration 029): a hashed, short-lived token. */
export interface SecondFactorChallengesTable {
  token_hash: string;
  user_id: string;
  first_factor: "password" | "wallet";
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A user's passkey, a WebAuthn credential (migration 032): a second factor, or a sign-in of its own. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential's id as the authenticator gave it (base64url), unique across users. */
  credential_id: string;
  /** The credential's public key in COSE form, base64url: all the server needs to check a signature. */
  public_key: string;
  /** The authenticator's signature counter at the last use: a later use must report more (clones). */
  counter: Generated<number>;
  /** How the browser reaches the authenticator ("internal", "usb", "hybrid"…): hints for the next ceremony. */
  transports: Json<string[]>;
  /** The credential is synced (a multi-device passkey) and backed up by its provider. */
  backed_up: Generated<boolean>;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** The challenge of one WebAuthn ceremony (migration 032): short-lived, spent once, bound to its purpose. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: "registration" | "second_factor" | "step_up" | "sign_in";
  /** Whose ceremony it is; null for a sign-in with a passkey alone, where the user is not yet known. */
  user_id: string | null;
  /** The session (registration, step-up) or the sign-in challenge's token hash (second factor) it serves. */
  bound_to: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface WalletChallengesTable {
  nonce: string;
  address: string;
  message: string;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MerchantsTable {
  id: string;
  user_id: string;
  name: string;
  wallet_address: string | null;
  website_url: string | null;
  business_description: string | null;
  created_at: number;
}

export interface OrganizationsTable {
  id: string;
  seq: Seq;
  name: string;
  slug: string;
  description: string | null;
  /** Members must have a second factor to reach it (migration 030). */
  require_two_factor: Generated<boolean>;
  created_at: number;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: Role;
  created_at: number;
}

/** An invitation to join an organization (migration 027): its token is kept only as a hash. */
/** Which mail a member receives (migration 033); no row: the defaults. */
export interface MemberPreferencesTable {
  user_id: string;
  payment_notifications: boolean;
  refund_notifications: boolean;
  team_notifications: boolean;
  security_alerts: boolean;
  updated_at: number;
}

export interface InvitationsTable {
  id: string;
  seq: Seq;
  organization_id: string;
  /** Normalized (trimmed, lower-cased): the account that accepts must have this address. */
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

/** Mail about a person's account (migration 027): invitations, security alerts. */
export interface AccountMailTable {
  id: string;
  seq: Seq;
  kind: "invitation" | "security_alert" | "member_joined" | "export_ready";
  recipient: string;
  user_id: string | null;
  organization_id: string | null;
  subject: string;
  /** `{text, html}` sealed by the server's secret box: an invitation's body holds its token. */
  sealed_body: string;
  /** `suppressed`: the member turned this kind of mail off before it was sent (migration 033). */
  status: Generated<"pending" | "sent" | "kept" | "failed" | "suppressed">;
  attempt_count: Generated<number>;
  attempts_at_retry: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  from_address: string | null;
  message_id: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

export interface WorkspacesTable {
  id: string;
  seq: Seq;
  organization_id: string;
  name: string;
  slug: string | null;
  display_name: string | null;
  website: string | null;
  description: string | null;
  webhook_tested: boolean;
  test_payment_completed: boolean;
  /** Publishable keys may create intents with an arbitrary amount (off: catalogue prices only). */
  allow_browser_amounts: Generated<boolean>;
  /** Where a "New payment" mail goes when a payment settles (migration 016); null: off. */
  notify_on_payment_email: string | null;
  created_at: number;
}

export interface WorkspaceWalletsTable {
  workspace_id: string;
  stacks_address: string;
  stacks_publickey: string;
  bitcoin_payment_address: string | null;
  bitcoin_payment_publickey: string | null;
  bitcoin_ordinals_address: string | null;
  bitcoin_ordinals_publickey: string | null;
  verification_message: string;
  verification_signature: string;
  verified_at: number;
}

export interface EnvironmentsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  name: string;
  type: "sandbox" | "production";
  confirmations_required: Generated<number>;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  type: "publishable" | "secret";
  env: "test" | "live";
  name: string;
  key_prefix: string;
  key_hash: string;
  /** Publishable keys are public by design and kept readable; secret keys never are. */
  publishable_key: string | null;
  scopes: Json<string[]>;
  state: "enabled" | "disabled" | "revoked";
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** Set when the key was rolled: refused from then on, as if revoked (migration 013). */
  expires_at: number | null;
}

export interface ProductsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  name: string;
  description: string | null;
  stock: number;
  view_type: "card" | "button";
  price_minor: number;
  currency: string;
  require_email: boolean;
  require_shipping_address: boolean;
  created_at: number;
  updated_at: number;
}

export interface PaymentLinksTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  product_id: string | null;
  merchant_id: string | null;
  product_data: Json<Record<string, unknown>>;
  merchant_wallet: string | null;
  active: boolean;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentIntentsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  env: "test" | "live";
  /** The amount in micro-dollars (USD millionths): the one stored amount, exact below a cent. */
  amount_micros: number;
  /** Whole cents, rounded down: derived by PostgreSQL from amount_micros. */
  amount_minor: GeneratedAlways<number>;
  currency: string;
  asset: Asset;
  /** Atomic units of the asset (sats for sBTC), fixed at creation. numeric → string. */
  amount_asset: string;
  usd_per_btc: string | null;
  usd_per_stx: string | null;
  token_contract: string;
  recipient: string;
  memo: string;
  /** Written only through changeIntent (services/settlement/transitions.ts). */
  status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  customer_email: string | null;
  shipping_address: Json<Record<string, unknown> | null>;
  merchant_principal: string | null;
  txid: string | null;
  amount_received: Generated<string>;
  payment_method: string | null;
  metadata: Json<Record<string, string>>;
  product_id: string | null;
  status_reason: string | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  /** What the refunds that succeeded returned, atomic units (migration 014). Written through changeIntent. */
  amount_refunded: Generated<string>;
  /** The customer the payer's email names, once the payment settled (migration 014). */
  customer_id: Generated<string | null>;
}

/** A refund of a settled payment (migration 014): the merchant pays it, sPay tracks it. */
export interface RefundsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  env: "test" | "live";
  payment_intent_id: string;
  customer_id: string | null;
  asset: string;
  token_contract: string;
  /** Atomic units of the asset. numeric → string. */
  amount: string;
  /** The share of the payment's micro-dollars it returns (customers' lifetime value, analytics). */
  amount_micros: number;
  /** Whole cents, rounded down: derived by PostgreSQL from amount_micros. */
  amount_minor: GeneratedAlways<number>;
  /** The merchant's payout address the refund transfer must come from. */
  source: string;
  /** The address that paid: the settling transfer's sender, as the chain showed it. */
  destination: string;
  reason: string;
  status: RefundStatus;
  status_reason: string | null;
  txid: string | null;
  /** The block that mined `txid` while the refund is still confirming (migration 017). */
  block_height: Generated<number | null>;
  metadata: Json<Record<string, string>>;
  created_at: number;
  updated_at: number;
  succeeded_at: number | null;
  failed_at: number | null;
}

/** A payer's email in one environment, with the totals of its payments and refunds (migration 014). */
export interface CustomersTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  env: "test" | "live";
  email: string;
  address: string | null;
  payments_count: number;
  refunds_count: number;
  /** Micro-dollars paid and refunded (derived whole cents beside them). */
  total_paid_micros: Generated<number>;
  total_refunded_micros: Generated<number>;
  total_paid_minor: GeneratedAlways<number>;
  total_refunded_minor: GeneratedAlways<number>;
  first_payment_at: number | null;
  last_payment_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentEventsTable {
  id: string;
  seq: Seq;
  payment_intent_id: string;
  from_status: PaymentStatus | null;
  to_status: PaymentStatus;
  reason: string | null;
  txid: string | null;
  created_at: number;
}

export interface EventsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  env: "test" | "live";
  type: string;
  data: Json<Record<string, unknown>>;
  created_at: number;
  fanned_out: Generated<boolean>;
  /** The writing transaction (xid8, as text): with `seq`, the commit-safe position readers resume from. */
  tx: Generated<string>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: "executing" | "done";
  response_status: number | null;
  response_body: string | null;
  created_at: number;
  locked_at: number;
  /** Who made the original request: workspace, environment and credential kind (null: anonymous). */
  owner: string | null;
  /** True when response_body is sealed with the server's secret box (it carries a secret). */
  response_sealed: Generated<boolean>;
}

export type TransferState = "tracking" | "counted" | "failed" | "rejected";

export interface PaymentTransfersTable {
  txid: string;
  payment_intent_id: string;
  /** submitted/discovered: owner decided by the memo; assigned: by the merchant; x402: verified by the facilitator. */
  source: "submitted" | "discovered" | "assigned" | "x402";
  /** tracking: not final yet; counted: paid into the intent; failed: aborted/dropped; rejected: does not pay it. */
  state: TransferState;
  amount: string | null;
  sender: string | null;
  block_height: number | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
  next_check_at: number;
}

/** Where the block follower is, per environment: the last canonical block it processed. */
export interface ChainCursorsTable {
  env: "test" | "live";
  height: number;
  index_block_hash: string;
  updated_at: number;
}

/** The canonical blocks the follower processed (a recent window), to notice forks. */
export interface ChainBlocksTable {
  env: "test" | "live";
  height: number;
  index_block_hash: string;
  parent_index_block_hash: string;
  tx_count: number;
  processed_at: number;
}

export interface EmailSignupsTable {
  id: string;
  email: string;
  source: string;
  created_at: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface WebhookEndpointsTable {
  id: string;
  seq: Generated<number>;
  workspace_id: string;
  environment_id: string;
  env: "test" | "live";
  url: string;
  description: string | null;
  enabled_events: Json<string[]>;
  status: "enabled" | "disabled";
  disabled_reason: string | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: number | null;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  manual: boolean;
  state: "pending" | "succeeded" | "failed" | "canceled";
  attempt_count: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_status: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  seq: Generated<number>;
  delivery_id: string;
  event_id: string;
  endpoint_id: string;
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  succeeded: boolean;
}

export interface X402PaymentsTable {
  txid: string;
  workspace_id: string;
  nonce: string | null;
  payer: string;
  /** The payer's account nonce a signed transaction spends (null for txid proofs): claimed once. */
  account_nonce: string | null;
  amount: string;
  asset: string;
  network: string;
  payment_intent_id: string | null;
  created_at: number;
}

export interface X402RequirementsTable {
  nonce: string;
  workspace_id: string;
  network: string;
  asset: string;
  amount: string;
  pay_to: string;
  resource: string;
  expires_at: number;
  created_at: number;
}

export type TransferReportState = "pending" | "matched" | "not_for_intent" | "unmatched" | "not_found";

/** A txid reported for an intent: a hint the watcher resolves by the memo, never a claim. */
export interface TransferReportsTable {
  txid: string;
  payment_intent_id: string;
  state: TransferReportState;
  reason: string | null;
  created_at: number;
  updated_at: number;
  next_check_at: number;
}

/** A transfer into a payout address whose memo names no intent: settles nothing by itself. */
export interface UnmatchedTransfersTable {
  txid: string;
  workspace_id: string;
  environment_id: string | null;
  env: "test" | "live";
  recipient: string;
  token_contract: string;
  asset: string;
  amount: string;
  sender: string;
  memo: string | null;
  block_height: number | null;
  assigned_intent_id: string | null;
  assigned_at: number | null;
  assigned_by: string | null;
  created_at: number;
}

export interface AuditLogTable {
  id: string;
  seq: Seq;
  workspace_id: string | null;
  /** Set on member changes, which belong to the whole organization (migration 027). */
  organization_id: Generated<string | null>;
  user_id: string | null;
  actor_type: "user" | "api_key" | "system";
  actor_id: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  ip: string | null;
  details: Json<Record<string, unknown>>;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  wallet_challenges: WalletChallengesTable;
  merchants: MerchantsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  invitations: InvitationsTable;
  member_preferences: MemberPreferencesTable;
  account_mail: AccountMailTable;
  workspaces: WorkspacesTable;
  workspace_wallets: WorkspaceWalletsTable;
  environments: EnvironmentsTable;
  api_keys: ApiKeysTable;
  products: ProductsTable;
  payment_links: PaymentLinksTable;
  payment_intents: PaymentIntentsTable;
  payment_events: PaymentEventsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  email_signups: EmailSignupsTable;
  payment_transfers: PaymentTransfersTable;
  server_settings: ServerSettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  x402_payments: X402PaymentsTable;
  x402_requirements: X402RequirementsTable;
  unmatched_transfers: UnmatchedTransfersTable;
  transfer_reports: TransferReportsTable;
  audit_log: AuditLogTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  refunds: RefundsTable;
  customers: CustomersTable;
  mail_outbox: MailOutboxTable;
  product_images: ProductImagesTable;
  product_image_blobs: ProductImageBlobsTable;
  exports: ExportsTable;
  export_files: ExportFilesTable;
}

/** One served size of a product image: `key` names its bytes in the image store. */
export interface ProductImageVariant {
  width: number;
  height: number;
  key: string;
}

/** A product's image (migration 025): at most one per product, gone with it. */
export interface ProductImagesTable {
  id: string;
  product_id: string;
  workspace_id: string;
  environment_id: string;
  source_format: "jpeg" | "png" | "webp" | "avif" | "gif";
  /** Narrowest first. */
  variants: Json<ProductImageVariant[]>;
  created_at: number;
}

/** Image bytes on PostgreSQL (migration 025); the embedded server keeps them as files instead. */
export interface ProductImageBlobsTable {
  key: string;
  bytes: Uint8Array;
  created_at: number;
}

/** What an export's file holds, by CSV file: rows written (migration 031). */
export interface ExportRowCounts {
  payments: number;
  refunds: number;
  customers: number;
  events: number;
  audit_log: number;
}

/** A data export (migration 031): built by the export worker, kept 7 days once ready. */
export interface ExportsTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  /** The environment it covers; null: the whole workspace (a session without X-Environment-Id). */
  environment_id: string | null;
  env: "test" | "live" | null;
  requested_by_type: "user" | "api_key";
  requested_by_id: string;
  /** The range, unix seconds, both ends included. */
  range_from: number;
  range_to: number;
  /** `pending` also while a worker holds the lease: the API says `running` then. */
  status: Generated<"pending" | "ready" | "failed" | "expired">;
  attempt_count: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  /** Written as JSON text once ready; null before. */
  row_counts: ColumnType<ExportRowCounts | null, string | null, string | null>;
  /** The attempt whose bytes are the file, once ready. */
  file_attempt: number | null;
  size_bytes: number | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  expires_at: number;
}

/** An export's bytes on PostgreSQL, in parts (migration 031); the embedded server keeps files. */
export interface ExportFilesTable {
  export_id: string;
  attempt: number;
  part: number;
  bytes: Uint8Array;
}

/** A receipt mail queued with the event it reports (migration 015), sent by the mail worker. */
export interface MailOutboxTable {
  id: string;
  seq: Seq;
  workspace_id: string;
  environment_id: string;
  env: "test" | "live";
  event_id: string;
  kind: "payment_receipt" | "refund_receipt" | "payment_notification" | "refund_notification";
  recipient: string;
  status: Generated<"pending" | "sent" | "kept" | "failed">;
  /** Every attempt ever claimed: never goes back, so a stale claim's result never matches (migration 018). */
  attempt_count: Generated<number>;
  /** `attempt_count` at the last manual retry: the schedule counts the attempts since (migration 018). */
  attempts_at_retry: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  from_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  message_id: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type AccountMailRow = Selectable<AccountMailTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type ProductImageRow = Selectable<ProductImagesTable>;
export type ExportRow = Selectable<ExportsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WorkspaceWalletRow = Selectable<WorkspaceWalletsTable>;
export type EnvironmentRow = Selectable<EnvironmentsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ProductRow = Selectable<ProductsTable>;
export type PaymentLinkRow = Selectable<PaymentLinksTable>;
export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;
export type MerchantRow = Selectable<MerchantsTable>;
export type NewPaymentIntent = Insertable<PaymentIntentsTable>;
export type PaymentTransferRow = Selectable<PaymentTransfersTable>;
export type EventRow = Selectable<EventsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type UnmatchedTransferRow = Selectable<UnmatchedTransfersTable>;
export type TransferReportRow = Selectable<TransferReportsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type RefundRow = Selectable<RefundsTable>;
export type CustomerRow = Selectable<CustomersTable>;
