import type { Command } from "commander";
import { accountOption, apiUrlOption, devnetAccount } from "../options.ts";
import { verifyWallet } from "../verify-wallet.ts";

interface VerifyWalletCommandOptions {
  session: string;
  workspace: string;
  account: string;
  api: string;
}

/** `spay verify-wallet`: the Get Started wallet step from the command line, answering with the test keys. */
export function registerVerifyWalletCommand(program: Command): void {
  program
    .command("verify-wallet")
    .summary("verify a workspace's payout wallet with a devnet key; prints its test keys")
    .description(
      "Verify a workspace's payout wallet by signing the server's challenge with a funded devnet account's key, as the dashboard's Get Started step does with a browser wallet, and print the workspace's test keys.",
    )
    .requiredOption("--session <token>", "session token (sess_…) of a member of the workspace")
    .requiredOption("--workspace <id>", "workspace id (ws_…)")
    // wallet_8 by default: the payout wallet is not the account `spay pay` pays from (wallet_1).
    .addOption(accountOption("devnet account used as the payout wallet", "wallet_8"))
    .addOption(apiUrlOption())
    .action(async (options: VerifyWalletCommandOptions) => {
      const account = devnetAccount(options.account);
      const { address, keys } = await verifyWallet({
        apiUrl: options.api,
        session: options.session,
        workspaceId: options.workspace,
        privateKey: account.privateKey,
      });
      console.log(`Payout wallet ${address} (${account.name}) verified`);
      for (const key of keys)
        console.log(`  ${key.type === "sk" ? "secret key     " : "publishable key"}  ${key.key}`);
    });
}
