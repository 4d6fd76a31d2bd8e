import { loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

const config = loadConfig();
const server = await startServer(config);
const storage = config.databaseUrl
  ? `PostgreSQL (${new URL(config.databaseUrl).host})`
  : `PGlite in ${config.dataDir}`;
console.log(
  [
    "",
    "  sPay is running",
    `  API            ${server.url}/v1`,
    `  OpenAPI        ${server.url}/v1/openapi.json`,
    `  Health         ${server.url}/health`,
    `  Storage        ${storage}`,
    `  Chain          ${config.chain}`,
    "",
  ].join("\n"),
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
