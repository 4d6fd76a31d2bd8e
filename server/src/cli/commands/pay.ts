import type { Command } from "commander";
import { followIntent } from "../follow-intent.ts";
import {
  accountOption,
  apiUrlOption,
  chainUrlOption,
  devnetAccount,
  parseAtomicUnits,
  parseSeconds,
} from "../options.ts";
import { payIntent } from "../pay.ts";
import { createProgress } from "../progress.ts";

interface PayCommandOptions {
  key: string;
  account: string;
  amount?: bigint;
  api: string;
  chain: string;
  wait?: boolean;
  timeout: number;
}

/**
 * `spay pay`: signs a real SIP-010 transfer from a funded devnet account, broadcasts it, and reports
 * the txid to sPay. Progress goes to stderr, so stdout stays the result a script reads.
 */
export function registerPayCommand(program: Command): void {
  program
    .command("pay")
    .summary("pay a payment intent from a funded devnet account")
    .description(
      "Pay a payment intent from a funded devnet account: sign a SIP-010 transfer with its memo, broadcast it, and report the txid to sPay. It settles within a block or two.",
    )
    .argument(
      "<intent>",
      "the intent's id (pi_…) with a secret key, or its client secret (pi_…_secret_…) with a publishable key",
    )
    .requiredOption("--key <key>", "API key: sk_test_… or pk_test_…")
    .addOption(accountOption("devnet account that pays", "wallet_1"))
    .option("--amount <units>", "pay this many atomic units instead of the amount due", parseAtomicUnits)
    .option("--wait", "wait until the intent is settled (or fails), printing each status")
    .option("--timeout <seconds>", "how long --wait waits", parseSeconds, 120)
    .addOption(apiUrlOption())
    .addOption(chainUrlOption())
    .action(async (intent: string, options: PayCommandOptions) => {
      const account = devnetAccount(options.account);
      const progress = createProgress(process.stderr);
      try {
        const paid = await payIntent({
          apiUrl: options.api,
          chainApiUrl: options.chain,
          apiKey: options.key,
          intentId: intent,
          privateKey: account.privateKey,
          amount: options.amount,
          onProgress: (step) => progress.step(`${step}…`),
        });
        progress.done();
        console.log(
          `Broadcast ${paid.txid}\n  ${paid.amount} units from ${paid.from} (${account.name})\n  Follow it: GET ${options.api}/v1/payment_intents/${paid.intentId}`,
        );
        if (!options.wait) return;
        const status = await followIntent({
          apiUrl: options.api,
          apiKey: options.key,
          intentId: intent,
          timeoutMs: options.timeout * 1000,
          onStatus: (status, label) => progress.step(`Status: ${status} (${label})`),
        });
        progress.done(status === "payment_settled");
        if (status !== "payment_settled") throw new Error(`payment intent ${paid.intentId} ended ${status}`);
        console.log(`Settled: ${paid.intentId} is ${status}`);
      } catch (err) {
        progress.done(false);
        throw err;
      }
    });
}
