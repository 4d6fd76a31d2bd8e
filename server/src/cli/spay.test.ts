import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { runSpay } from "./run-spay.ts";

const COMMANDS = ["pay", "listen", "verify-wallet"];
const STACK_FRAME = /^\s+at /m;
const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("spay help", () => {
  it("`spay --help` lists every command with a one-line description, on stdout, exit 0", async () => {
    const { code, stdout } = await runSpay(["--help"]);
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^ {2}${command} .*\\w`, "m"));
  });

  it("`spay` alone prints the same list (to stderr) and exits 1", async () => {
    const { code, stderr } = await runSpay([]);
    expect(code).toBe(1);
    for (const command of COMMANDS) expect(stderr).toMatch(new RegExp(`^ {2}${command} `, "m"));
  });

  it("`spay listen --help` documents its options", async () => {
    const { code, stdout } = await runSpay(["listen", "--help"]);
    expect(code).toBe(0);
    for (const option of ["--forward-to <url>", "--api-key <key>", "--api <url>"])
      expect(stdout).toContain(option);
  });

  it("`spay pay --help` documents its argument and options, defaults included", async () => {
    const { code, stdout } = await runSpay(["pay", "--help"]);
    expect(code).toBe(0);
    for (const option of [
      "<intent>",
      "--key <key>",
      "--account <name>",
      "--amount <units>",
      "--wait",
      "--chain <url>",
    ])
      expect(stdout).toContain(option);
    expect(stdout).toContain('default: "wallet_1"');
  });

  it("`spay --version` prints the server package's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const { code, stdout } = await runSpay(["--version"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(version);
  });
});

describe("spay usage errors: one readable line on stderr, exit 1, no stack", () => {
  it.each([
    ["an unknown command", ["refund", "pi_x"], /^error: unknown command 'refund'$/],
    ["a missing required option", ["pay", "pi_x"], /^error: required option '--key <key>' not specified$/],
    [
      "a missing required argument",
      ["pay", "--key", "sk_test_x"],
      /^error: missing required argument 'intent'$/,
    ],
  ])("%s", async (_, args, message) => {
    const { code, stdout, stderr } = await runSpay(args);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr.trim()).toMatch(message);
    expect(stderr).not.toMatch(STACK_FRAME);
  });
});

describe("spay runtime errors", () => {
  let api: TestApi;
  let served: { url: string; close(): Promise<void> };
  let merchant: Merchant;
  beforeAll(async () => {
    api = await startTestApi();
    served = await api.listen();
    merchant = await setupMerchant(api);
  });
  afterAll(async () => {
    await served?.close();
    await api?.close();
  });

  it("an error answer from the API is one line with its code and message, exit 1", async () => {
    const { code, stderr } = await runSpay([
      "pay",
      "pi_doesnotexist",
      "--key",
      merchant.sk,
      "--api",
      served.url,
    ]);
    expect(code).toBe(1);
    const errors = lines(stderr).filter((l) => l.startsWith("error:"));
    expect(errors).toEqual([
      expect.stringMatching(/^error: \w+: .+ \(GET \/v1\/payment_intents\/pi_doesnotexist → 404\)$/),
    ]);
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it("an unreachable API is one line naming the cause, exit 1", async () => {
    await served.close();
    const { code, stderr } = await runSpay(["pay", "pi_x", "--key", merchant.sk, "--api", served.url]);
    expect(code).toBe(1);
    expect(lines(stderr).filter((l) => l.startsWith("error:"))).toEqual([
      expect.stringMatching(/^error: fetch failed \(.*ECONNREFUSED/),
    ]);
    expect(stderr).not.toMatch(STACK_FRAME);
  });
});
