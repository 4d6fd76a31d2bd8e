/**
 * The gateway's objects as the dashboard reads them: the types generated from the server's OpenAPI
 * document (`@spay/protocol`), under the names the dashboard uses.
 */
import type {
  ApiAnalyticsOverview,
  ApiBusinessProfile,
  ApiEnvironment,
  ApiKey,
  ApiOnboardingStatus,
  ApiOrganization,
  ApiPaymentCounts,
  ApiPaymentEvent,
  ApiSchema,
  ApiSessionGrant,
  ApiUser,
  ApiWalletChallenge,
  ApiWebhookEndpoint,
  ApiWorkspace,
} from "@spay/protocol";

export type { ApiKey };
export type User = ApiUser;
export type SessionGrant = ApiSessionGrant;
export type Organization = ApiOrganization;
export type BusinessProfile = ApiBusinessProfile;
export type Workspace = ApiWorkspace;
export type Environment = ApiEnvironment;
export type EnvironmentType = Environment["type"];
export type OnboardingStatus = ApiOnboardingStatus;
export type WalletChallenge = ApiWalletChallenge;
/** What `POST /v1/webhook/sandbox` reports about the endpoint's answer. */
export type WebhookTestResult = ApiSchema<"WebhookSandboxTestResult">;
/** What Get Started's webhook step (`POST /onboarding/webhook`) answers: the endpoint and its test. */
export type OnboardingWebhook = ApiSchema<"OnboardingWebhook">;

/** A signed-in merchant acting on one workspace: the session token and the X-Workspace-Id header. */
export interface WorkspaceAuth {
  token: string;
  workspaceId: string;
}

/** The envelope of a cursor-paged list (`starting_after`). */
export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

export type PaymentCounts = ApiPaymentCounts;
/** The Payments screen's filters (SPEC.md §4), one count each. */
export type PaymentFilter = keyof PaymentCounts;
export type FulfillmentStatus = ApiSchema<"SetFulfillmentRequest">["fulfillment_status"];
export type PaymentEvent = ApiPaymentEvent;

/** One event of `GET /v1/payment_intents/{id}/webhook_deliveries`, with its deliveries and attempts. */
export type EventWithDeliveries = ApiSchema<"PaymentIntentWebhookDeliveries">["data"][number];

export type WebhookEndpoint = ApiWebhookEndpoint;
/** One entry of an endpoint's delivery log (`GET /v1/webhook_endpoints/{id}/attempts`). */
export type EndpointAttempt = ApiSchema<"WebhookEndpointAttempts">["data"][number];

export type AnalyticsOverview = ApiAnalyticsOverview;
export type AnalyticsRange = AnalyticsOverview["range"];
