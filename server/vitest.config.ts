import { defineConfig } from "vitest/config";

/**
 * Every test file runs on embedded PGlite; when DATABASE_URL (or SPAY_TEST_DATABASE_URL) names a
 * PostgreSQL server, the same files run again against it, each in a private schema.
 */
const postgresUrl = process.env.SPAY_TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "pglite", include: ["src/**/*.test.ts"], env: { SPAY_TEST_DB: "pglite" } },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["src/**/*.test.ts"],
                env: { SPAY_TEST_DB: "postgres", SPAY_TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
