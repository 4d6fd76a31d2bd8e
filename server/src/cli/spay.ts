/**
 * `pnpm spay` — command-line helpers for developing against sPay and its devnet.
 *
 *   pnpm spay --help
 *   pnpm spay pay <payment intent id (secret key) | client secret (publishable key)> --key <sk_test_… | pk_test_…> [--account wallet_1] [--amount <atomic units>] [--wait]
 *   pnpm spay listen --forward-to http://localhost:3000/webhooks --api-key sk_test_…
 *   pnpm spay verify-wallet --session sess_… --workspace ws_… [--account wallet_8]
 *
 * Usage mistakes and failures print one line on stderr (the API's code and message, never a
 * stack) and exit 1.
 */
import { errorLine } from "./error-line.ts";
import { createSpayProgram } from "./program.ts";

const program = createSpayProgram();
try {
  await program.parseAsync();
} catch (err) {
  program.error(`error: ${errorLine(err)}`);
}
