/** sPay contract: one definition, imported by the server, devnet, SDK, dashboard and docs. */

export * from "./audit.ts";
export * from "./billing.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./money.ts";
export * from "./networks.ts";
export * from "./product-images.ts";
export * from "./roles.ts";
export * from "./status.ts";
export * from "./tokens.ts";
export * from "./transitions.ts";

// API object types, generated from the server's OpenAPI document (see api-types.ts's header).
import type { components } from "./api-types.ts";

type Schemas = components["schemas"];

export type { components, paths } from "./api-types.ts";

/** The JSON shape of one named schema in the OpenAPI document, e.g. `ApiSchema<"PaymentIntent">`. */
export type ApiSchema<Name extends keyof Schemas> = Schemas[Name];

export type ApiError = Schemas["Error"];
export type ApiDeleted = Schemas["Deleted"];
export type ApiUser = Schemas["User"];
export type ApiSessionGrant = Schemas["SessionGrant"];
export type ApiWalletChallenge = Schemas["WalletChallenge"];
export type ApiOrganization = Schemas["Organization"];
export type ApiWorkspace = Schemas["Workspace"];
export type ApiBusinessProfile = Schemas["BusinessProfile"];
export type ApiEnvironment = Schemas["Environment"];
export type ApiKey = Schemas["ApiKey"];
export type ApiAuditEntry = Schemas["AuditEntry"];
export type ApiAuditEntryList = Schemas["AuditEntryList"];
export type ApiMerchant = Schemas["Merchant"];
export type ApiOnboardingStatus = Schemas["OnboardingStatus"];
export type ApiProduct = Schemas["Product"];
export type ApiProductList = Schemas["ProductList"];
export type ApiProductImage = Schemas["ProductImage"];
export type ApiPaymentLink = Schemas["PaymentLink"];
export type ApiPaymentIntent = Schemas["PaymentIntent"];
export type ApiPaymentIntentList = Schemas["PaymentIntentList"];
export type ApiPaymentEvent = Schemas["PaymentEvent"];
export type ApiPaymentList = Schemas["PaymentList"];
export type ApiPaymentCounts = Schemas["PaymentCounts"];
export type ApiWebhookEndpoint = Schemas["WebhookEndpoint"];
export type ApiEvent = Schemas["Event"];
export type ApiEventList = Schemas["EventList"];
export type ApiEventWithDeliveries = Schemas["EventWithDeliveries"];
export type ApiUnmatchedTransfer = Schemas["UnmatchedTransfer"];
export type ApiUnmatchedTransferList = Schemas["UnmatchedTransferList"];
export type ApiAnalyticsOverview = Schemas["AnalyticsOverview"];
export type ApiHostedPaymentLink = Schemas["HostedPaymentLink"];
export type ApiHostedPaymentIntent = Schemas["HostedPaymentIntent"];
export type ApiFxRate = Schemas["FxRate"];
export type ApiPaymentStats = Schemas["PaymentStats"];
export type ApiCreatePaymentIntentRequest = Schemas["CreatePaymentIntentRequest"];
export type ApiCreateWebhookEndpointRequest = Schemas["CreateWebhookEndpointRequest"];
export type ApiUpdateWebhookEndpointRequest = Schemas["UpdateWebhookEndpointRequest"];
export type ApiProductRequest = Schemas["ProductRequest"];
export type ApiPaymentLinkRequest = Schemas["PaymentLinkRequest"];
export type ApiCreateApiKeyRequest = Schemas["CreateApiKeyRequest"];
