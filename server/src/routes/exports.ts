import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as exports from "../services/exports/exports.ts";

/** Unix seconds up to the year 9999: a date a spreadsheet can show. */
const Time = z.number().int().min(0).max(253_402_300_799);

const ExportSchema = z
  .object({
    id: z.string(),
    object: z.literal("export"),
    status: z.enum(["pending", "running", "ready", "failed", "expired"]),
    environment_id: z
      .string()
      .nullable()
      .openapi({ description: "The environment it covers; null: the whole workspace" }),
    from: z.number().int(),
    to: z.number().int(),
    created_at: z.number().int(),
    completed_at: z.number().int().nullable(),
    row_counts: z
      .object({
        payments: z.number().int(),
        refunds: z.number().int(),
        customers: z.number().int(),
        events: z.number().int(),
        audit_log: z.number().int(),
      })
      .nullable()
      .openapi({ description: "Rows of each CSV file, once ready" }),
    download_url: z.string().nullable().openapi({
      description:
        "Downloads the ZIP without a bearer header; signed anew on each read and valid for 15 minutes. Null until ready, and once expired",
    }),
    expires_at: z
      .number()
      .int()
      .openapi({ description: "When the file is deleted: 7 days after it was ready" }),
  })
  .openapi("Export");

const CreateExportBody = z
  .strictObject({
    from: Time.openapi({ description: "Start of the range, unix seconds (included)" }),
    to: Time.openapi({
      description: "End of the range, unix seconds (included); at most 366 days after `from`",
    }),
  })
  .openapi("CreateExportRequest");

const DownloadQuery = z.object({
  token: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "The signature of the link (from `download_url`)" }),
});

/**
 * Data exports: a ZIP of the workspace's payments, refunds, customers, events and audit log over a
 * date range, for owners and admins (an export holds everything), secret key or session, in the
 * caller's workspace and environment. Built in the background; downloaded by a signed link.
 */
export function exportRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Exports"];
  const scope = (c: Parameters<typeof resolveWorkspaceScope>[0]) =>
    resolveWorkspaceScope(c, deps, { secretOnly: true });
  const access = guard(deps, { permission: "exports.create", keys: "secret", target: "request" });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/exports",
      tags,
      summary: "Export a date range as one ZIP of CSV files (built in the background)",
      description:
        "The ZIP holds payments.csv, refunds.csv, customers.csv, events.csv and audit_log.csv: the rows created in the range, of the API key's environment, or for a session of the environment named by X-Environment-Id (without it, the whole workspace). The answer is the pending export; read it until `status` is `ready` and follow its `download_url`. A member who asked is also mailed the link. Cells that a spreadsheet would run as a formula start with `'`.",
      security: bearerSecurity,
      middleware: [access],
      request: { body: jsonBody(CreateExportBody) },
      responses: { 202: jsonResponse(ExportSchema, "Export"), ...errorResponses(401, 403, 409) },
    }),
    async (c) =>
      c.json(
        await exports.createExport(deps, await scope(c), c.req.valid("json"), c.get("clientIp") ?? null),
        202,
      ),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/exports",
      tags,
      summary: "List exports, newest first",
      security: bearerSecurity,
      middleware: [access],
      request: { query: PaginationQuery },
      responses: {
        200: jsonResponse(listOf(ExportSchema, "ExportList"), "List"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json(await exports.listExports(deps, await scope(c), c.req.valid("query"), c.req.path), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/exports/{id}",
      tags,
      summary: "Retrieve an export, with a fresh download link once ready",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "exports.create",
          keys: "secret",
          target: { table: "exports", name: "export" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(ExportSchema, "Export"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await exports.getExport(deps, await scope(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/exports/{id}/download",
      tags,
      summary: "Download an export's ZIP by its signed link (no bearer header: the link is the credential)",
      description:
        "The link is valid for 15 minutes from when it was signed; every read of the export signs a new one. A link that was not signed by this server, or for another export, is refused with `export_link_invalid`, an old one with `export_link_expired` (both 403).",
      request: { params: IdParam, query: DownloadQuery },
      responses: {
        200: {
          description: "The ZIP file",
          content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
        },
        ...errorResponses(403, 404, 409, 410),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const file = await exports.downloadExport(
        deps,
        id,
        c.req.valid("query").token,
        c.get("clientIp") ?? null,
      );
      const headers: Record<string, string> = {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${file.filename}"`,
        // The URL carries a credential: no cache may keep the file under it.
        "cache-control": "no-store",
      };
      if (file.size !== null) headers["content-length"] = String(file.size);
      return c.body(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, 200, headers);
    },
  );

  return app;
}
