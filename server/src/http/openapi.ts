import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/** Shared OpenAPI pieces: the error object, JSON bodies, list envelopes, pagination params. */
export const ErrorSchema = z
  .object({
    error: z.object({
      type: z.string(),
      code: z.string().openapi({ example: "parameter_invalid" }),
      message: z.string(),
      param: z.string().optional(),
      request_id: z.string(),
    }),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request (invalid_json, parameter_invalid, parameter_missing, parameter_unknown, …)",
  401: "Authentication failed",
  403: "Not permitted for this credential",
  404: "Object not found (or owned by another workspace)",
  409: "Conflict (duplicate, idempotency, state)",
  410: "Gone",
  413: "Body larger than 1 MB",
  429: "Rate limited; see Retry-After",
  503: "Database unavailable; retry",
};

/** Error responses a route documents, by status. */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([400, 429, ...statuses])];
  return Object.fromEntries(
    all.map((s) => [
      s,
      {
        description: ERROR_DESCRIPTIONS[s] ?? "Error",
        content: { "application/json": { schema: ErrorSchema } },
      },
    ]),
  );
}

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

export const PaginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10).openapi({ description: "1–100, default 10" }),
  starting_after: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Cursor: an object id from the previous page" }),
  ending_before: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Cursor: an object id, for the page before it" }),
});
export type Pagination = z.infer<typeof PaginationQuery>;

export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({ object: z.literal("list"), data: z.array(item), has_more: z.boolean(), url: z.string() })
    .openapi(name);
}

export const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
});

/**
 * The body of an action that takes no parameters (cancel a refund, retry a mail): optional, and
 * when sent an empty object — anything else is refused rather than silently ignored.
 */
const NoParametersBody = z.strictObject({}).openapi("NoParametersRequest");
export const noParametersBody = { ...jsonBody(NoParametersBody), required: false } as const;

export const DeletedSchema = z
  .object({ id: z.string(), object: z.string(), deleted: z.literal(true) })
  .openapi("Deleted");

export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * A route on one object of the caller's workspace, named by `{id}` in its path and answered as
 * JSON: what it documents beyond its summary and answer is always the same (a bearer credential,
 * the id, and 404 for an id the workspace does not own, so another tenant's objects stay unseen).
 */
export function objectRoute<M extends "get" | "post" | "delete", P extends string, S extends z.ZodType>(
  route: { method: M; path: P; tags: string[]; summary: string; middleware: MiddlewareHandler<AppEnv> },
  answer: S,
  description: string,
) {
  return createRoute({
    ...route,
    security: bearerSecurity,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(answer, description),
      ...errorResponses(401, 403, 404),
    },
  });
}
