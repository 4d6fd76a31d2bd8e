/**
 * Generates `protocol/src/api-types.ts`, the API object types, from the OpenAPI document the server
 * serves at `GET /v1/openapi.json`. The document is built in process (an in-memory database, no
 * port), turned into TypeScript by openapi-typescript and formatted by the repository's Biome, so
 * the committed file is exactly what this produces. `src/http/api-types.test.ts` fails when it is not.
 *
 *   pnpm --filter @spay/server generate:api-types
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { createApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { createDeps } from "../src/server.ts";

export const REGENERATE_COMMAND = "pnpm --filter @spay/server generate:api-types";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the generated types live, relative to the repository root (also Biome's file path). */
export const API_TYPES_PATH = "protocol/src/api-types.ts";
export const apiTypesFile = path.join(repoRoot, API_TYPES_PATH);

const HEADER = `/**
 * GENERATED FILE — DO NOT EDIT. The sPay API's object types, generated from the server's OpenAPI
 * document (GET /v1/openapi.json) by openapi-typescript. To regenerate after changing a route or
 * schema: ${REGENERATE_COMMAND}
 */
`;

/** The document a server with default settings serves, built without listening on a port. */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await migrateToLatest(database.db);
    const app = createApp(await createDeps(database.db, loadConfig({})));
    const res = await app.request("/v1/openapi.json");
    if (res.status !== 200) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
    return (await res.json()) as OpenAPI3;
  } finally {
    await database.close();
  }
}

/** The contents `protocol/src/api-types.ts` must have for `document`. */
export async function renderApiTypes(document: OpenAPI3): Promise<string> {
  const source = HEADER + astToString(await openapiTS(document));
  return formatWithBiome(source);
}

export async function generateApiTypes(): Promise<string> {
  return renderApiTypes(await buildOpenApiDocument());
}

/** Formats (and applies safe fixes to) `source` as Biome would the committed file. */
function formatWithBiome(source: string): Promise<string> {
  const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [biome, "check", "--write", `--stdin-file-path=${API_TYPES_PATH}`],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`biome could not format the generated types: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(source);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(apiTypesFile, await generateApiTypes());
  console.log(`wrote ${API_TYPES_PATH}`);
}
