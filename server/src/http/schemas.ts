import { z } from "@hono/zod-openapi";
import {
  ASSETS,
  FULFILLMENT_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  ROLES,
} from "@spay/protocol";

/**
 * Response schemas: the OpenAPI document and the docs site's API reference come from these, and the
 * services type the objects they return with them (`z.infer<typeof …Schema>`), so each API object
 * is written once.
 */
const ts = z.number().int().openapi({ description: "Unix seconds" });

/**
 * A dollar amount in micro-dollars (millionths; one USDC atomic unit), as an integer string like
 * the asset amounts: exact below a cent, where the `*_minor` cents round down ($0.001 → 0).
 */
export const micros = (description: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .openapi({ description: `${description}, in micro-dollars (USD millionths): exact`, example: "1000" });

export const UserSchema = z
  .object({
    id: z.string().openapi({ example: "user_3kTMd9Q2xYqLw8Rb1nVc0aZe" }),
    object: z.literal("user"),
    email: z.string().nullable(),
    name: z.string(),
    merchant_id: z.string().nullable(),
    wallet_address: z.string().nullable(),
    created_at: ts,
  })
  .openapi("User");

export const SessionGrantSchema = z
  .object({
    user: UserSchema,
    session_id: z.string().openapi({ description: "Bearer token for the session" }),
    expires_at: ts,
  })
  .openapi("SessionGrant");

export const OrganizationSchema = z
  .object({
    id: z.string(),
    object: z.literal("organization"),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    user_count: z.number().int(),
    workspace_count: z.number().int(),
    role: z.enum(ROLES).openapi({ description: "The signed-in member's role in this organization" }),
    require_two_factor: z.boolean().openapi({ description: "Members must have a second factor to reach it" }),
    created_at: ts,
  })
  .openapi("Organization");

export const BusinessProfileSchema = z
  .object({
    display_name: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
  })
  .openapi("BusinessProfile");

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    object: z.literal("workspace"),
    organization_id: z.string(),
    org_id: z.string(),
    organization_name: z.string(),
    name: z.string(),
    slug: z.string().nullable(),
    user_count: z.number().int(),
    stacks_address: z.string().nullable(),
    bitcoin_payment_address: z.string().nullable(),
    bitcoin_ordinals_address: z.string().nullable(),
    business_profile: BusinessProfileSchema,
    allow_browser_amounts: z.boolean().openapi({
      description:
        "Publishable keys may create intents with an arbitrary amount (otherwise only for a product or payment link)",
    }),
    notify_on_payment_email: z.string().nullable().openapi({
      description: 'Address that receives a "New payment" email for every settled payment (null: off)',
    }),
    created_at: ts,
  })
  .openapi("Workspace");

export const EnvironmentSchema = z
  .object({
    id: z.string(),
    object: z.literal("environment"),
    workspace_id: z.string(),
    name: z.string(),
    type: z.enum(["sandbox", "production"]),
    env: z.enum(["test", "live"]),
    confirmations_required: z.number().int(),
    created_at: ts,
  })
  .openapi("Environment");

export const ApiKeySchema = z
  .object({
    id: z.string(),
    object: z.literal("api_key"),
    workspace_id: z.string(),
    environment_id: z.string(),
    type: z.enum(["pk", "sk"]),
    key_type: z.enum(["publishable", "secret"]),
    name: z.string(),
    env: z.enum(["test", "live"]),
    key: z
      .string()
      .optional()
      .openapi({ description: "Full key: publishable keys always; secret keys only when created" }),
    key_prefix: z.string(),
    key_id: z.string(),
    state: z.enum(["enabled", "disabled", "revoked"]),
    is_active: z.boolean(),
    scopes: z.array(z.string()),
    created_at: ts,
    last_used_at: ts.nullable(),
    expires_at: ts.nullable().openapi({
      description:
        "Unix seconds after which a rolled key is refused (as if revoked); null for a key not rolled",
    }),
  })
  .openapi("ApiKey");

export const MerchantSchema = z
  .object({
    id: z.string(),
    object: z.literal("merchant"),
    merchant_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    wallet_address: z.string().nullable(),
    website_url: z.string().nullable(),
    business_description: z.string().nullable(),
    created_at: ts,
  })
  .openapi("Merchant");

export const ProductImageSchema = z
  .object({
    url: z.string().openapi({ description: "The largest variant (webp, at most 1024 pixels wide)" }),
    srcset: z.string().openapi({ description: "Every variant as `url {width}w`, for `<img srcset>`" }),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
  })
  .openapi("ProductImage", {
    description:
      "Webp variants of the uploaded image (metadata stripped), at content-hashed URLs served with immutable cache headers",
  });

export const ProductSchema = z
  .object({
    id: z.string(),
    object: z.literal("product"),
    environment_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    stock: z.number().int(),
    view_type: z.enum(["card", "button"]),
    price_minor: z.number().int(),
    price: z.number(),
    currency: z.string(),
    require_email: z.boolean(),
    require_shipping_address: z.boolean(),
    payment_link: z.object({ id: z.string(), active: z.boolean(), url: z.string() }).nullable(),
    image: ProductImageSchema.nullable().openapi({
      description: "Set with POST /v1/products/{id}/image, removed with DELETE",
    }),
    created_at: ts,
    updated_at: ts,
  })
  .openapi("Product");

export const PaymentLinkSchema = z
  .object({
    id: z.string(),
    object: z.literal("payment_link"),
    url: z.string(),
    product_id: z.string().nullable(),
    merchant_id: z.string().nullable(),
    merchant_name: z.string().nullable(),
    product_data: z.record(z.string(), z.unknown()),
    merchant_wallet: z.string().nullable(),
    active: z.boolean(),
    sold_out: z.boolean().openapi({ description: "The link's product has no stock left" }),
    env: z.enum(["test", "live"]),
    expires_at: ts.nullable(),
    created_at: ts,
  })
  .openapi("PaymentLink");

export const PaymentIntentSchema = z
  .object({
    id: z.string().openapi({ example: "pi_5Hq2LmXn8RtYv3Kc9WbZa1De" }),
    object: z.literal("payment_intent"),
    amount_minor: z
      .number()
      .int()
      .openapi({ description: "Amount in whole cents (rounded down below a cent: see amount_micros)" }),
    amount: z.number().int().openapi({ description: "Same as amount_minor" }),
    amount_micros: micros("The amount"),
    currency: z.string(),
    asset: z.enum(ASSETS),
    amount_sbtc: z.string().nullable().openapi({ description: "Sats, for sBTC intents" }),
    amount_asset: z.string().openapi({ description: "Atomic units of the asset, fixed at creation" }),
    decimals: z.number().int(),
    token_contract: z.string(),
    usd_per_btc: z.number().nullable(),
    usd_per_stx: z
      .number()
      .nullable()
      .openapi({ description: "STX/USD price the amount was frozen at, for STX intents" }),
    recipient: z.string().openapi({ description: "The merchant's payout address" }),
    memo: z.string().openapi({ description: "SIP-010 memo the transfer must carry" }),
    status: z.enum(PAYMENT_STATUSES),
    status_reason: z.string().nullable(),
    fulfillment_status: z.enum(FULFILLMENT_STATUSES).or(z.string()),
    customer_email: z.string().nullable(),
    shipping_address: z.record(z.string(), z.unknown()).nullable(),
    merchant_principal: z.string().nullable(),
    txid: z.string().nullable(),
    amount_received: z.string(),
    amount_refunded: z.string().openapi({
      description: "Atomic units of the asset the refunds that succeeded returned to the payer",
    }),
    customer_id: z
      .string()
      .nullable()
      .openapi({ description: "The customer (`cus_…`) the payer's email names, once the payment settled" }),
    client_secret: z.string().nullable().openapi({
      description:
        "`pi_…_secret_…`: lets a browser (publishable key or no key) read, follow and submit for this intent. Returned on creation and to callers entitled to the intent; null in lists, events and webhooks. Keep it out of logs and URLs you share.",
    }),
    spay_url: z.string().openapi({
      description: "Hosted checkout (what the QR encodes); carries `?client_secret=` when it is set",
    }),
    checkout_url: z.string(),
    payment_method: z.string().nullable(),
    product_id: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    env: z.enum(["test", "live"]),
    expires_at: ts,
    created_at: ts,
    canceled_at: ts.nullable(),
    cancellation_reason: z.string().nullable(),
  })
  .openapi("PaymentIntent");

export const PaymentEventSchema = z
  .object({
    id: z.string(),
    object: z.literal("payment_event"),
    payment_intent_id: z.string(),
    from_status: z.string().nullable(),
    to_status: z.string(),
    reason: z.string().nullable(),
    txid: z.string().nullable(),
    created_at: ts,
  })
  .openapi("PaymentEvent");

export const OkSchema = z.object({ ok: z.literal(true) }).openapi("Ok");

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    object: z.literal("webhook_endpoint"),
    url: z.string(),
    description: z.string().nullable(),
    enabled_events: z.array(z.string()),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z.string().nullable(),
    env: z.enum(["test", "live"]),
    environment_id: z.string(),
    secret: z.string().optional().openapi({ description: "whsec_…, only when created or rotated" }),
    previous_secret_expires_at: z.number().int().nullable(),
    failing_since: z.number().int().nullable(),
    last_attempt: z
      .object({
        attempted_at: z.number().int(),
        status_code: z.number().int().nullable(),
        succeeded: z.boolean(),
        test: z.boolean().openapi({ description: "A sandbox test (`webhook.sandbox_test`)" }),
      })
      .nullable()
      .openapi({ description: "The newest entry of the endpoint's delivery log; null before any" }),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi("WebhookEndpoint");

export const EventSchema = z
  .object({
    id: z.string(),
    object: z.literal("event"),
    type: z.string(),
    created_at: z.number().int(),
    env: z.enum(["test", "live"]),
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "`{object}`: the payment intent as the API returns it" }),
  })
  .openapi("Event");

export const DeliveryAttemptSchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  attempt: z.number().int(),
  attempted_at: z.number().int(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
});

export const EventWithDeliveriesSchema = EventSchema.extend({
  deliveries: z.array(
    z.object({
      id: z.string(),
      endpoint_id: z.string(),
      state: z.string(),
      attempt_count: z.number().int(),
      next_attempt_at: z.number().int().nullable(),
      manual: z.boolean(),
    }),
  ),
  attempts: z.array(DeliveryAttemptSchema),
}).openapi("EventWithDeliveries");

const Attempt = {
  id: z.string(),
  attempt: z.number().int(),
  attempted_at: z.number().int(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
};

export const PaymentIntentWebhookDeliveriesSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(
      z.object({
        id: z.string(),
        object: z.literal("event"),
        type: z.string(),
        created_at: z.number().int(),
        env: z.enum(["test", "live"]),
        data: z.record(z.string(), z.unknown()),
        deliveries: z.array(
          z.object({
            id: z.string(),
            endpoint_id: z.string(),
            state: z.string(),
            attempt_count: z.number().int(),
            next_attempt_at: z.number().int().nullable(),
            manual: z.boolean(),
          }),
        ),
        attempts: z.array(z.object({ ...Attempt, endpoint_id: z.string() })),
      }),
    ),
    has_more: z.boolean(),
  })
  .openapi("PaymentIntentWebhookDeliveries");

/** One attempt of an endpoint's delivery log, with the event it carried. */
export const EndpointAttemptSchema = z.object({
  ...Attempt,
  event_id: z.string(),
  event_type: z.string(),
  test: z.boolean().openapi({ description: "A sandbox test delivery (`webhook.sandbox_test`)" }),
});

export const WebhookEndpointAttemptsSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(EndpointAttemptSchema),
    has_more: z.boolean(),
  })
  .openapi("WebhookEndpointAttempts");

export const WebhookSandboxTestResultSchema = z
  .object({
    ok: z.boolean(),
    url: z.string(),
    status: z.number().int().nullable(),
    latency_ms: z.number().int(),
    body_excerpt: z.string().nullable(),
    error: z.string().nullable(),
    event_id: z.string(),
    signed_with: z.enum(["endpoint_secret", "one_time_secret"]),
    one_time_secret: z.string().optional(),
  })
  .openapi("WebhookSandboxTestResult");

/** Get Started's webhook step: the endpoint it registered (or found) and the test sent to it. */
export const OnboardingWebhookSchema = z
  .object({
    object: z.literal("onboarding_webhook"),
    endpoint: WebhookEndpointSchema,
    created: z.boolean().openapi({ description: "False: the URL was already an endpoint, reused" }),
    test: WebhookSandboxTestResultSchema,
  })
  .openapi("OnboardingWebhook");

const PayoutWalletSchema = z.object({
  stacks_address: z.string(),
  stacks_publickey: z.string(),
  bitcoin_payment_address: z.string().nullable(),
  bitcoin_ordinals_address: z.string().nullable(),
  verification_message: z.string(),
  verification_signature: z.string(),
  verified_at: z.string(),
  wallet_address: z.string(),
});

export const PayoutWalletVerificationSchema = z.object({
  merchant: MerchantSchema,
  wallet: PayoutWalletSchema,
  api_keys: z.array(ApiKeySchema),
});

export const OnboardingStatusSchema = z
  .object({
    workspace_id: z.string(),
    onboarding_status: z.object({
      wallet_verified: z.boolean(),
      business_info_completed: z.boolean(),
      api_keys_created: z.boolean(),
      webhook_tested: z.boolean(),
      test_payment_completed: z.boolean(),
    }),
    payout_wallet: z.object({ address: z.string().nullable(), verified_at: z.number().int().nullable() }),
    business_info: z.object({
      display_name: z.string().nullable(),
      website: z.string().nullable(),
      description: z.string().nullable(),
    }),
    api_keys: z.array(ApiKeySchema),
  })
  .openapi("OnboardingStatus");

export const RefundSchema = z
  .object({
    id: z.string().openapi({ example: "re_3kTMd9Q2xYqLw8Rb1nVc0aZe" }),
    object: z.literal("refund"),
    payment_intent: z.string().openapi({ description: "The refunded payment intent (`pi_…`)" }),
    customer: z.string().nullable().openapi({ description: "The payer's customer (`cus_…`), if known" }),
    amount: z.string().openapi({ description: "Atomic units of the asset (sats for sBTC)" }),
    amount_minor: z
      .number()
      .int()
      .openapi({ description: "The share of the payment's dollars it returns, whole cents (rounded down)" }),
    amount_micros: micros("The share of the payment's dollars it returns"),
    currency: z.string(),
    asset: z.enum(ASSETS),
    token_contract: z.string(),
    source: z.string().openapi({
      description: "The merchant's payout address: the refund transfer must come from it",
    }),
    destination: z.string().openapi({
      description: "The address that paid (the settling transfer's sender, read from the chain)",
    }),
    memo: z.string().openapi({ description: "The memo the refund transfer must carry: the refund id" }),
    reason: z.enum(REFUND_REASONS),
    status: z.enum(REFUND_STATUSES).openapi({
      description:
        "`pending` until the merchant's transfer counts (`succeeded`) or the refund fails (`failed`: the transfer aborted, or the merchant canceled the refund)",
    }),
    status_reason: z.string().nullable().openapi({
      description:
        "Where a pending refund stands — its transfer confirming (`confirmations:1/3`), awaited again after a chain fork dropped its block (`block_orphaned`), or the last transfer carrying its memo not counted (`transfer_rejected:wrong_amount`, …) — or why it failed",
    }),
    txid: z.string().nullable().openapi({
      description:
        "The refund transfer: set once it is mined with the right token, amount, sender, recipient and memo (while it confirms, and after it counted)",
    }),
    metadata: z.record(z.string(), z.string()),
    env: z.enum(["test", "live"]),
    created_at: ts,
    succeeded_at: ts.nullable(),
    failed_at: ts.nullable(),
  })
  .openapi("Refund");

export const CustomerSchema = z
  .object({
    id: z.string().openapi({ example: "cus_3kTMd9Q2xYqLw8Rb1nVc0aZe" }),
    object: z.literal("customer"),
    email: z.string(),
    address: z.string().nullable().openapi({ description: "The address the customer last paid from" }),
    currency: z.literal("usd"),
    lifetime_value: z
      .number()
      .int()
      .openapi({ description: "Cents: what the customer's settled payments brought, less refunds" }),
    total_paid: z.number().int().openapi({ description: "Cents of the customer's settled payments" }),
    total_refunded: z.number().int().openapi({ description: "Cents refunded to the customer" }),
    lifetime_value_micros: micros("What the customer's settled payments brought, less refunds"),
    total_paid_micros: micros("The customer's settled payments"),
    total_refunded_micros: micros("Refunded to the customer"),
    payments_count: z.number().int(),
    refunds_count: z.number().int().openapi({ description: "Refunds that succeeded" }),
    first_payment_at: ts.nullable(),
    last_payment_at: ts.nullable(),
    env: z.enum(["test", "live"]),
    created_at: ts,
  })
  .openapi("Customer");
