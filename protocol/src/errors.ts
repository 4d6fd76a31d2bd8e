/**
 * The error catalogue: every stable `code` the API returns, with its HTTP status, Stripe-style
 * `type` and default message. SPEC.md §8's codes come first and keep their texts.
 */
export const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "idempotency_error",
  "rate_limit_error",
  "api_error",
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorSpec {
  status: number;
  type: ErrorType;
  message: string;
}

export const ERRORS = {
  // SPEC.md §8
  email_already_exists: {
    status: 409,
    type: "invalid_request_error",
    message: "An account with this email already exists",
  },
  current_password_incorrect: {
    status: 400,
    type: "invalid_request_error",
    message: "The current password is incorrect",
  },
  invalid_credentials: { status: 401, type: "authentication_error", message: "Invalid email or password" },
  password_too_weak: {
    status: 400,
    type: "invalid_request_error",
    message: "This password is too easy to guess; choose a longer or less common one",
  },
  slug_taken: { status: 409, type: "invalid_request_error", message: "This slug is already taken" },
  environment_name_exists: {
    status: 409,
    type: "invalid_request_error",
    message: "An environment with this name already exists",
  },
  merchant_principal_required: {
    status: 401,
    type: "authentication_error",
    message: "Authentication required",
  },
  bad_request: {
    status: 400,
    type: "invalid_request_error",
    message: "Invalid environment name. Use only letters, numbers, hyphens, and underscores.",
  },
  environment_not_found: { status: 404, type: "invalid_request_error", message: "Environment not found" },
  cannot_delete_last_environment: {
    status: 409,
    type: "invalid_request_error",
    message: "Cannot delete the last environment",
  },
  // Request shape
  invalid_json: { status: 400, type: "invalid_request_error", message: "The request body is not valid JSON" },
  parameter_invalid: { status: 400, type: "invalid_request_error", message: "A parameter is invalid" },
  parameter_missing: {
    status: 400,
    type: "invalid_request_error",
    message: "A required parameter is missing",
  },
  parameter_unknown: {
    status: 400,
    type: "invalid_request_error",
    message: "The request has an unknown parameter",
  },
  unsupported_media_type: {
    status: 415,
    type: "invalid_request_error",
    message: "Send the request body as application/json",
  },
  body_too_large: { status: 413, type: "invalid_request_error", message: "The request body exceeds 1 MB" },
  json_too_deep: {
    status: 400,
    type: "invalid_request_error",
    message: "The request body nests arrays and objects more than 64 levels deep",
  },
  request_too_large: {
    status: 431,
    type: "invalid_request_error",
    message: "The request line and headers are too large (the URL or query string is too long)",
  },
  malformed_request: { status: 400, type: "invalid_request_error", message: "The HTTP request is malformed" },
  route_not_found: { status: 404, type: "invalid_request_error", message: "Unrecognized request URL" },
  method_not_allowed: { status: 405, type: "invalid_request_error", message: "Method not allowed" },
  // Authentication and permission
  authentication_required: { status: 401, type: "authentication_error", message: "Authentication required" },
  invalid_api_key: { status: 401, type: "authentication_error", message: "Invalid API key provided" },
  api_key_revoked: { status: 401, type: "authentication_error", message: "This API key has been revoked" },
  api_key_disabled: { status: 401, type: "authentication_error", message: "This API key is disabled" },
  api_key_revoked_final: {
    status: 400,
    type: "invalid_request_error",
    message: "A revoked API key cannot be enabled again; create a new key",
  },
  api_key_revoked_not_rollable: {
    status: 409,
    type: "invalid_request_error",
    message: "A revoked API key cannot be rolled; create a new key",
  },
  api_key_already_rolled: {
    status: 409,
    type: "invalid_request_error",
    message: "This API key was already rolled; roll the key that replaced it",
  },
  session_invalid: {
    status: 401,
    type: "authentication_error",
    message: "Session is invalid or has expired",
  },
  session_required: {
    status: 401,
    type: "authentication_error",
    message: "This call needs a signed-in session, not an API key",
  },
  secret_key_required: {
    status: 403,
    type: "permission_error",
    message: "This call needs a secret key; publishable keys may only create and read payment intents",
  },
  insufficient_scope: {
    status: 403,
    type: "permission_error",
    message: "The API key lacks the scope for this call",
  },
  forbidden: { status: 403, type: "permission_error", message: "You do not have access to this resource" },
  role_forbidden: {
    status: 403,
    type: "permission_error",
    message: "Your role in this organization does not allow this; ask an owner or admin",
  },
  two_factor_enrollment_required: {
    status: 403,
    type: "permission_error",
    message:
      "This organization requires two-factor authentication: set up a second factor in your account first",
  },
  // Members and invitations
  last_owner: {
    status: 409,
    type: "invalid_request_error",
    message: "An organization keeps at least one owner: transfer ownership first",
  },
  already_member: {
    status: 409,
    type: "invalid_request_error",
    message: "This person is already a member of the organization",
  },
  invitation_invalid: {
    status: 404,
    type: "invalid_request_error",
    message: "This invitation is unknown, expired, revoked or already used",
  },
  invitation_email_mismatch: {
    status: 403,
    type: "permission_error",
    message: "This invitation was sent to another email address; sign in with that account",
  },
  invitation_pending: {
    status: 409,
    type: "invalid_request_error",
    message: "An invitation to this email address is already pending; revoke it to send a new one",
  },
  workspace_required: {
    status: 400,
    type: "invalid_request_error",
    message: "No workspace selected. Send the X-Workspace-Id header.",
  },
  // Wallet sign-in and verification
  invalid_address: { status: 400, type: "invalid_request_error", message: "Not a valid Stacks address" },
  challenge_not_found: {
    status: 400,
    type: "invalid_request_error",
    message: "Unknown or already used challenge",
  },
  challenge_expired: { status: 400, type: "invalid_request_error", message: "The challenge has expired" },
  challenge_used: { status: 400, type: "invalid_request_error", message: "The challenge was already used" },
  signature_invalid: {
    status: 401,
    type: "authentication_error",
    message: "Signature verification failed - invalid signature",
  },
  public_key_mismatch: {
    status: 401,
    type: "authentication_error",
    message: "The public key does not belong to this address",
  },
  // Second factor: an authenticator app (TOTP) with single-use recovery codes
  second_factor_required: {
    status: 403,
    type: "permission_error",
    message:
      "This action needs a recent second factor: confirm with a code from your authenticator app (POST /v1/auth/two-factor/step-up) and retry",
  },
  invalid_second_factor_code: {
    status: 401,
    type: "authentication_error",
    message: "The authentication code or recovery code is incorrect or was already used",
  },
  second_factor_challenge_invalid: {
    status: 401,
    type: "authentication_error",
    message: "This sign-in is unknown, expired, already completed or out of attempts; sign in again",
  },
  two_factor_already_enabled: {
    status: 409,
    type: "invalid_request_error",
    message: "Two-factor authentication is already enabled; remove it before enrolling a new authenticator",
  },
  two_factor_not_enabled: {
    status: 409,
    type: "invalid_request_error",
    message: "Two-factor authentication is not enabled on this account",
  },
  // Passkeys (WebAuthn): a second factor, or a sign-in of their own
  passkey_invalid: {
    status: 401,
    type: "authentication_error",
    message:
      "The passkey could not be verified: unknown passkey, another request's or an expired challenge, or another site's answer; ask for new options and retry",
  },
  passkey_registration_invalid: {
    status: 400,
    type: "invalid_request_error",
    message:
      "The new passkey could not be verified: its options expired or were already used, or it was created on another site; ask for new options and retry",
  },
  passkey_already_registered: {
    status: 409,
    type: "invalid_request_error",
    message: "This passkey is already registered",
  },
  // Resources
  resource_missing: { status: 404, type: "invalid_request_error", message: "No such object" },
  facilitator_not_found: {
    status: 404,
    type: "invalid_request_error",
    message: "No such facilitator: the URL must carry an active publishable key (pk_test_… or pk_live_…)",
  },
  payment_link_not_found: {
    status: 404,
    type: "invalid_request_error",
    message: "This payment link does not exist or has been removed.",
  },
  payment_link_expired: {
    status: 410,
    type: "invalid_request_error",
    message: "This payment link has expired.",
  },
  payment_link_disabled: {
    status: 403,
    type: "invalid_request_error",
    message: "This payment link has been disabled.",
  },
  payout_wallet_missing: {
    status: 400,
    type: "invalid_request_error",
    message: "Verify a payout wallet for this workspace before creating payment intents",
  },
  merchant_principal_mismatch: {
    status: 400,
    type: "invalid_request_error",
    message: "merchant_principal does not match the workspace's payout wallet",
  },
  env_mismatch: {
    status: 400,
    type: "invalid_request_error",
    message: "env does not match the environment of the API key",
  },
  payment_intent_unexpected_state: {
    status: 409,
    type: "invalid_request_error",
    message: "The payment intent's status does not allow this action",
  },
  refund_exceeds_refundable: {
    status: 400,
    type: "invalid_request_error",
    message:
      "The refund is larger than what remains refundable on this payment (its received amount less the refunds pending or succeeded)",
  },
  payment_not_refundable: {
    status: 409,
    type: "invalid_request_error",
    message: "Only a settled payment can be refunded, and only while some of it remains to refund",
  },
  payer_unknown: {
    status: 409,
    type: "invalid_request_error",
    message: "The address that paid this payment is not known from the chain, so it cannot be refunded",
  },
  refund_unexpected_state: {
    status: 409,
    type: "invalid_request_error",
    message: "The refund's status does not allow this action",
  },
  mail_unexpected_state: {
    status: 409,
    type: "invalid_request_error",
    message: "The mail's status does not allow this action",
  },
  txid_already_used: {
    status: 409,
    type: "invalid_request_error",
    message: "This transaction was already reported for another payment intent",
  },
  transaction_not_for_intent: {
    status: 409,
    type: "invalid_request_error",
    message:
      "This transaction does not pay this payment intent: its memo names another intent or none. A transfer counts only for the intent whose memo it carries",
  },
  transfer_already_assigned: {
    status: 409,
    type: "invalid_request_error",
    message: "This transfer was already assigned or already counts for a payment intent",
  },
  transfer_intent_mismatch: {
    status: 400,
    type: "invalid_request_error",
    message:
      "The payment intent does not take this transfer: it must be paid to the same address in the same token",
  },
  chain_unavailable: {
    status: 503,
    type: "api_error",
    message: "The chain API is unavailable; retry shortly",
  },
  // One answer for every refused webhook URL, so a refusal reveals nothing about the gateway's network.
  url_not_allowed: {
    status: 400,
    type: "invalid_request_error",
    message:
      "This webhook URL is not allowed: use an http(s) URL without credentials whose host is on the public internet",
  },
  no_webhook_endpoints: {
    status: 400,
    type: "invalid_request_error",
    message: "No enabled webhook endpoint is subscribed to this event",
  },
  id_taken: { status: 409, type: "invalid_request_error", message: "An object with this id already exists" },
  // The price comes from the catalogue
  amount_mismatch: {
    status: 400,
    type: "invalid_request_error",
    message:
      "amount_minor does not match the price of the product or payment link; omit it and the catalogue price is used",
  },
  custom_amount_not_allowed: {
    status: 403,
    type: "permission_error",
    message:
      "A publishable key can only create payment intents for a product or payment link: pass product_id or payment_link, create the intent with a secret key on your server, or allow custom amounts from the browser in the workspace settings",
  },
  product_sold_out: {
    status: 409,
    type: "invalid_request_error",
    message: "This product is sold out",
  },
  product_price_required: {
    status: 400,
    type: "invalid_request_error",
    message: "A product sold through an active payment link needs a price above $0",
  },
  // Product images: the decoded bytes decide, never the file name or Content-Type
  image_empty: {
    status: 400,
    type: "invalid_request_error",
    message: "The upload is empty: send the image file's bytes as the request body",
  },
  image_too_large: {
    status: 413,
    type: "invalid_request_error",
    message: "The image file exceeds 8 MB",
  },
  image_type_unsupported: {
    status: 415,
    type: "invalid_request_error",
    message: "Upload a JPEG, PNG, WebP, AVIF or GIF image",
  },
  image_type_mismatch: {
    status: 400,
    type: "invalid_request_error",
    message: "The file's contents are not the image type its Content-Type declares",
  },
  image_polyglot: {
    status: 400,
    type: "invalid_request_error",
    message:
      "The file carries more than an image (another file appended to it, or markup inside it); export it again from an image editor",
  },
  image_unreadable: {
    status: 400,
    type: "invalid_request_error",
    message: "The file is not a readable image: it is damaged, truncated or not an image at all",
  },
  image_dimensions_too_large: {
    status: 400,
    type: "invalid_request_error",
    message: "The image is larger than 40 megapixels or 12,000 pixels on a side; scale it down first",
  },
  // Data exports: one ZIP of the workspace's records over a date range, downloaded by a signed link
  export_range_invalid: {
    status: 400,
    type: "invalid_request_error",
    message:
      "The export's range is invalid: `to` must not be before `from`, and the range may span at most 366 days",
  },
  exports_in_progress: {
    status: 409,
    type: "invalid_request_error",
    message:
      "This workspace already has 5 exports being built; wait for one to be ready before asking for another",
  },
  export_link_invalid: {
    status: 403,
    type: "permission_error",
    message: "This download link is not valid: ask the export for a new one (GET /v1/exports/{id})",
  },
  export_link_expired: {
    status: 403,
    type: "permission_error",
    message:
      "This download link has expired (a link works for 15 minutes): ask the export for a new one (GET /v1/exports/{id})",
  },
  export_not_ready: {
    status: 409,
    type: "invalid_request_error",
    message: "The export is not ready: download it once its status is `ready`",
  },
  export_expired: {
    status: 410,
    type: "invalid_request_error",
    message: "This export's file was deleted 7 days after it was ready; create a new export",
  },
  // Idempotency and rate limits
  idempotency_key_reused: {
    status: 409,
    type: "idempotency_error",
    message: "This Idempotency-Key was used with different request parameters",
  },
  idempotency_key_in_use: {
    status: 409,
    type: "idempotency_error",
    message: "A request with this Idempotency-Key is still being processed; retry later",
  },
  idempotency_secret_gone: {
    status: 409,
    type: "idempotency_error",
    message:
      "The secret this request created has since been revoked or replaced, so its answer is not shown again; send a new Idempotency-Key",
  },
  idempotency_key_other_credential: {
    status: 409,
    type: "idempotency_error",
    message: "This Idempotency-Key was used by another kind of credential; send a new key",
  },
  rate_limited: {
    status: 429,
    type: "rate_limit_error",
    message: "Too many requests; retry after the delay",
  },
  sign_in_throttled: {
    status: 429,
    type: "rate_limit_error",
    message: "Too many failed sign-in attempts for this account; retry after the delay",
  },
  second_factor_throttled: {
    status: 429,
    type: "rate_limit_error",
    message: "Too many wrong authentication codes for this account; retry after the delay",
  },
  // Server side
  database_unavailable: {
    status: 503,
    type: "api_error",
    message: "The database is unavailable; retry shortly",
  },
  internal_error: { status: 500, type: "api_error", message: "An unexpected error occurred" },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERRORS, value);
}

/** The catalogue's default message for a code. */
export function errorText(code: ErrorCode): string {
  return ERRORS[code].message;
}
