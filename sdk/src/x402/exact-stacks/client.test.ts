/**
 * The client scheme against the devnet (a real Clarity VM and Stacks API): what it signs, what it
 * refuses before signing, and how payments from one account take their nonces.
 */
import { ACCOUNTS, type Devnet, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import {
  AuthType,
  Cl,
  type ContractCallPayload,
  deserializeTransaction,
  fetchFeeEstimate,
  PostConditionMode,
  type PostConditionWire,
  randomPrivateKey,
  wireToPostCondition,
} from "@stacks/transactions";
import { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { X402PaymentError } from "../agent/errors.js";
import { NonceManager } from "../agent/nonce-manager.js";
import { privateKeySigner, type X402Signer } from "../agent/signer.js";
import { stacksApi } from "../agent/stacks-api.js";
import { DEFAULT_FEE_MICRO_STX } from "../agent/wrap-fetch.js";
import { type ExactStacksClientOptions, ExactStacksClientScheme } from "./client.js";
import { registerExactStacksScheme } from "./register.js";
import { readSignedTransfer } from "./signed-transfer.js";

let devnet: Devnet;
const payer = ACCOUNTS.find((a) => a.name === "wallet_3")!;
const payee = ACCOUNTS.find((a) => a.name === "wallet_8")!;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
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
    extra: { nonce: "x402-n-1", expiresAt: now() + 300, decimals: 6, tokenType: "sip10", ...extra },
  } as PaymentRequirements;
}

function scheme(options: Partial<ExactStacksClientOptions> = {}) {
  return new ExactStacksClientScheme({
    privateKey: payer.privateKey,
    stacksApiUrl: devnet.url,
    nonceManager: new NonceManager(),
    ...options,
  } as ExactStacksClientOptions);
}

/** The server's answer to the paid request, as `@x402/fetch` hands it to the client. */
function answer(s: ExactStacksClientScheme, payload: PaymentPayload, success: boolean) {
  return s.schemeHooks.onPaymentResponse?.({
    paymentPayload: payload,
    requirements: payload.accepted,
    settleResponse: { success, transaction: "", network: payload.accepted.network },
  });
}

const transactionOf = (payload: { payload: Record<string, unknown> }) =>
  payload.payload.transaction as string;

describe("ExactStacksClientScheme", () => {
  it("signs a SIP-010 transfer of exactly the amount to payTo, memo = extra.nonce, moving nothing else", async () => {
    const s = scheme({ fee: 4000 });
    const req = requirement();
    const result = await s.createPaymentPayload(2, req);
    expect(result.x402Version).toBe(2);
    const facts = readSignedTransfer(transactionOf(result));
    expect(facts).toMatchObject({
      payer: payer.address,
      network: "stacks:2147483648",
      contract: USDC_CONTRACT_ID,
      functionName: "transfer",
      amount: 1000n,
      sender: payer.address,
      recipient: payee.address,
      memo: "x402-n-1",
      fee: 4000n,
      nonce: await stacksApi(devnet.url).possibleNextNonce(payer.address),
    });
    const wire = deserializeTransaction(transactionOf(result));
    expect(wire.postConditionMode).toBe(PostConditionMode.Deny);
    expect(wire.postConditions.values.map((c) => wireToPostCondition(c as PostConditionWire))).toEqual([
      {
        type: "ft-postcondition",
        address: payer.address,
        condition: "eq",
        amount: "1000",
        asset: `${USDC_CONTRACT_ID}::usdc-token`,
      },
    ]);
    await answer(s, { ...result, accepted: req }, false);
  });

  it("a requirement naming a feePayer: a sponsored transfer with fee 0 for the sponsor to co-sign, no fee asked", async () => {
    const sponsor = ACCOUNTS.find((a) => a.name === "wallet_1")!;
    const asked: string[] = [];
    const s = scheme({
      fee: 4000,
      stacksFetch: (input, init) => {
        asked.push(String(input));
        return fetch(input, init);
      },
    });
    const req = requirement({}, { feePayer: sponsor.address });
    const result = await s.createPaymentPayload(2, req);
    const wire = deserializeTransaction(transactionOf(result));
    expect(wire.auth.authType).toBe(AuthType.Sponsored);
    expect(wire.auth.spendingCondition.fee).toBe(0n);
    wire.verifyOrigin();
    expect(wire.auth.spendingCondition.nonce).toBe(
      await stacksApi(devnet.url).possibleNextNonce(payer.address),
    );
    const call = wire.payload as ContractCallPayload;
    expect(call.functionArgs).toEqual([
      Cl.uint(1000),
      Cl.principal(payer.address),
      Cl.principal(payee.address),
      Cl.some(Cl.bufferFromUtf8("x402-n-1")),
    ]);
    expect(wire.postConditionMode).toBe(PostConditionMode.Deny);
    expect(wire.postConditions.values).toHaveLength(1);
    expect(asked.filter((url) => url.includes("/v2/fees/"))).toEqual([]);
    await answer(s, { ...result, accepted: req }, false);

    // Without a feePayer, the same scheme pays its own fee.
    const own = deserializeTransaction(
      transactionOf(await scheme({ fee: 4000, answerTimeoutMs: 1 }).createPaymentPayload(2, requirement())),
    );
    expect(own.auth.authType).toBe(AuthType.Standard);
    expect(own.auth.spendingCondition.fee).toBe(4000n);
  });

  it("asks the Stacks API for the fee by default, within maxFee", async () => {
    const hex = transactionOf(await scheme({ answerTimeoutMs: 1 }).createPaymentPayload(2, requirement()));
    const devnetEstimate = await fetchFeeEstimate({
      transaction: deserializeTransaction(hex),
      network: "testnet",
      client: { baseUrl: devnet.url },
    });
    expect(readSignedTransfer(hex).fee).toBe(BigInt(devnetEstimate));
    expect(BigInt(devnetEstimate)).not.toBe(DEFAULT_FEE_MICRO_STX);
    const capped = readSignedTransfer(
      transactionOf(await scheme({ maxFee: 7, answerTimeoutMs: 1 }).createPaymentPayload(2, requirement())),
    );
    expect(capped.fee).toBe(7n);
  });

  it("refuses, before signing, an amount above the x402Client's spend cap", async () => {
    let signed = 0;
    const inner = privateKeySigner(payer.privateKey);
    const signer: X402Signer = {
      getPublicKey: () => inner.getPublicKey(),
      signTransaction: (tx, request) => {
        signed++;
        return inner.signTransaction(tx, request);
      },
    };
    const s = scheme({ signer, privateKey: undefined });
    const refused = await s
      .createPaymentPayload(2, requirement(), { maxAmountPerPayment: "999" })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(X402PaymentError);
    expect(refused.code).toBe("amount_exceeds_max");
    expect(signed).toBe(0);
  });

  it("refuses an expired requirement, a non-Stacks network, a payee on another network and a nonce too long for a memo", async () => {
    const s = scheme();
    const reasons = await Promise.all(
      [
        requirement({}, { expiresAt: now() - 1 }),
        requirement({ network: "eip155:8453" }),
        requirement({ payTo: "SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7" }),
        requirement({}, { nonce: "n".repeat(35) }),
      ].map((r) =>
        s.createPaymentPayload(2, r).then(
          () => "paid",
          (e: X402PaymentError) => e.code,
        ),
      ),
    );
    expect(reasons).toEqual(["no_payable_offer", "no_payable_offer", "no_payable_offer", "no_payable_offer"]);
  });

  it("names the USDC contracts it knows for x402Client's USD spend cap, so a $2 payment is refused by default", async () => {
    const s = scheme();
    expect(s.findDefaultAsset(USDC_CONTRACT_ID, "stacks:2147483648")).toEqual({
      asset: USDC_CONTRACT_ID,
      decimals: 6,
      symbol: "USDC",
    });
    expect(
      s.findDefaultAsset("SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token", "stacks:1"),
    ).toBeUndefined();
    const client = registerExactStacksScheme(new x402Client(), {
      privateKey: payer.privateKey,
      stacksApiUrl: devnet.url,
    });
    const required: PaymentRequired = {
      x402Version: 2,
      resource: { url: "http://api.test/paid" },
      accepts: [requirement({ amount: "2000000" })],
    };
    await expect(client.createPaymentPayload(required)).rejects.toThrow(/spendControls.maxAmountPerPayment/);
  });

  it("through x402Client, a payment waits for the previous one's answer and takes the next nonce; a refused one frees its nonce", async () => {
    const client = registerExactStacksScheme(new x402Client(), {
      privateKey: payer.privateKey,
      stacksApiUrl: devnet.url,
      fee: 3000,
      nonceManager: new NonceManager(),
    });
    const required: PaymentRequired = {
      x402Version: 2,
      resource: { url: "http://api.test/paid" },
      accepts: [requirement()],
    };
    const chainNonce = await stacksApi(devnet.url).possibleNextNonce(payer.address);
    const first = await client.createPaymentPayload(required);
    let secondDone = false;
    const second = client.createPaymentPayload(required).then((p) => {
      secondDone = true;
      return p;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(secondDone).toBe(false);
    await client.handlePaymentResponse({
      paymentPayload: first,
      requirements: first.accepted,
      settleResponse: { success: true, transaction: "0x01", network: first.accepted.network },
    });
    const secondPayload = await second;
    expect(readSignedTransfer(transactionOf(first)).nonce).toBe(chainNonce);
    expect(readSignedTransfer(transactionOf(secondPayload)).nonce).toBe(chainNonce + 1n);

    // The server refused the second payment and it never reached the chain: the next payment
    // resyncs from the chain's nonce.
    await client.handlePaymentResponse({
      paymentPayload: secondPayload,
      requirements: secondPayload.accepted,
    });
    const third = await client.createPaymentPayload(required);
    expect(readSignedTransfer(transactionOf(third)).nonce).toBe(chainNonce);
    await client.handlePaymentResponse({ paymentPayload: third, requirements: third.accepted });
  });

  it("refuses an unusable key or fee when it is made", () => {
    expect(() => new ExactStacksClientScheme({ privateKey: "not-a-key" })).toThrow(/privateKey/);
    expect(() => new ExactStacksClientScheme({ privateKey: randomPrivateKey(), fee: "-1" })).toThrow(/fee/);
  });
});
