import { existsSync } from "node:fs";

/**
 * Runs a file of the built server (`dist/<file>`). In a clone nothing is built until
 * `pnpm --filter @spay/server build` (or `pnpm start`) runs, so say that instead of Node's
 * module-not-found trace; an installed package always ships dist/.
 */
export async function runBuilt(file) {
  const entry = new URL(`../dist/${file}`, import.meta.url);
  if (!existsSync(entry)) {
    console.error(
      `sPay: @spay/server is not built (no dist/${file}); run \`npx -y pnpm@9 --filter @spay/server build\` first`,
    );
    process.exit(1);
  }
  await import(entry.href);
}
