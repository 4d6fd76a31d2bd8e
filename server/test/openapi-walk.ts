/**
 * Helpers for tests that walk every operation of the served OpenAPI document: list the operations
 * and build a minimal request body that satisfies an operation's JSON schema, so a test can reach
 * the authorization and business logic behind the validator.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are arbitrary JSON.
type Schema = any;

export interface OpenApiOperation {
  method: string;
  /** The templated path, e.g. `/v1/products/{id}`. */
  path: string;
  /** Whether the operation declares `security` (needs a credential). */
  secured: boolean;
  requestSchema: Schema | undefined;
  queryParams: { name: string; required: boolean; schema: Schema }[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

export function listOperations(doc: OpenApiDocument): OpenApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      secured: Array.isArray(op.security) && op.security.length > 0,
      requestSchema: op.requestBody?.content?.["application/json"]?.schema,
      queryParams: ((op.parameters ?? []) as Schema[])
        .filter((p) => p.in === "query")
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
    })),
  );
}

/** Values for `pattern`-constrained strings the generator cannot invent. */
const PATTERN_SAMPLES: [RegExp, string][] = [
  [/0-9a-f.*64|a-f0-9.*64|\{64\}/i, "ab".repeat(32)],
  [/S\[?[PMTN]/, "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM"],
];

/**
 * A small instance of `schema`: required properties only, the first enum value, the minimum of
 * numbers, minimum-length strings (formats and known patterns honoured).
 */
export function sampleFromSchema(schema: Schema, doc: OpenApiDocument, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (schema.$ref) {
    const name = String(schema.$ref).split("/").pop() as string;
    return sampleFromSchema(doc.components?.schemas?.[name], doc, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s: Schema) => sampleFromSchema(s, doc, depth + 1)));
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const nonNull = alternatives.find((s: Schema) => s.type !== "null") ?? alternatives[0];
    return sampleFromSchema(nonNull, doc, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
    case undefined: {
      if (!schema.properties) return type === "object" ? {} : null;
      const out: Record<string, unknown> = {};
      for (const key of (schema.required ?? []) as string[]) {
        out[key] = sampleFromSchema(schema.properties[key], doc, depth + 1);
      }
      return out;
    }
    case "array": {
      const item = sampleFromSchema(schema.items, doc, depth + 1);
      return Array.from({ length: schema.minItems ?? 0 }, () => item);
    }
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(schema.maximum ?? 100, 100));
    }
    case "boolean":
      return true;
    case "string": {
      if (schema.format === "email") return "someone@example.com";
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/hook";
      if (schema.pattern) {
        const known = PATTERN_SAMPLES.find(([p]) => p.test(schema.pattern));
        if (known) return known[1];
      }
      return "x".repeat(Math.max(schema.minLength ?? 1, 8)).slice(0, schema.maxLength ?? 8);
    }
    default:
      return null;
  }
}

/** Replaces each `{param}` of a templated path with `value(segmentBefore, param)`. */
export function fillPath(path: string, value: (segment: string, param: string) => string): string {
  return path.replace(/\/([^/{}]+)\/\{(\w+)\}/g, (_, segment: string, param: string) => {
    return `/${segment}/${encodeURIComponent(value(segment, param))}`;
  });
}

/** The path segment before an operation's first `{param}` (`products` in `/v1/products/{id}`), if any. */
export function idSegmentOf(path: string): string | undefined {
  return /\/([^/{}]+)\/\{\w+\}/.exec(path)?.[1];
}
