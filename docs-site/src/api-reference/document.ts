import raw from "virtual:spay-openapi";
import type { OpenApiDocument } from "./openapi.ts";

/** The server's OpenAPI document, fetched from `@spay/server` at build time (build/openapi-plugin.ts). */
export const openapiDocument = raw as OpenApiDocument;
