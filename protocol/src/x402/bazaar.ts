/**
 * Discovery: the Bazaar extension (x402-foundation/x402 specs/extensions/bazaar.md;
 * `@x402/extensions/bazaar` 2.27.0) — `extensions.bazaar = {info: {input, output?}, schema}` in a
 * 402, describing how to call the paid endpoint — and the per-origin manifest served at
 * `/.well-known/x402` (specs/extensions/well-known-discovery.md, draft; `DiscoveryManifest` of
 * `@x402/core` types/discovery.ts).
 */
import type { X402AcceptV2, X402Extra } from "./requirements.ts";
import type { Json } from "./wire.ts";

export const BAZAAR = "bazaar";

export type QueryMethod = "GET" | "HEAD" | "DELETE";
export type BodyMethod = "POST" | "PUT" | "PATCH";
export type BodyType = "json" | "form-data" | "text";

/** `info` of the bazaar extension, for HTTP endpoints. */
export interface X402BazaarInfo {
  input:
    | {
        type: "http";
        method: QueryMethod;
        queryParams?: Json;
        pathParams?: Json;
        headers?: Record<string, string>;
      }
    | {
        type: "http";
        method: BodyMethod;
        bodyType: BodyType;
        body: Json;
        queryParams?: Json;
        pathParams?: Json;
        headers?: Record<string, string>;
      };
  output?: { type: string; format?: string; example?: unknown };
}

/** `extensions.bazaar`: the info and the JSON Schema (draft 2020-12) that validates it. */
export interface X402BazaarExtension {
  info: X402BazaarInfo;
  schema: Json;
  /** The route's template when it has path parameters (`/users/:id`). */
  routeTemplate?: string;
}

/** What a merchant declares about a paid endpoint for discovery. */
export interface BazaarDeclaration {
  /** HTTP method; default GET. */
  method?: string;
  /** Example query parameters (GET/HEAD/DELETE) or request body (POST/PUT/PATCH). */
  input?: Json;
  /** JSON Schema of the query parameters or body (`properties`, `required`). */
  inputSchema?: Json;
  /** Body encoding for body methods, default `json`. */
  bodyType?: BodyType;
  /** Example answer and its JSON Schema. */
  output?: { example?: unknown; schema?: Json };
}

const BODY_METHODS: readonly string[] = ["POST", "PUT", "PATCH"];
const QUERY_METHODS: readonly string[] = ["GET", "HEAD", "DELETE"];

/** Whether a method carries a body in the Bazaar's terms (POST, PUT, PATCH). */
export const isBodyMethod = (method: string): method is BodyMethod => BODY_METHODS.includes(method);

/**
 * The bazaar extension for an HTTP endpoint, as the spec's examples give it: `info.input` with
 * `type: "http"`, the method, and the example query or body; `info.output` (`type: "json"`) when
 * an example answer is declared; `schema` validating `info`.
 */
export function declareBazaar(declaration: BazaarDeclaration = {}): X402BazaarExtension {
  const method = (declaration.method ?? "GET").toUpperCase();
  if (!isBodyMethod(method) && !QUERY_METHODS.includes(method))
    throw new TypeError(`bazaar: method ${method} is not one of GET, HEAD, DELETE, POST, PUT, PATCH`);
  const example = declaration.input ?? {};
  const paramsSchema = { type: "object", ...(declaration.inputSchema ?? {}) };
  const output =
    declaration.output?.example !== undefined
      ? { type: "json", example: declaration.output.example }
      : undefined;
  const outputSchema = output
    ? {
        output: {
          type: "object",
          properties: {
            type: { type: "string" },
            example: { type: "object", ...(declaration.output?.schema ?? {}) },
          },
          required: ["type"],
        },
      }
    : {};
  const outputInfo = output ? { output } : {};
  /** `schema` validating `info`: the input's own properties and required keys, and the output's. */
  const schemaOf = (properties: Record<string, unknown>, required: string[]) => ({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      input: {
        type: "object",
        properties: { type: { type: "string", const: "http" }, ...properties },
        required: ["type", "method", ...required],
        additionalProperties: false,
      },
      ...outputSchema,
    },
    required: ["input"],
  });
  if (isBodyMethod(method)) {
    const bodyType = declaration.bodyType ?? "json";
    return {
      info: { input: { type: "http", method, bodyType, body: example }, ...outputInfo },
      schema: schemaOf(
        {
          method: { type: "string", enum: BODY_METHODS },
          bodyType: { type: "string", enum: ["json", "form-data", "text"] },
          body: paramsSchema,
        },
        ["bodyType", "body"],
      ),
    };
  }
  return {
    info: { input: { type: "http", method: method as QueryMethod, queryParams: example }, ...outputInfo },
    schema: schemaOf({ method: { type: "string", enum: QUERY_METHODS }, queryParams: paramsSchema }, []),
  };
}

/** The `resource` of a manifest item: the v2 resource, with the Bazaar's optional service metadata. */
export interface X402DiscoveryResource {
  url: string;
  description: string;
  mimeType: string;
  serviceName?: string;
  tags?: string[];
}

/** An `accepts[]` entry as discovery lists it: the terms, not a payable single-use requirement. */
export type X402DiscoveryAccept = Omit<X402AcceptV2, "extra"> & {
  extra: Omit<X402Extra, "nonce" | "expiresAt">;
};

/** One paid endpoint of a `/.well-known/x402` manifest. */
export interface X402DiscoveryItem {
  resource: X402DiscoveryResource;
  type: "http";
  /** Advisory, without the per-request nonce and expiry: the live 402 is authoritative. */
  accepts: X402DiscoveryAccept[];
  input: {
    method: string;
    routeTemplate?: string;
    queryParams?: Json;
    body?: Json;
    bodyType?: string;
  };
  output?: { mimeType?: string; example?: unknown; schema?: Json };
  /** Extension keys a caller must satisfy (e.g. a required `payment-identifier`). */
  requires?: string[];
}

/** The per-origin manifest at `/.well-known/x402` (and `/.well-known/x402.json`). */
export interface X402DiscoveryManifest {
  x402Version: 2;
  /** Unix seconds. */
  lastUpdated: number;
  items: X402DiscoveryItem[];
}
