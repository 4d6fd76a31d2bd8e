import { fileURLToPath } from "node:url";

/** Where the build keeps the server's OpenAPI document (a cache, never committed). */
export const OPENAPI_FILE = fileURLToPath(
  new URL("../node_modules/.cache/spay-docs/openapi.json", import.meta.url),
);

/** The API base the docs show: the local gateway `pnpm start` runs. */
export const PUBLIC_API_URL = "http://localhost:8787";
