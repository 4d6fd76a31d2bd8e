import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerListenCommand } from "./commands/listen.ts";
import { registerPayCommand } from "./commands/pay.ts";
import { registerVerifyWalletCommand } from "./commands/verify-wallet.ts";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** Commander's messages (and its "Did you mean …?" hint) as one line each, as every CLI error is. */
export function oneLine(text: string): string {
  return `${text.replace(/\s*\n\s*/g, " ").trim()}\n`;
}

/** The `spay` program: each command registers itself; settings set here are inherited by them. */
export function createSpayProgram(): Command {
  const program = new Command("spay")
    .description(
      "sPay on the command line: pay intents from devnet accounts, forward events, verify wallets.",
    )
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "print help")
    .helpCommand("help [command]", "print help for a command")
    .showSuggestionAfterError()
    .configureOutput({ outputError: (text, write) => write(oneLine(text)) });
  registerPayCommand(program);
  registerListenCommand(program);
  registerVerifyWalletCommand(program);
  return program;
}
