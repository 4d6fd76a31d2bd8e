import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { createSpayProgram } from "./program.ts";

/** Parses argv in-process, capturing what the program writes instead of exiting. */
async function parse(args: string[]) {
  const program = createSpayProgram();
  const written = { out: "", err: "" };
  for (const command of [program, ...program.commands])
    command.exitOverride().configureOutput({
      writeOut: (text) => {
        written.out += text;
      },
      writeErr: (text) => {
        written.err += text;
      },
    });
  const error = await program.parseAsync(args, { from: "user" }).then(
    () => undefined,
    (err: unknown) => err,
  );
  return { ...written, exitCode: error instanceof CommanderError ? error.exitCode : undefined };
}

describe("spay argument rules (in-process)", () => {
  it.each([
    [
      "a mistyped command gets a suggestion",
      ["pya", "pi_x"],
      "error: unknown command 'pya' (Did you mean pay?)",
    ],
    [
      "an unknown option",
      ["pay", "pi_x", "--key", "sk_test_x", "--bogus"],
      "error: unknown option '--bogus'",
    ],
    [
      "an amount that is not whole atomic units",
      ["pay", "pi_x", "--key", "sk_test_x", "--amount", "1.5"],
      "error: option '--amount <units>' argument '1.5' is invalid. Not a whole number of atomic units.",
    ],
    [
      "a --wait timeout of zero",
      ["pay", "pi_x", "--key", "sk_test_x", "--timeout", "0"],
      "error: option '--timeout <seconds>' argument '0' is invalid. Not a whole number of seconds above 0.",
    ],
    [
      "a forward URL that is not http(s)",
      ["listen", "--forward-to", "ftp://example.com", "--key", "sk_test_x"],
      "error: option '--forward-to <url>' argument 'ftp://example.com' is invalid. Not an http(s) URL.",
    ],
    [
      "listen without either key option",
      ["listen", "--forward-to", "http://127.0.0.1:3000"],
      "error: required option '--api-key <key>' not specified",
    ],
  ])("%s → one line, exit 1", async (_, args, line) => {
    const { err, exitCode } = await parse(args);
    expect(exitCode).toBe(1);
    expect(err).toBe(`${line}\n`);
  });

  it("an account that is not a funded devnet account lists the ones that are", async () => {
    const { err, exitCode } = await parse([
      "verify-wallet",
      "--session",
      "s",
      "--workspace",
      "w",
      "--account",
      "bob",
    ]);
    expect(exitCode).toBe(1);
    expect(err).toMatch(
      /^error: option '--account <name>' argument 'bob' is invalid\. Allowed choices are .*wallet_8.*\n$/,
    );
  });

  it("every command has a one-line summary and documents each option", () => {
    for (const command of createSpayProgram().commands) {
      expect(command.summary(), command.name()).toMatch(/^[^\n]{10,80}$/);
      for (const option of command.options) expect(option.description, option.flags).not.toBe("");
    }
  });
});
