import { describe, expect, it } from "vitest";
import { curlExample, exampleValue } from "./curl.ts";
import { endpointsByTag, type OpenApiDocument, typeLabel } from "./openapi.ts";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/v1/things/{id}": {
      get: {
        tags: ["Things"],
        security: [{ bearerAuth: [] }],
        parameters: [{ name: "id", in: "path", required: true }],
      },
      post: {
        tags: ["Things"],
        security: [{ bearerAuth: [] }],
        parameters: [{ name: "idempotency-key", in: "header" }],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
      },
    },
    "/fx": { get: { tags: ["Public"] } },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["amount_minor", "asset", "email"],
        properties: {
          amount_minor: { type: "integer", minimum: 1 },
          asset: { type: "string", enum: ["sbtc", "usdc"] },
          email: { type: ["string", "null"] },
          note: { type: "string" },
          name: { type: "string", example: "it's" },
        },
      },
    },
  },
};

describe("API reference generation", () => {
  it("groups endpoints by tag in document order", () => {
    const groups = endpointsByTag(doc);
    expect([...groups.keys()]).toEqual(["Things", "Public"]);
    expect(groups.get("Things")?.map((e) => e.id)).toEqual(["get-v1-things-id", "post-v1-things-id"]);
  });

  it("labels types: refs, enums, nullable unions and arrays", () => {
    expect(typeLabel(doc, { $ref: "#/components/schemas/Thing" })).toBe("Thing");
    expect(typeLabel(doc, { enum: ["sbtc", "usdc"] })).toBe('"sbtc" | "usdc"');
    expect(typeLabel(doc, { type: ["string", "null"] })).toBe("string | null");
    expect(typeLabel(doc, { type: "array", items: { type: "integer" } })).toBe("integer[]");
  });

  it("builds example bodies from required fields, enums and minimums", () => {
    expect(exampleValue(doc, { $ref: "#/components/schemas/Thing" })).toEqual({
      amount_minor: 1,
      asset: "sbtc",
      email: "buyer@example.com",
    });
  });

  it("writes a curl command with auth, idempotency key, path placeholders and a shell-quoted body", () => {
    const [get, post] = endpointsByTag(doc).get("Things") ?? [];
    if (!get || !post) throw new Error("missing endpoints");
    expect(curlExample(doc, get, "http://localhost:8787")).toBe(
      'curl -s "http://localhost:8787/v1/things/$ID" \\\n  -H "Authorization: Bearer $SPAY_SECRET_KEY"',
    );
    const withName = { ...doc.components?.schemas?.Thing, required: ["name"] };
    const quoted = curlExample(
      { ...doc, components: { schemas: { Thing: withName } } },
      post,
      "http://localhost:8787",
    );
    expect(quoted).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(quoted).toContain(`-d '{"name":"it'\\''s"}'`);
    const publicEndpoint = endpointsByTag(doc).get("Public")?.[0];
    if (publicEndpoint) expect(curlExample(doc, publicEndpoint, "http://x")).toBe('curl -s "http://x/fx"');
  });
  it("sends a file's bytes for an upload whose body is a file, not JSON", () => {
    const upload: OpenApiDocument = {
      ...doc,
      paths: {
        "/v1/things/{id}/image": {
          post: {
            tags: ["Things"],
            security: [{ bearerAuth: [] }],
            requestBody: { content: { "application/octet-stream": { schema: { type: "string" } } } },
          },
        },
      },
    };
    const [post] = endpointsByTag(upload).get("Things") ?? [];
    if (!post) throw new Error("missing endpoint");
    expect(curlExample(upload, post, "http://localhost:8787")).toBe(
      'curl -s -X POST "http://localhost:8787/v1/things/$ID/image" \\\n  -H "Authorization: Bearer $SPAY_SECRET_KEY" \\\n  -H "Content-Type: image/jpeg" \\\n  --data-binary @photo.jpg',
    );
  });
});
