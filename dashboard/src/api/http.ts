import { type ApiRequest, ApiTransport, SPayError } from "@spay/sdk/transport";

/**
 * The gateway, through the SDK's transport (`@spay/sdk/transport`): the same origin as the
 * dashboard (the gateway serves both). The transport sends the JSON, the Idempotency-Key of every
 * POST, and turns any failure into an `SPayError` (SPEC.md §8 "Generic": else 'HTTP {status}').
 *
 * One transport per call: its fetch keeps the answer's Retry-After, which the SDK's error does not
 * carry, so a throttled sign-in can say how long to wait.
 */
function gatewayFor(seen: { retryAfter: string | null }): ApiTransport {
  return new ApiTransport({
    apiUrl: "",
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      seen.retryAfter = res.headers.get("retry-after");
      return res;
    },
  });
}

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

/** How long the server asked to wait before retrying (seconds), per refused call. */
const RETRY_AFTER = new WeakMap<SPayError, number>();

/**
 * Who hears of every refused call, wherever it was made: the enrollment gate, which sends a member
 * of an organization that requires two-factor authentication to set it up, whichever screen asked.
 */
type ApiErrorListener = (err: SPayError) => void;
const listeners = new Set<ApiErrorListener>();

/** Calls `listener` with each API error from now on; the returned function stops it. */
export function onApiError(listener: ApiErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function sent<T>(call: (gateway: ApiTransport) => Promise<T>): Promise<T> {
  const seen = { retryAfter: null as string | null };
  try {
    return await call(gatewayFor(seen));
  } catch (err) {
    if (err instanceof SPayError) {
      const seconds = Number(seen.retryAfter);
      if (seen.retryAfter && Number.isFinite(seconds) && seconds >= 0) RETRY_AFTER.set(err, seconds);
      for (const listener of listeners) listener(err);
    }
    throw err;
  }
}

/** One call to the gateway, its JSON answer parsed; `SPayError.code` is the API's stable code. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return sent((gateway) => gateway.request<T>(toRequest(path, options)));
}

/** One call whose successful answer is read by the caller (CSV text, an event stream). */
export function apiResponse(path: string, accept: string, options: RequestOptions = {}): Promise<Response> {
  return sent((gateway) => gateway.send(toRequest(path, options), accept));
}

/** The API's error code of a failure, or null when it is not an API error. */
export function errorCode(err: unknown): string | null {
  return err instanceof SPayError ? err.code : null;
}

/** The seconds a throttled call's Retry-After asked to wait, or null when it named none. */
export function retryAfterSeconds(err: unknown): number | null {
  return err instanceof SPayError ? (RETRY_AFTER.get(err) ?? null) : null;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
