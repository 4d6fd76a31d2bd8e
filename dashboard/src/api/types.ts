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

/** A member of an organization: the user and their role there (`GET /v1/organizations/{id}/members`). */
export type Member = ApiSchema<"Member">;
/** An invitation to join an organization with a role, pending until accepted, revoked or expired. */
export type Invitation = ApiSchema<"Invitation">;
/** What an invitation link offers, as anyone holding the link may read it before accepting. */
export type InvitationPreview = ApiSchema<"InvitationPreview">;
/** A new account made from an invitation: its session, and the organization it joined. */
export type InvitedSessionGrant = ApiSchema<"InvitedSessionGrant">;
export type AnalyticsRange = AnalyticsOverview["range"];

/** What a first factor (password, wallet) answers: the session, or a challenge for the second factor. */
export type SignInResult = ApiSchema<"SignInResult">;
/** Sign-in paused for the second factor: answer the challenge with POST /v1/auth/two-factor/verify. */
export type SecondFactorChallenge = ApiSchema<"SecondFactorChallenge">;
export type SecondFactorMethod = SecondFactorChallenge["methods"][number];
/** Whether the signed-in user has an authenticator app, and how many recovery codes are left. */
export type TwoFactorStatus = ApiSchema<"TwoFactorStatus">;
/** A new authenticator secret, pending until a first code confirms it. */
export type TotpEnrollment = ApiSchema<"TotpEnrollment">;
/** Ten single-use recovery codes, in the one answer that shows them. */
export type RecoveryCodes = ApiSchema<"RecoveryCodes">;
/** One place the signed-in user is signed in (`GET /v1/auth/sessions`). */
export type AccountSession = ApiSchema<"Session">;
/** Which emails the signed-in member receives. */
export type Preferences = ApiSchema<"Preferences">;
export type Passkey = ApiSchema<"Passkey">;
export type PasskeyCreationOptions = ApiSchema<"PasskeyCreationOptions">;
export type PasskeyRequestOptions = ApiSchema<"PasskeyRequestOptions">;
export type PasskeyAssertion = ApiSchema<"PasskeyAssertion">;
export type PasskeyRegistrationResponse = ApiSchema<"PasskeyRegistrationResponse">;
/** A data export of the workspace: a ZIP of CSV files, built in the background. */
export type DataExport = ApiSchema<"Export">;
