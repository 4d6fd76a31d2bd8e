/**
 * The facilitator scheme against the devnet: payments signed by the client scheme, verified and
 * settled through `@x402/core`'s `x402Facilitator`.
 */
import { ACCOUNTS, type Devnet, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import {
  deserializeTransaction,
  randomPrivateKey,
  type SingleSigSpendingConditionOpts,
} from "@stacks/transactions";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NonceManager } from "../agent/nonce-manager.js";
import { ExactStacksClientScheme } from "./client.js";
import { registerExactStacksFacilitator } from "./register.js";

let devnet: Devnet;
let facilitator: x402Facilitator;
const payer = ACCOUNTS.find((a) => a.name === "wallet_4")!;
const payee = ACCOUNTS.find((a) => a.name === "wallet_7")!;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  facilitator = registerExactStacksFacilitator(new x402Facilitator(), {
    stacksApiUrl: devnet.url,
    waitForConfirmation: true,
    pollIntervalMs: 50,
  });
});
afterAll(async () => {
  await devnet?.stop();
});

function requirement(overrides: Partial<PaymentRequirements> = {}, extra: Record<string, unknown> = {}) {
  return {
    scheme: "exact",
    network: "stacks:2147483648",
    amount: "1000",
    asset: USDC_CONTRACT_ID,
    payTo: payee.address,
    maxTimeoutSeconds: 300,
    ...overrides,
    extra: { nonce: "memo-1", expiresAt: now() + 300, decimals: 6, tokenType: "sip10", ...extra },
  } as PaymentRequirements;
}

/** A payment for `req` signed by the client scheme (its nonce released at once: nothing waits on it). */
async function pay(req: PaymentRequirements, privateKey = payer.privateKey): Promise<PaymentPayload> {
  const client = new ExactStacksClientScheme({
    privateKey,
    stacksApiUrl: devnet.url,
    fee: 3000,
    nonceManager: new NonceManager(),
    answerTimeoutMs: 1,
  });
  const result = await client.createPaymentPayload(2, req);
  return { x402Version: 2, accepted: req, payload: result.payload };
}

async function usdcBalance(address: string): Promise<bigint> {
  const res = await fetch(`${devnet.url}/extended/v1/address/${address}/balances`);
  const body = (await res.json()) as { fungible_tokens: Record<string, { balance: string }> };
  return BigInt(body.fungible_tokens[`${USDC_CONTRACT_ID}::usdc-token`]?.balance ?? "0");
}

describe("ExactStacksFacilitatorScheme", () => {
  it("advertises exact on the Stacks networks it was registered for, with no signers", () => {
    const supported = facilitator.getSupported();
    expect(supported.kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`).sort()).toEqual([
      "v2 exact stacks:1",
      "v2 exact stacks:2147483648",
    ]);
    expect(supported.signers).toEqual({ "stacks:*": [] });
  });

  it("verifies a payment that meets the requirement, naming its payer", async () => {
    const req = requirement();
    expect(await facilitator.verify(await pay(req), req)).toEqual({ isValid: true, payer: payer.address });
  });

  it("refuses a payment held to other terms, each with the reason naming the difference", async () => {
    const req = requirement();
    const payment = await pay(req);
    const reasons = await Promise.all(
      [
        requirement({ amount: "1001" }),
        requirement({ payTo: ACCOUNTS.find((a) => a.name === "wallet_6")!.address }),
        requirement({ asset: "SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token" }),
        requirement({}, { nonce: "memo-2" }),
        requirement({}, { expiresAt: now() - 1 }),
      ].map(
        async (other) => (await facilitator.verify({ ...payment, accepted: other }, other)).invalidReason,
      ),
    );
    expect(reasons).toEqual([
      "amount_mismatch",
      "recipient_mismatch",
      "asset_mismatch",
      "invalid_memo",
      "payment_expired",
    ]);
  });

  it("refuses a transaction whose signature is not its origin's", async () => {
    const req = requirement();
    const payment = await pay(req);
    const wire = deserializeTransaction(payment.payload.transaction as string);
    const condition = wire.auth.spendingCondition as SingleSigSpendingConditionOpts;
    const data = condition.signature.data;
    condition.signature = {
      ...condition.signature,
      data: `${data.slice(0, 10)}${data[10] === "0" ? "1" : "0"}${data.slice(11)}`,
    };
    const verdict = await facilitator.verify({ ...payment, payload: { transaction: wire.serialize() } }, req);
    expect(verdict.invalidReason).toBe("invalid_signature");
  });

  it("refuses a payer who cannot cover the amount", async () => {
    const req = requirement();
    const verdict = await facilitator.verify(await pay(req, randomPrivateKey()), req);
    expect(verdict.invalidReason).toBe("insufficient_funds");
  });

  it("settles: broadcasts, answers once the transfer succeeded, and the same payment cannot settle again", async () => {
    const req = requirement();
    const payment = await pay(req);
    const before = await usdcBalance(payee.address);
    const settled = await facilitator.settle(payment, req);
    expect(settled).toMatchObject({ success: true, network: "stacks:2147483648", payer: payer.address });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(payee.address)).toBe(before + 1000n);

    const again = await facilitator.settle(payment, req);
    expect(again).toMatchObject({ success: false, errorReason: "invalid_nonce" });
  });
});
