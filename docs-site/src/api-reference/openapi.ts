/** The parts of an OpenAPI 3.1 document the reference renders. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  format?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  additionalProperties?: SchemaObject | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
}

export interface ParameterObject {
  name: string;
  in: "query" | "header" | "path" | "cookie";
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; parameters?: Record<string, ParameterObject> };
}

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One endpoint, flattened from the document. */
export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  operation: OperationObject;
}

/** `POST /v1/payment_intents/{id}/submit` → `post-v1-payment-intents-id-submit`. */
export const endpointId = (method: string, path: string): string =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Every endpoint in document order, grouped by its first tag (groups in order of first use). */
export function endpointsByTag(doc: OpenApiDocument): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push({ id: endpointId(method, path), method, path, tag, operation });
      groups.set(tag, list);
    }
  }
  return groups;
}

/** Follows a local `$ref` (`#/components/schemas/X`). */
export function resolveSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): SchemaObject | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, "");
    current = doc.components?.schemas?.[name];
  }
  return current;
}

/** The name a `$ref` points at, for display. */
export const refName = (schema: SchemaObject | undefined): string | null =>
  schema?.$ref ? (schema.$ref.split("/").pop() ?? null) : null;

/** A short type label: `string`, `integer | null`, `"sbtc" | "usdc"`, `PaymentIntent[]`. */
export function typeLabel(doc: OpenApiDocument, schema: SchemaObject | undefined): string {
  if (!schema) return "any";
  const ref = refName(schema);
  if (ref) return ref;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((s) => typeLabel(doc, s)))].join(" | ");
  if (schema.allOf) return schema.allOf.map((s) => typeLabel(doc, s)).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((t) =>
        t === "array"
          ? `${typeLabel(doc, schema.items)}[]`
          : t === "object" && !schema.properties
            ? "object"
            : t,
      )
      .join(" | ") || "any"
  );
}

/** Limits and formats worth showing beside a field's type. */
export function constraints(schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  if (schema.format) out.push(`format: ${schema.format}`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}
