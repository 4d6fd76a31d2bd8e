import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BaseSequencer } from "vitest/node";
import { heavyFirst } from "../scripts/lib/heavy-first-sequencer.ts";

/**
 * Three projects (docs/testing.md has the why):
 *
 * - **unit**: files that never open a database (money, ids, signatures, config, the built server's
 *   start…) run once.
 * - **postgres**: with DATABASE_URL (or SPAY_TEST_DATABASE_URL) set, every file that opens a
 *   database runs on that PostgreSQL server, each file in a private database.
 * - **pglite**: the embedded engine. Without PostgreSQL it runs every database file. With it, it
 *   runs the files whose outcome depends on the engine — see {@link ENGINE_SENSITIVE}.
 */
const postgresUrl = process.env.SPAY_TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const ALL = "src/**/*.test.ts";

/**
 * A file opens a database when it starts the gateway through the harness, the fault kit or the
 * gateway process helpers. The harness refuses to open one in the unit project, so a file this
 * misses fails loudly instead of silently running on one engine only.
 */
const OPENS_DATABASE =
  /\b(startTestApi|startFaultStack|startGateway|openDatabase|openMigrationDatabase|startServer|spawnServer|spawnLoggedServer)\b/;
const databaseFiles = globSync(ALL, { cwd: import.meta.dirname }).filter((file) =>
  OPENS_DATABASE.test(readFileSync(new URL(file, import.meta.url), "utf8")),
);

/**
 * What PGlite runs when PostgreSQL runs everything. Both engines execute the same SQL on the same
 * PostgreSQL code; what differs is ours and PGlite's: the driver (src/db/pglite-dialect.ts — one
 * connection behind a FIFO lock, affected-row counts, value parsing by type), the error codes it
 * raises, and its in-process LISTEN. These files go through each of those:
 */
const ENGINE_SENSITIVE = [
  // Every route's statements and the values they read back (ints, numerics, times, JSON, arrays).
  "src/routes/**/*.test.ts",
  // Every OpenAPI operation, and the conventions every answer follows.
  "src/http/authorization-matrix.test.ts",
  "src/http/conventions.test.ts",
  // Unique violations (23505) raised through PGlite, transactions replayed on one connection.
  "src/http/idempotency.test.ts",
  "src/attacks/idempotency-replay.test.ts",
  // LISTEN/NOTIFY in process: pushed streams, key revocation, workers woken by a change.
  "src/services/change-feed.test.ts",
  "src/services/key-cache.test.ts",
  "src/services/webhooks/worker-wakeup.test.ts",
  // Row locks and leased outbox claims (FOR UPDATE [SKIP LOCKED]) on a single connection.
  "src/services/settlement/*.test.ts",
  "src/services/webhooks/webhooks.test.ts",
  "src/services/mail/mail.test.ts",
];

/**
 * Files under those patterns that are about something else than the engine: passkey ceremonies in
 * Chromium (their statements are the passkey routes' own, which run on both engines in the routes'
 * API tests).
 */
const ENGINE_INSENSITIVE = ["src/routes/**/*.browser.test.ts"];

/**
 * Files that run a devnet in process share nothing between files: the Clarity VM's WASM memory
 * belongs to its module, and devnets opened one after another in one module graph exhaust it
 * ("memory access out of bounds" after a dozen files). These keep a fresh module graph per file.
 */
const RUNS_DEVNET = /@spay\/devnet|fault-kit|startGateway/;
const devnetFiles = databaseFiles.filter((file) =>
  RUNS_DEVNET.test(readFileSync(new URL(file, import.meta.url), "utf8")),
);

/** Each database project migrates one database; every test file starts from a copy of it. */
const globalSetup = ["./test/database-template.ts"];

/**
 * One engine's files, as two projects: those that run a devnet (isolated per file) and the rest.
 * The devnet files are listed first: they are the long ones, and files start in project order.
 */
function engine(
  name: "pglite" | "postgres",
  include: string[],
  env: Record<string, string>,
  skip: string[] = [],
) {
  const projects: TestProjectInlineConfiguration[] = [
    {
      extends: true,
      test: {
        name: `${name}+devnet`,
        include,
        exclude: [...databaseFiles.filter((f) => !devnetFiles.includes(f)), ...skip],
        env,
        globalSetup,
        isolate: true,
      },
    },
    { extends: true, test: { name, include, exclude: [...devnetFiles, ...skip], env, globalSetup } },
  ];
  return projects;
}

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: "unit", include: [ALL], exclude: databaseFiles, env: { SPAY_TEST_DB: "none" } },
};

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share one module graph per worker: importing the app costs 1–3 s a file otherwise. No
    // file keeps state in a module that another could see (each opens its own database and app).
    isolate: false,
    // vitest's default on 2 cores is one worker; database files wait on I/O half the time.
    maxWorkers: 2,
    sequence: { sequencer: heavyFirst(BaseSequencer) },
    projects: [
      unit,
      ...(postgresUrl
        ? [
            ...engine("postgres", databaseFiles, {
              SPAY_TEST_DB: "postgres",
              SPAY_TEST_DATABASE_URL: postgresUrl,
            }),
            ...engine("pglite", ENGINE_SENSITIVE, { SPAY_TEST_DB: "pglite" }, ENGINE_INSENSITIVE),
          ]
        : engine("pglite", databaseFiles, { SPAY_TEST_DB: "pglite" })),
    ],
  },
});
