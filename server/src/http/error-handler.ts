import { ERRORS, type ErrorCode } from "@spay/protocol";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";

export interface ErrorBody {
  error: { type: string; code: string; message: string; param?: string; request_id: string };
}

export function errorBody(c: Context<AppEnv>, err: ApiError): ErrorBody {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.param ? { param: err.param } : {}),
      request_id: c.get("requestId") ?? "",
    },
  };
}

export function renderError(c: Context<AppEnv>, err: ApiError): Response {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json(errorBody(c, err), err.status as ContentfulStatusCode);
}

/** Connection-level failures of PostgreSQL mean "try again", not "we broke". */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (
    typeof code === "string" &&
    ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001", "08003"].includes(code)
  ) {
    return true;
  }
  const message = err instanceof Error ? err.message : "";
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|not queryable/i.test(
    message,
  );
}

/**
 * Text PostgreSQL cannot store or compare — a NUL byte (22021) or an untranslatable character
 * (22P05) in an id, query value or body — is the client's bad input, not a server failure.
 */
function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === "22021" || code === "22P05";
}

/** Maps anything thrown into the API's error object; never leaks internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400 && /json/i.test(err.message)) return new ApiError("invalid_json");
    if (err.status === 413) return new ApiError("body_too_large");
    if (err.status === 401) return new ApiError("authentication_required");
    const code = (Object.keys(ERRORS) as ErrorCode[]).find((k) => ERRORS[k].status === err.status);
    return code
      ? new ApiError(code)
      : new ApiError("parameter_invalid", { message: err.message || undefined });
  }
  if (err instanceof SyntaxError) return new ApiError("invalid_json");
  if (isUnstorableText(err))
    return new ApiError("parameter_invalid", {
      message: "A parameter contains characters that cannot be stored (such as a NUL byte)",
    });
  if (isDatabaseUnavailable(err))
    return new ApiError("database_unavailable", { headers: { "Retry-After": "1" } });
  return new ApiError("internal_error");
}

/** A zod failure at the edge becomes a 400 naming the first offending parameter. */
export function validationError(error: ZodError): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError("parameter_invalid");
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    const param = path ? `${path}.${key}` : key;
    return new ApiError("parameter_unknown", { message: `Received unknown parameter: ${param}`, param });
  }
  // zod 4 omits the input from issues; its message says "received undefined" for absent fields.
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    return new ApiError("parameter_missing", { message: `Missing required param: ${path}`, param: path });
  }
  return new ApiError("parameter_invalid", {
    message: path ? `Invalid ${path}: ${issue.message}` : issue.message,
    ...(path ? { param: path } : {}),
  });
}
