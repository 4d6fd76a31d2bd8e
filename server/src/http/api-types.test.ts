import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  API_TYPES_PATH,
  apiTypesFile,
  buildOpenApiDocument,
  REGENERATE_COMMAND,
  renderApiTypes,
} from "../../scripts/generate-api-types.ts";

// The document does not depend on the database: checked once, in the PGlite project.
describe.skipIf(process.env.SPAY_TEST_DB === "postgres")(
  "protocol/src/api-types.ts (the API object types)",
  () => {
    it("is exactly what the generator produces from the OpenAPI document the server serves now", async () => {
      const document = await buildOpenApiDocument();
      expect(Object.keys(document.components?.schemas ?? {})).toContain("PaymentIntent");
      const expected = await renderApiTypes(document);
      const committed = await readFile(apiTypesFile, "utf8");
      // Not toBe: a 7,000-line diff would bury the one instruction that matters.
      if (committed !== expected) {
        const lines = committed.split("\n");
        const at = expected.split("\n").findIndex((line, i) => line !== lines[i]);
        expect.fail(
          `${API_TYPES_PATH} is stale: run ${REGENERATE_COMMAND} (first difference at line ${at + 1})`,
        );
      }
    });
  },
);
