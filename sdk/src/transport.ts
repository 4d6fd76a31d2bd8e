/**
 * `@spay/sdk/transport` — the SDK's HTTP transport and server-sent events reader, for an app that
 * calls the sPay API with credentials of its own (the merchant dashboard, with its session token):
 * one HTTP client and one event-stream parser for the SDK and the dashboard.
 */

export { isRetryable, SPayError, type SPayErrorDetails } from "./core/errors.js";
export { type ApiRequest, ApiTransport, pathId, randomKey, type TransportOptions } from "./core/http.js";
export { readSse, type SseMessage, SseParser } from "./core/sse.js";
