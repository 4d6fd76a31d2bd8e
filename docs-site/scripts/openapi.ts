/**
 * Writes the server's OpenAPI document to a file the docs build reads (`OPENAPI_FILE`): starts
 * `@spay/server` on a throw-away embedded database (no devnet, no workers, a random port), asks it
 * for `GET /v1/openapi.json`, and stops it. The API reference is therefore always the document of
 * the code in this checkout, never a copy that can drift.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, startServer } from "@spay/server";
import { OPENAPI_FILE, PUBLIC_API_URL } from "./paths.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "spay-docs-openapi-"));
const server = await startServer(
  loadConfig(
    {},
    {
      port: 0,
      host: "127.0.0.1",
      dataDir,
      devnet: "off",
      watcher: "off",
      fxSource: "fixed:100000",
      publicUrl: PUBLIC_API_URL,
    },
  ),
);
try {
  const res = await fetch(`${server.url}/v1/openapi.json`);
  if (!res.ok) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as { paths?: Record<string, unknown> };
  if (!doc.paths || Object.keys(doc.paths).length === 0) throw new Error("the OpenAPI document has no paths");
  await mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
  await writeFile(OPENAPI_FILE, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`OpenAPI document: ${Object.keys(doc.paths).length} paths → ${OPENAPI_FILE}`);
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
