import { createRoute, z } from "@hono/zod-openapi";
import { PRODUCT_IMAGE_LIMITS, PRODUCT_IMAGE_MIME_TYPES } from "@spay/protocol";
import { ApiError } from "../domain/errors.ts";
import type { Deps } from "../http/context.ts";
import { guard } from "../http/guard.ts";
import {
  bearerSecurity,
  ErrorSchema,
  errorResponses,
  IdParam,
  jsonResponse,
  objectRoute,
} from "../http/openapi.ts";
import type { BinaryBody } from "../http/read-body.ts";
import { newRouter } from "../http/router.ts";
import { ProductSchema } from "../http/schemas.ts";
import { resolveWorkspaceScope } from "../services/access.ts";
import { PRODUCT_IMAGE_PATH, productImageFile } from "../services/product-images/product-images.ts";
import * as products from "../services/products.ts";

/** The upload's body is the file itself, read as bytes under its own limit (app.ts). */
export const PRODUCT_IMAGE_UPLOAD: BinaryBody = {
  method: "POST",
  path: /^\/v1\/products\/[^/]+\/image$/,
  maxBytes: PRODUCT_IMAGE_LIMITS.maxBytes,
  tooLarge: "image_too_large",
};

const ImageFile = z.string().openapi({ type: "string", format: "binary" });
const imageFileTypes = Object.fromEntries(
  [...Object.values(PRODUCT_IMAGE_MIME_TYPES), "application/octet-stream"].map((type) => [
    type,
    { schema: ImageFile },
  ]),
);

/** A year: the URL names its bytes (a hash of them), so what it answers never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function productImageRoutes(deps: Deps) {
  const app = newRouter();
  const tags = ["Products"];

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/products/{id}/image",
      tags,
      summary: "Set the product's image (replaces any other)",
      description:
        "The body is the image file (JPEG, PNG, WebP, AVIF or GIF; at most 8 MB, 40 megapixels, 12,000 pixels a side). Its bytes decide its type: a Content-Type naming another image type is refused, SVG is refused, and so is a file carrying anything besides the image. It is re-encoded as webp at 256, 512 and 1024 pixels wide (never wider than the upload), without its metadata.",
      security: bearerSecurity,
      middleware: [
        guard(deps, {
          permission: "catalogue.write",
          keys: "secret",
          target: { table: "products", name: "product" },
        }),
      ],
      request: { params: IdParam, body: { required: true, content: imageFileTypes } },
      responses: {
        200: jsonResponse(ProductSchema, "The product with its new image"),
        ...errorResponses(401, 403, 404),
        413: {
          description: "Image file larger than 8 MB (image_too_large)",
          content: { "application/json": { schema: ErrorSchema } },
        },
        415: {
          description: "Not an accepted image type (image_type_unsupported)",
          content: { "application/json": { schema: ErrorSchema } },
        },
      },
    }),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      const bytes = Buffer.from(await c.req.arrayBuffer());
      const product = await products.setProductImage(deps, scope, c.req.valid("param").id, {
        bytes,
        contentType: c.req.header("content-type"),
      });
      return c.json(product, 200);
    },
  );

  app.openapi(
    objectRoute(
      {
        method: "delete",
        path: "/v1/products/{id}/image",
        tags,
        summary: "Remove the product's image",
        middleware: guard(deps, {
          permission: "catalogue.write",
          keys: "secret",
          target: { table: "products", name: "product" },
        }),
      },
      ProductSchema,
      "The product without an image",
    ),
    async (c) => {
      const scope = await resolveWorkspaceScope(c, deps, { secretOnly: true });
      return c.json(await products.removeProductImage(deps, scope, c.req.valid("param").id), 200);
    },
  );

  // A file, not an API object: public (payment-link pages and merchants' sites show it), and kept
  // out of the OpenAPI document.
  app.get(`${PRODUCT_IMAGE_PATH}/:key`, async (c) => {
    const key = c.req.param("key");
    const bytes = await productImageFile(deps, key);
    if (!bytes) throw new ApiError("resource_missing", { message: `No such product image: '${key}'` });
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": IMMUTABLE,
      ETag: `"${key}"`,
      // Opened on its own, it is an image and nothing else.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });

  return app;
}
