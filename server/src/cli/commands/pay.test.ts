import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMerchantAccount,
  gatewayCall,
  type MerchantAccount,
  type RunningGateway,
  startGateway,
} from "../../../test/gateway.ts";
import { runSpay } from "../run-spay.ts";

let gateway: RunningGateway;
let merchant: MerchantAccount;
beforeAll(async () => {
  gateway = await startGateway();
  merchant = await createMerchantAccount(gateway.url);
}, 240_000); // a devnet on the real Clarity VM boots slowly on a busy machine
afterAll(async () => {
  await gateway?.close();
});

describe("spay pay", () => {
  it("pays with a publishable key and the client secret (intent made with the secret key); --wait prints each status on stderr until settled", async () => {
    const intent = await gatewayCall(
      gateway.url,
      "POST",
      "/v1/payment_intents",
      { amount_minor: 1200 },
      merchant.sk,
    );
    const { code, stdout, stderr } = await runSpay([
      "pay",
      intent.client_secret,
      "--key",
      merchant.pk,
      "--wait",
      "--api",
      gateway.url,
      "--chain",
      gateway.devnetUrl,
    ]);
    expect(stderr).not.toMatch(/^error:/m);
    expect(code).toBe(0);
    // What scripts and docs read stays on stdout, as before --wait existed.
    expect(stdout).toMatch(/^Broadcast (0x)?[0-9a-f]{64}\n {2}\d+ units from S\w+ \(wallet_1\)\n/);
    expect(stdout).toContain(`Follow it: GET ${gateway.url}/v1/payment_intents/${intent.id}\n`);
    expect(stdout).toContain(`Settled: ${intent.id} is payment_settled`);
    const progress = stderr.trim().split("\n");
    expect(progress.slice(0, 4)).toEqual([
      "Fetching the payment intent…",
      expect.stringMatching(/^Signing a transfer of \d+ units…$/),
      "Broadcasting the transfer to the chain…",
      expect.stringMatching(/^Reporting txid (0x)?[0-9a-f]{64} to sPay…$/),
    ]);
    const statuses = progress.slice(4);
    expect(statuses.at(-1)).toBe("Status: payment_settled (Paid)");
    expect(new Set(statuses).size).toBe(statuses.length);
  }, 180_000);
});
