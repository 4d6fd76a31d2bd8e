import { type Endpoint, type OpenApiDocument, resolveSchema, type SchemaObject } from "./openapi.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A plausible value for a field, from its example, default, enum or type. */
export function exampleValue(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  name = "",
  depth = 0,
): Json {
  const s = resolveSchema(doc, schema);
  if (!s || depth > 4) return null;
  if (s.example !== undefined) return s.example as Json;
  if (s.default !== undefined) return s.default as Json;
  if (s.enum?.length) return s.enum[0] as Json;
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (variant) return exampleValue(doc, variant, name, depth + 1);
  const type =
    (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type) ??
    (s.properties ? "object" : "string");
  switch (type) {
    case "object": {
      const out: Record<string, Json> = {};
      const props = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      // Required fields, or every field when none is required (small objects read better whole).
      const shown = required.size > 0 ? props.filter(([k]) => required.has(k)) : props.slice(0, 4);
      for (const [key, child] of shown) out[key] = exampleValue(doc, child, key, depth + 1);
      return out;
    }
    case "array":
      return [exampleValue(doc, s.items, name, depth + 1)];
    case "integer":
    case "number":
      return s.minimum !== undefined && s.minimum > 0 ? s.minimum : 1;
    case "boolean":
      return true;
    default:
      if (s.format === "email" || name.includes("email")) return "buyer@example.com";
      if (s.format === "uri" || s.format === "url" || name.endsWith("url"))
        return "https://example.com/webhooks";
      return name || "string";
  }
}

/** Quotes a word for a POSIX shell. */
const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** A curl command for an endpoint: path parameters as placeholders, auth, idempotency and a JSON body. */
export function curlExample(doc: OpenApiDocument, endpoint: Endpoint, baseUrl: string): string {
  const { method, operation } = endpoint;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => `$${name.toUpperCase()}`);
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(exampleValue(doc, p.schema, p.name)))}`)
    .join("&");
  const url = `${baseUrl}${path}${query ? `?${query}` : ""}`;
  const lines = [`curl -s${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${url}"`];
  if (operation.security?.length) lines.push(`-H "Authorization: Bearer $SPAY_SECRET_KEY"`);
  for (const p of operation.parameters ?? []) {
    if (p.in !== "header") continue;
    if (p.name.toLowerCase() === "idempotency-key") lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
    else if (p.required) lines.push(`-H "${p.name}: $${p.name.toUpperCase().replace(/-/g, "_")}"`);
  }
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  if (bodySchema) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(exampleValue(doc, bodySchema)))}`);
  } else if (operation.requestBody?.content?.["application/octet-stream"]) {
    // A file upload: the body is the file's bytes (a product image).
    lines.push(`-H "Content-Type: image/jpeg"`);
    lines.push(`--data-binary @photo.jpg`);
  }
  return lines.join(" \\\n  ");
}
