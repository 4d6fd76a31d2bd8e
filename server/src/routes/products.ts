import { createRoute, z } from "@hono/zod-openapi";
import { ApiError } from "../domain/errors.ts";
import { dollarsToCents, MAX_AMOUNT_MINOR } from "../domain/money.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  DeletedSchema,
  errorResponses,
  IdParam,
  jsonBody,
  jsonResponse,
  listOf,
  PaginationQuery,
} from "../http/openapi.ts";
import { newRouter } from "../http/router.ts";
import { ProductSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import * as products from "../services/products.ts";

/** Client ids keep SPEC.md's form `prod_{timestamp}_{random}` (or any prod_ + safe characters). */
const ProductId = z.string().regex(/^prod_[A-Za-z0-9_]{1,80}$/, "must look like prod_…");
const Currency = z
  .string()
  .transform((c) => c.toLowerCase())
  .pipe(z.literal("usd"));

const ProductFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  stock: z.number().int().min(0).max(1_000_000_000),
  view_type: z.enum(["card", "button"]).default("card"),
  currency: Currency.default("usd"),
  require_email: z.boolean().default(false),
  require_shipping_address: z.boolean().default(false),
  link_active: z.boolean().optional(),
};

const ProductBody = z
  .strictObject({
    id: ProductId.optional(),
    price_minor: z.number().int().min(0).max(MAX_AMOUNT_MINOR),
    ...ProductFields,
  })
  .openapi("ProductRequest");

/** Legacy sync body: price in dollars (`price_usd`), converted to cents by rounding. */
const LegacyProductBody = z
  .strictObject({
    id: ProductId,
    price_usd: z
      .number()
      .min(0)
      .max(MAX_AMOUNT_MINOR / 100),
    merchant_id: z.string().max(100).optional(),
    ...ProductFields,
    stock: ProductFields.stock.default(0),
  })
  .openapi("LegacyProductRequest");

export function productRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Products"];

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/products",
      tags,
      summary: "List products, newest first",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "payments.read", keys: "any", target: "request" })],
      request: { query: PaginationQuery },
      responses: {
        200: jsonResponse(
          listOf(ProductSchema, "ProductList").extend({ products: z.array(ProductSchema) }),
          "List",
        ),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      const page = await products.listProducts(deps, scope, c.req.valid("query"), c.req.path);
      return c.json({ ...page, products: page.data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/products",
      tags,
      summary: "Create a product and its payment link",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "catalogue.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(ProductBody) },
      responses: { 201: jsonResponse(ProductSchema, "Created"), ...errorResponses(401, 403, 409) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      return c.json(await products.createProduct(deps, scope, c.req.valid("json")), 201);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/products/{id}",
      tags,
      summary: "Retrieve a product",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "payments.read",
          keys: "any",
          target: { table: "products", name: "product" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(ProductSchema, "Product"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps);
      return c.json(await products.getProduct(deps, scope, c.req.valid("param").id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/v1/products/{id}",
      tags,
      summary: "Replace a product (and re-sync its payment link)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "catalogue.write",
          keys: "secret",
          target: { table: "products", name: "product" },
        }),
      ],
      request: { params: IdParam, body: jsonBody(ProductBody) },
      responses: { 200: jsonResponse(ProductSchema, "Updated"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      // The dashboard repeats the id in the body; a different one would otherwise be silently ignored.
      if (body.id !== undefined && body.id !== id)
        throw new ApiError("parameter_invalid", {
          message: "id in the body does not match the URL",
          param: "id",
        });
      return c.json(await products.updateProduct(deps, scope, id, body), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/products/{id}",
      tags,
      summary: "Delete a product (its payment link stops selling)",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "catalogue.write",
          keys: "secret",
          target: { table: "products", name: "product" },
        }),
      ],
      request: { params: IdParam },
      responses: { 200: jsonResponse(DeletedSchema, "Deleted"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const { id } = c.req.valid("param");
      await products.deleteProduct(deps, scope, id);
      return c.json({ id, object: "product", deleted: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/products",
      tags,
      summary: "Legacy product sync: create or update by id, price in dollars",
      security: bearerSecurity,
      middleware: [guard(deps, { permission: "catalogue.write", keys: "secret", target: "request" })],
      request: { body: jsonBody(LegacyProductBody) },
      responses: { 200: jsonResponse(ProductSchema, "Saved"), ...errorResponses(401, 403, 409) },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, {
        secretOnly: true,
        fallbackToFirstWorkspace: true,
      });
      const { price_usd, merchant_id: _merchantId, ...rest } = c.req.valid("json");
      return c.json(
        await products.upsertProduct(deps, scope, { ...rest, price_minor: dollarsToCents(price_usd) }),
        200,
      );
    },
  );

  return app;
}
