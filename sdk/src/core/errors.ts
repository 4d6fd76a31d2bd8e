import { CHECKOUT_MESSAGES } from "./messages.js";
import type { ApiErrorBody } from "./types.js";

/** What the API said went wrong, as {@link SPayError} carries it. */
export interface SPayErrorDetails {
  /** The API's stable snake_case code, `network_error` when no answer came, `http_error` for a bare status. */
  code: string;
  /** HTTP status; 0 when the request never got an answer. */
  status: number;
  /** The API's error type (`invalid_request_error`, `api_error`, …). */
  type?: string;
  /** The request parameter the error is about. */
  param?: string;
  /** `X-Request-Id` of the failed call: quote it to support. */
  requestId?: string;
  cause?: unknown;
}

/**
 * A failed API call (SPEC.md §8 "Generic"): built from the response's `error` object, else
 * `HTTP {status}`. `code === "network_error"` means the request never reached the server.
 */
export class SPayError extends Error {
  override readonly name = "SPayError";
  readonly code: string;
  readonly status: number;
  readonly type: string | undefined;
  readonly param: string | undefined;
  readonly requestId: string | undefined;

  constructor(message: string, details: SPayErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.type = details.type;
    this.param = details.param;
    this.requestId = details.requestId;
  }

  /** Builds the error of a non-2xx response from its body text (JSON error object or anything else). */
  static fromResponse(status: number, bodyText: string, requestId?: string | null): SPayError {
    const body = parseErrorBody(bodyText);
    if (!body) {
      return new SPayError(CHECKOUT_MESSAGES.httpStatus(status), {
        code: "http_error",
        status,
        ...(requestId ? { requestId } : {}),
      });
    }
    const { message, code, type, param, request_id } = body.error;
    const id = request_id || requestId;
    return new SPayError(message || CHECKOUT_MESSAGES.httpStatus(status), {
      code: code || "http_error",
      status,
      ...(type ? { type } : {}),
      ...(param ? { param } : {}),
      ...(id ? { requestId: id } : {}),
    });
  }

  /** The error of a request that got no answer (offline, DNS, CORS, connection reset). */
  static network(cause: unknown): SPayError {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new SPayError(`Network error: ${detail}`, { code: "network_error", status: 0, cause });
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || !("error" in parsed)) return null;
    const error = (parsed as { error: unknown }).error;
    if (typeof error !== "object" || error === null) return null;
    return parsed as ApiErrorBody;
  } catch {
    return null;
  }
}

/** True for failures worth retrying: no answer, rate limited, or a server-side error. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof SPayError)) return false;
  return err.status === 0 || err.status === 429 || err.status >= 500;
}
