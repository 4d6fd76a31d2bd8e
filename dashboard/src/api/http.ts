import { SPayError } from "@spay/sdk";

/** Where the API is: the same origin as the dashboard (the gateway serves both). */
export const API_BASE = "";

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** Session token or API key, sent as the bearer credential. */
  token?: string | null | undefined;
  workspaceId?: string | null | undefined;
  headers?: Record<string, string>;
}

/**
 * One call to the gateway. Non-2xx answers throw an `SPayError` built from the response's error
 * object (SPEC.md §8 "Generic": else 'HTTP {status}'); `code` is the API's stable code.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.workspaceId) headers["x-workspace-id"] = options.workspaceId;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (method === "POST") headers["idempotency-key"] = crypto.randomUUID();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (cause) {
    throw new SPayError(cause instanceof Error ? cause.message : String(cause), {
      code: "network_error",
      status: 0,
      cause,
    });
  }
  const text = await res.text();
  if (!res.ok) throw SPayError.fromResponse(res.status, text, res.headers.get("x-request-id"));
  return (text ? JSON.parse(text) : null) as T;
}

/** The API's error code of a failure, or null when it is not an API error. */
export function errorCode(err: unknown): string | null {
  return err instanceof SPayError ? err.code : null;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
