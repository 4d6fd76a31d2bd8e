import { type ApiRequest, ApiTransport, SPayError } from "@spay/sdk/transport";

/**
 * The gateway, through the SDK's transport (`@spay/sdk/transport`): the same origin as the
 * dashboard (the gateway serves both). The transport sends the JSON, the Idempotency-Key of every
 * POST, and turns any failure into an `SPayError` (SPEC.md §8 "Generic": else 'HTTP {status}').
 */
const gateway = new ApiTransport({ apiUrl: "" });

export interface RequestOptions {
  method?: ApiRequest["method"];
  body?: unknown;
  /** Session token or API key, sent as the bearer credential; none for public calls. */
  token?: string | null | undefined;
  /** The workspace acted on (`X-Workspace-Id`). */
  workspaceId?: string | null | undefined;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

function toRequest(path: string, options: RequestOptions): ApiRequest {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.workspaceId) headers["x-workspace-id"] = options.workspaceId;
  // `auth: false`: the transport holds no API key of its own; the session's credential is above.
  return {
    method: options.method ?? "GET",
    path,
    body: options.body,
    auth: false,
    headers,
    signal: options.signal,
  };
}

/** One call to the gateway, its JSON answer parsed; `SPayError.code` is the API's stable code. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return gateway.request<T>(toRequest(path, options));
}

/** One call whose successful answer is read by the caller (CSV text, an event stream). */
export function apiResponse(path: string, accept: string, options: RequestOptions = {}): Promise<Response> {
  return gateway.send(toRequest(path, options), accept);
}

/** The API's error code of a failure, or null when it is not an API error. */
export function errorCode(err: unknown): string | null {
  return err instanceof SPayError ? err.code : null;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
