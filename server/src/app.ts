import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import { corsOriginList } from "./config.ts";
import { ApiError } from "./domain/errors.ts";
import { authenticate } from "./http/authenticate.ts";
import { clientIp } from "./http/client-ip.ts";
import type { AppEnv, Deps } from "./http/context.ts";
import { renderError, toApiError } from "./http/error-handler.ts";
import { idempotency } from "./http/idempotency.ts";
import { type RateLimitStore, rateLimitStore } from "./http/rate-limit.ts";
import { readBody } from "./http/read-body.ts";
import { requestId } from "./http/request-id.ts";
import { staticFiles } from "./http/static-files.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { apiKeyRoutes } from "./routes/api-keys.ts";
import { auditLogRoutes } from "./routes/audit-log.ts";
import { authRoutes } from "./routes/auth.ts";
import { chainhookRoutes } from "./routes/chainhooks.ts";
import { customerRoutes } from "./routes/customers.ts";
import { environmentRoutes } from "./routes/environments.ts";
import { eventRoutes } from "./routes/events.ts";
import { exportRoutes } from "./routes/exports.ts";
import { fulfillmentRoutes } from "./routes/fulfillment.ts";
import { hostedCheckoutRoutes } from "./routes/hosted-checkout.ts";
import { mailRoutes } from "./routes/mail.ts";
import { memberRoutes } from "./routes/members.ts";
import { merchantRoutes } from "./routes/merchants.ts";
import { onboardingRoutes } from "./routes/onboarding.ts";
import { organizationRoutes } from "./routes/organizations.ts";
import { passkeyRoutes } from "./routes/passkeys.ts";
import { paymentIntentRoutes } from "./routes/payment-intents.ts";
import { paymentLinkRoutes } from "./routes/payment-links.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { preferenceRoutes } from "./routes/preferences.ts";
import { PRODUCT_IMAGE_UPLOAD, productImageRoutes } from "./routes/product-images.ts";
import { productRoutes } from "./routes/products.ts";
import { publicRoutes } from "./routes/public.ts";
import { refundRoutes } from "./routes/refunds.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { twoFactorRoutes } from "./routes/two-factor.ts";
import { unmatchedTransferRoutes } from "./routes/unmatched-transfers.ts";
import { webhookDeliveryRoutes } from "./routes/webhook-deliveries.ts";
import { webhookEndpointRoutes } from "./routes/webhook-endpoints.ts";
import { workspaceRoutes } from "./routes/workspaces.ts";
import { x402Routes } from "./routes/x402.ts";
import { publicFacilitatorRoutes } from "./routes/x402-public.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
export const API_VERSION = "2026-11-21";

/**
 * Paths a merchant's own web page may call from any origin with a publishable key (checkout,
 * payment links). Everything else answers CORS only to the dashboard's origins. Credentials are
 * bearer headers, never cookies, so a cross-origin page cannot ride on a signed-in session.
 */
const PUBLIC_CORS_PATHS = [
  /^\/v1\/payment_intents(\/[^/]+(\/(events|submit|stream))?)?$/,
  /^\/v1\/products(\/[^/]+)?$/,
  /^\/api\/payment-links\/[^/]+$/,
  /^\/fx$/,
  /^\/v1\/stats\//,
];

/** @param limits where rate-limit budgets live; the caller closes it (default: from the config). */
export function createApp(
  deps: Deps,
  limits: RateLimitStore = rateLimitStore(deps.config),
): OpenAPIHono<AppEnv> {
  const { config } = deps;
  const app = new OpenAPIHono<AppEnv>();
  const dashboardOrigins = new Set(corsOriginList(config));
  const ipLimiter = limits.limiter("ip", config.rateLimitIpPerSecond);
  const keyLimiter = limits.limiter("key", config.rateLimitKeyPerSecond);
  const signInLimiter = limits.limiter(
    "signin",
    config.rateLimitAuthPerMinute / 60,
    config.rateLimitAuthPerMinute,
  );
  // Challenges are anonymous stored rows: a burst of a minute's allowance per IP, refilled evenly.
  const challengesPerMinute = config.walletChallengesPerMinute;
  const challengeLimiter = limits.limiter("challenge", challengesPerMinute / 60, challengesPerMinute);

  app.use("*", requestId);
  app.use("*", secureHeaders({ crossOriginResourcePolicy: "cross-origin" }));
  const corsHeaders = cors({
    origin: (origin, c) => {
      if (dashboardOrigins.has(origin)) return origin;
      return PUBLIC_CORS_PATHS.some((p) => p.test(c.req.path)) ? origin : null;
    },
    allowHeaders: [
      "Authorization",
      "Content-Type",
      "Idempotency-Key",
      "X-Workspace-Id",
      "X-Environment-Id",
      "X-Merchant-Principal",
    ],
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    exposeHeaders: ["X-Request-Id", "Idempotent-Replayed", "Retry-After"],
    maxAge: 600,
  });
  // Browsers send Origin on every cross-origin request, and only they read CORS headers: a request
  // without one (a merchant's server, the SDK on Node) gets just the Vary, set before the handler.
  // Hono's cors touches the response before the handler runs, which makes every answer be rebuilt
  // (its body turned into a stream) afterwards: a fifth of the hot path's time on a server call.
  app.use("*", (c, next) => {
    if (c.req.header("origin") !== undefined) return corsHeaders(c, next);
    c.header("Vary", "Origin");
    return next();
  });
  app.use("*", clientIp(config.trustProxy));
  app.use("*", async (c, next) => {
    await ipLimiter.take(`ip:${c.get("clientIp")}`);
    await next();
  });
  app.use("*", readBody(MAX_BODY_BYTES, [PRODUCT_IMAGE_UPLOAD]));
  // Chain pushes carry their own secret, not an API key: mounted before key authentication.
  app.route("/", chainhookRoutes(deps));

  app.use("*", authenticate(deps, keyLimiter));
  app.use("*", idempotency(deps));

  app.route("/", authRoutes(deps, { signIn: signInLimiter, challenge: challengeLimiter }));
  app.route("/", twoFactorRoutes(deps, { signIn: signInLimiter }));
  app.route("/", passkeyRoutes(deps, { signIn: signInLimiter }));
  app.route("/", sessionRoutes(deps));
  app.route("/", preferenceRoutes(deps));
  app.route("/", organizationRoutes(deps));
  app.route("/", memberRoutes(deps, { signIn: signInLimiter }));
  app.route("/", workspaceRoutes(deps));
  app.route("/", apiKeyRoutes(deps));
  app.route("/", auditLogRoutes(deps));
  app.route("/", environmentRoutes(deps));
  app.route("/", onboardingRoutes(deps));
  app.route("/", merchantRoutes(deps));
  app.route("/", productRoutes(deps));
  app.route("/", productImageRoutes(deps));
  app.route("/", paymentLinkRoutes(deps));
  app.route("/", paymentIntentRoutes(deps));
  app.route("/", webhookEndpointRoutes(deps));
  app.route("/", eventRoutes(deps));
  app.route("/", x402Routes(deps));
  app.route(
    "/",
    publicFacilitatorRoutes(deps, {
      merchant: keyLimiter,
      payer: limits.limiter("payer", config.rateLimitKeyPerSecond),
    }),
  );
  app.route("/", fulfillmentRoutes(deps));
  app.route("/", paymentRoutes(deps));
  app.route("/", unmatchedTransferRoutes(deps));
  app.route("/", refundRoutes(deps));
  app.route("/", customerRoutes(deps));
  app.route("/", mailRoutes(deps));
  app.route("/", exportRoutes(deps));
  app.route("/", analyticsRoutes(deps));
  app.route("/", webhookDeliveryRoutes(deps));
  app.route("/", hostedCheckoutRoutes(deps));
  app.route("/", publicRoutes(deps));
  app.use("*", staticFiles(config));

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key (`sk_test_…`, `pk_test_…`, live keys likewise) or a session token (`sess_…`)",
  });
  app.doc31("/v1/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "sPay API",
      version: API_VERSION,
      description:
        "Non-custodial payments in sBTC and USDC on Stacks. Errors: `{error: {type, code, message, param?, request_id}}`.",
    },
    servers: [{ url: config.publicUrl }],
  });

  app.notFound((c) =>
    renderError(
      c,
      new ApiError("route_not_found", {
        message: `Unrecognized request URL (${c.req.method}: ${c.req.path})`,
      }),
    ),
  );
  app.onError((err, c) => {
    const apiError = toApiError(err);
    if (apiError.status >= 500) console.error(`[${c.get("requestId")}] ${c.req.method} ${c.req.path}`, err);
    return renderError(c, apiError);
  });
  return app;
}
