import { ACCOUNTS } from "@spay/devnet";
import { InvalidArgumentError, Option } from "commander";

/** `--api`: the sPay API the command talks to. */
export function apiUrlOption(): Option {
  return new Option("--api <url>", "sPay API base URL")
    .env("SPAY_API_URL")
    .default(`http://localhost:${process.env.PORT ?? 8787}`)
    .argParser(parseUrl);
}

/** `--chain`: the Stacks node API transactions are broadcast to (the devnet by default). */
export function chainUrlOption(): Option {
  return new Option("--chain <url>", "Stacks node API the transfer is broadcast to")
    .env("SPAY_STACKS_API_URL")
    .default(`http://localhost:${process.env.DEVNET_PORT ?? 3999}`)
    .argParser(parseUrl);
}

/** `--account`: one of the devnet's funded accounts, by name. */
export function accountOption(description: string, fallback: string): Option {
  return new Option("--account <name>", description).choices(ACCOUNTS.map((a) => a.name)).default(fallback);
}

/** The devnet account a (validated) `--account` names. */
export function devnetAccount(name: string): (typeof ACCOUNTS)[number] {
  const account = ACCOUNTS.find((a) => a.name === name);
  if (!account) throw new InvalidArgumentError(`unknown devnet account ${name}`);
  return account;
}

export function parseUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new InvalidArgumentError("Not an http(s) URL.");
  return value.replace(/\/+$/, "");
}

export function parseAtomicUnits(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("Not a whole number of atomic units.");
  return BigInt(value);
}

export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new InvalidArgumentError("Not a whole number of seconds above 0.");
  return seconds;
}
