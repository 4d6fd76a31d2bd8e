/** The gateway's objects as the dashboard reads them (server/src/routes/schemas.ts). */
import type { ApiBusinessProfile, ApiWalletChallenge } from "@spay/protocol";

export interface User {
  id: string;
  email: string | null;
  name: string;
  merchant_id: string | null;
  wallet_address: string | null;
  created_at: number;
}

export interface SessionGrant {
  user: User;
  session_id: string;
  expires_at: number;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  user_count: number;
  workspace_count: number;
  created_at: number;
}

export type BusinessProfile = ApiBusinessProfile;

export interface Workspace {
  id: string;
  organization_id: string;
  organization_name: string;
  name: string;
  slug: string | null;
  user_count: number;
  stacks_address: string | null;
  bitcoin_payment_address: string | null;
  bitcoin_ordinals_address: string | null;
  business_profile: BusinessProfile;
  /** Publishable keys may create intents for any amount (off: only for a product or payment link). */
  allow_browser_amounts?: boolean;
  created_at: number;
}

export type EnvironmentType = "sandbox" | "production";

export interface Environment {
  id: string;
  workspace_id: string;
  name: string;
  type: EnvironmentType;
  env: "test" | "live";
  created_at: number;
}

export interface ApiKey {
  id: string;
  type: "pk" | "sk";
  name: string;
  env: "test" | "live";
  key?: string;
  key_prefix: string;
  key_id: string;
  state: "enabled" | "disabled" | "revoked";
  is_active: boolean;
  scopes: string[];
  created_at: number;
  last_used_at: number | null;
}

export interface OnboardingStatus {
  workspace_id: string;
  onboarding_status: {
    wallet_verified: boolean;
    business_info_completed: boolean;
    api_keys_created: boolean;
    webhook_tested: boolean;
    test_payment_completed: boolean;
  };
  payout_wallet: { address: string | null; verified_at: number | null };
  business_info: BusinessProfile;
  api_keys: ApiKey[];
}

export type WalletChallenge = ApiWalletChallenge;

export interface WebhookTestResult {
  ok: boolean;
  url: string;
  status: number | null;
  latency_ms: number;
  error: string | null;
}

export interface List<T> {
  data: T[];
}

/** A signed-in merchant acting on one workspace: the session token and the X-Workspace-Id header. */
export interface WorkspaceAuth {
  token: string;
  workspaceId: string;
}

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

export type PaymentFilter = "all" | "paid" | "pending" | "fulfillment" | "failed";
export type PaymentCounts = Record<PaymentFilter, number>;
export type FulfillmentStatus = "processing" | "shipped" | "delivered" | "completed";

export interface PaymentEvent {
  id: string;
  payment_intent_id: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  txid: string | null;
  created_at: number;
}

export interface DeliveryAttempt {
  id: string;
  endpoint_id: string;
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  succeeded: boolean;
}

export interface EventWithDeliveries {
  id: string;
  type: string;
  created_at: number;
  deliveries: { id: string; endpoint_id: string; state: string; attempt_count: number; manual: boolean }[];
  attempts: DeliveryAttempt[];
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  enabled_events: string[];
  status: "enabled" | "disabled";
  disabled_reason: string | null;
  env: "test" | "live";
  secret?: string;
  failing_since: number | null;
  created_at: number;
}

export interface EndpointAttempt extends Omit<DeliveryAttempt, "endpoint_id"> {
  event_id: string;
  event_type: string;
}

export type AnalyticsRange = "7d" | "30d" | "3m" | "1y";

export interface AnalyticsOverview {
  range: AnalyticsRange;
  total_revenue_minor: number;
  transactions: number;
  settled: number;
  success_rate: number | null;
  active_customers: number;
  series: { date: string; revenue_minor: number; transactions: number }[];
  recent_transactions: import("@spay/sdk").PaymentIntent[];
  recent_customers: {
    email: string;
    last_payment_at: number;
    total_spent_minor: number;
    payments: number;
    settled_payments: number;
  }[];
}
