import {
  decodeX402Header,
  encodeX402Header,
  toSpecRequirements,
  toV1,
  X402_HEADERS,
  type X402Form,
  type X402PaymentRequiredV2,
} from "@spay/protocol/x402";
import {
  AuthType,
  addressToString,
  Cl,
  type ContractCallPayload,
  deserializeTransaction,
  getAddressFromPrivateKey,
  PostConditionMode,
  randomPrivateKey,
  sponsorTransaction,
} from "@stacks/transactions";
import { describe, expect, it, vi } from "vitest";
import { X402PaymentError } from "./errors.js";
import { NonceManager } from "./nonce-manager.js";
import { getPayment, getPaymentReceipt } from "./payment-record.js";
import { privateKeySigner, type X402Signer } from "./signer.js";
import type { StacksApi } from "./stacks-api.js";
import { wrapFetchWithPayment, type X402AgentOptions } from "./wrap-fetch.js";

const USDC = "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM.usdc";
const PAY_TO = "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG";
const NONCE = "0123456789abcdef0123456789abcdef";
const URL_PAID = "https://api.example/paid";
const payerKey = randomPrivateKey();
const PAYER = getAddressFromPrivateKey(payerKey, "testnet");

/** One expiry for every offer of this file: offers built a second apart must still compare equal. */
const EXPIRES_AT = Math.floor(Date.now() / 1000) + 600;

function requirements(amount = "1000"): X402PaymentRequiredV2 {
  return {
    x402Version: 2,
    resource: { url: URL_PAID, description: "one call", mimeType: "application/json" },
    accepts: [
      {
        scheme: "exact",
        network: "stacks:2147483648",
        amount,
        asset: USDC,
        payTo: PAY_TO,
        maxTimeoutSeconds: 300,
        extra: {
          nonce: NONCE,
          expiresAt: EXPIRES_AT,
          decimals: 6,
          tokenType: "sip10",
          assetName: "usdc-token",
        },
      },
    ],
  };
}

const sponsorKey = randomPrivateKey();

/** Requirements whose offers name the merchant's sponsor as `feePayer`. */
function withFeePayer(required: X402PaymentRequiredV2): X402PaymentRequiredV2 {
  const feePayer = getAddressFromPrivateKey(sponsorKey, "testnet");
  return { ...required, accepts: required.accepts.map((a) => ({ ...a, extra: { ...a.extra, feePayer } })) };
}

/** The 402 answer a paywall gives, in one form. */
function paymentRequired(form: X402Form, required = requirements()): Response {
  if (form === "v2")
    return Response.json(required, {
      status: 402,
      headers: { [X402_HEADERS.paymentRequired]: encodeX402Header(required) },
    });
  if (form === "v1") return Response.json(toV1(required), { status: 402 });
  return Response.json(
    { error: "payment required", x402_requirements: toSpecRequirements(required) },
    { status: 402 },
  );
}

/** A resource server that asks for payment in one form and serves whatever carries a payment header. */
function fakeResource(
  form: X402Form,
  options: { required?: X402PaymentRequiredV2; rejectWith?: string; failPaid?: boolean } = {},
) {
  const requests: Request[] = [];
  const payments: Record<string, unknown>[] = [];
  const handler = vi.fn(async (request: Request) => {
    requests.push(request);
    const header =
      request.headers.get(X402_HEADERS.paymentSignature) ?? request.headers.get(X402_HEADERS.xPayment);
    if (!header) return paymentRequired(form, options.required);
    payments.push(decodeX402Header(header));
    if (options.failPaid) return Response.json({ error: "down" }, { status: 500 }); // a paywall settles nothing then
    if (options.rejectWith) {
      const again = { ...requirements(), error: options.rejectWith };
      return Response.json(again, {
        status: 402,
        headers: { [X402_HEADERS.paymentRequired]: encodeX402Header(again) },
      });
    }
    const receipt = encodeX402Header({
      success: true,
      transaction: "0xabc",
      network: "stacks:2147483648",
      payer: PAYER,
    });
    return Response.json(
      { ok: true, body: await request.text() },
      {
        headers: { [form === "v2" ? X402_HEADERS.paymentResponse : X402_HEADERS.xPaymentResponse]: receipt },
      },
    );
  });
  return { handler, requests, payments };
}

/** A chain that counts: its next nonce, broadcasts, and lookups. */
function fakeChain(startNonce = 7n) {
  const broadcasts: string[] = [];
  let next = startNonce;
  const chain: StacksApi & { nonceLookups: number } = {
    baseUrl: `https://chain.test/${Math.random()}`,
    nonceLookups: 0,
    async possibleNextNonce() {
      chain.nonceLookups++;
      return next;
    },
    async broadcast(hex) {
      broadcasts.push(hex);
      next++;
      return `0x${deserializeTransaction(hex).txid()}`;
    },
    async hasTransaction(txid) {
      return broadcasts.some((hex) => `0x${deserializeTransaction(hex).txid()}` === txid);
    },
  };
  return { chain, broadcasts, advance: () => next++ };
}

function agent(
  handler: (request: Request) => Promise<Response>,
  chain: StacksApi,
  options: Partial<X402AgentOptions> = {},
) {
  return wrapFetchWithPayment(handler, {
    privateKey: payerKey,
    network: "testnet",
    maxAmount: { usdc: 1000n },
    chainApi: chain,
    nonceManager: new NonceManager(),
    ...options,
  } as X402AgentOptions);
}

/** What the signed transfer in a payment says (Clarity arguments pretty-printed). */
function transferIn(hex: string) {
  const tx = deserializeTransaction(hex);
  const payload = tx.payload as ContractCallPayload;
  const [amount, sender, recipient, memo] = payload.functionArgs.map((cv) => Cl.prettyPrint(cv));
  return {
    contract: `${addressToString(payload.contractAddress)}.${payload.contractName.content}`,
    functionName: payload.functionName.content,
    amount,
    sender,
    recipient,
    memo,
    nonce: tx.auth.spendingCondition.nonce,
    fee: tx.auth.spendingCondition.fee,
    postConditionMode: tx.postConditionMode,
    postConditions: tx.postConditions.values,
    version: tx.transactionVersion,
  };
}

const MEMO = Cl.prettyPrint(Cl.some(Cl.bufferFromUtf8(NONCE)));

describe("wrapFetchWithPayment", () => {
  it("passes a non-402 answer through untouched, without touching the chain", async () => {
    const ok = new Response("free");
    const { chain } = fakeChain();
    const paidFetch = agent(async () => ok, chain);
    expect(await paidFetch("https://api.example/free")).toBe(ok);
    expect(chain.nonceLookups).toBe(0);
  });

  it("passes a 402 without x402 requirements through untouched", async () => {
    const plain = new Response("subscribe first", { status: 402 });
    const paidFetch = agent(async () => plain, fakeChain().chain);
    expect(await paidFetch(URL_PAID)).toBe(plain);
  });

  it("v2: retries once with PAYMENT-SIGNATURE carrying `accepted` and the signed, not broadcast transfer", async () => {
    const server = fakeResource("v2");
    const { chain, broadcasts } = fakeChain(7n);
    const res = await agent(server.handler, chain)(URL_PAID, { method: "POST", body: "question" });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, body: "question" });
    expect(server.handler).toHaveBeenCalledTimes(2);
    const sent = server.payments[0] as {
      x402Version: number;
      accepted: unknown;
      resource: unknown;
      payload: { transaction: string };
    };
    expect(sent.x402Version).toBe(2);
    expect(sent.accepted).toEqual(requirements().accepts[0]);
    expect(sent.resource).toEqual(requirements().resource);
    expect(broadcasts).toEqual([]);
    expect(transferIn(sent.payload.transaction)).toMatchObject({
      contract: USDC,
      functionName: "transfer",
      amount: "u1000",
      sender: `'${PAYER}`,
      recipient: `'${PAY_TO}`,
      memo: MEMO,
      nonce: 7n,
      fee: 3000n,
      postConditionMode: PostConditionMode.Deny,
    });
    const [postCondition] = transferIn(sent.payload.transaction).postConditions;
    expect(postCondition).toMatchObject({
      conditionCode: 1,
      amount: 1000n,
      asset: { assetName: { content: "usdc-token" } },
    });
  });

  it.each(["v2", "v1"] as const)(
    "%s, an offer naming a feePayer: a sponsored transfer with fee 0, signed by the payer for the sponsor to co-sign",
    async (form) => {
      const required = withFeePayer(requirements());
      const server = fakeResource(form, { required });
      const res = await agent(server.handler, fakeChain(7n).chain)(URL_PAID);
      expect(res.status).toBe(200);
      const sent = server.payments[0] as { payload: { transaction: string } };
      const tx = deserializeTransaction(sent.payload.transaction);
      expect(tx.auth.authType).toBe(AuthType.Sponsored);
      expect(transferIn(sent.payload.transaction)).toMatchObject({
        amount: "u1000",
        recipient: `'${PAY_TO}`,
        memo: MEMO,
        nonce: 7n,
        fee: 0n,
        postConditionMode: PostConditionMode.Deny,
      });
      expect(transferIn(sent.payload.transaction).postConditions[0]).toMatchObject({
        conditionCode: 1,
        amount: 1000n,
      });
      // The origin signed the SIP-005 origin sighash: the sponsor can add its fee, nonce and signature.
      const cosigned = await sponsorTransaction({
        transaction: tx,
        sponsorPrivateKey: sponsorKey,
        fee: 2_000n,
        sponsorNonce: 3n,
        network: "testnet",
      });
      expect(cosigned.verifyOrigin()).toMatch(/^[0-9a-f]{64}$/);
      // The payment says so: no fee paid by the payer, the txid the sponsor's signature fixed (the receipt's).
      expect(getPayment(res)).toMatchObject({ fee: 0n, txid: "0xabc", status: "paid" });
    },
  );

  it("SPEC.md form pays its own fee even when a feePayer is named: the payer broadcasts, no one could sponsor", async () => {
    const feePayer = getAddressFromPrivateKey(sponsorKey, "testnet");
    const schemes = toSpecRequirements(requirements()).schemes.map((s) => ({ ...s, extra: { feePayer } }));
    const server = fakeResource("spec");
    const handler = async (request: Request) =>
      request.headers.get(X402_HEADERS.xPayment)
        ? server.handler(request)
        : Response.json({ error: "payment required", x402_requirements: { schemes } }, { status: 402 });
    const { chain, broadcasts } = fakeChain();
    await agent(handler, chain)(URL_PAID);
    expect(broadcasts).toHaveLength(1);
    expect(deserializeTransaction(broadcasts[0] as string).auth.authType).toBe(AuthType.Standard);
    expect(transferIn(broadcasts[0] as string).fee).toBe(3000n);
  });

  it("v1: X-PAYMENT with x402Version 1, the scheme, the network by its v1 name, and the signed transfer", async () => {
    const server = fakeResource("v1");
    const res = await agent(server.handler, fakeChain().chain)(URL_PAID);
    expect(res.status).toBe(200);
    const sent = server.payments[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ x402Version: 1, scheme: "exact", network: "stacks-testnet" });
    expect(transferIn((sent.payload as { transaction: string }).transaction).amount).toBe("u1000");
    expect(server.requests[1]?.headers.get(X402_HEADERS.xPayment)).toBeTruthy();
  });

  it("SPEC.md form: broadcasts first, then sends the proof {version 0.1.0, data: {txid, from, to, amount, asset}}", async () => {
    const server = fakeResource("spec");
    const { chain, broadcasts } = fakeChain();
    const res = await agent(server.handler, chain)(URL_PAID);
    expect(res.status).toBe(200);
    expect(broadcasts).toHaveLength(1);
    const txid = `0x${deserializeTransaction(broadcasts[0]!).txid()}`;
    expect(server.payments[0]).toEqual({
      version: "0.1.0",
      scheme: "exact",
      network: "stacks:2147483648",
      data: { txid, from: PAYER, to: PAY_TO, amount: "1000", asset: USDC },
    });
    expect(transferIn(broadcasts[0]!).memo).toBe(MEMO);
  });

  it("exposes what was paid and the server's receipt on the response", async () => {
    const server = fakeResource("v2");
    const onPayment = vi.fn();
    const res = await agent(server.handler, fakeChain(3n).chain, { onPayment })(URL_PAID);
    const payment = getPayment(res);
    expect(payment).toMatchObject({
      status: "paid",
      form: "v2",
      amount: 1000n,
      asset: USDC,
      payTo: PAY_TO,
      payer: PAYER,
      nonce: 3n,
      fee: 3000n,
      receipt: { success: true, transaction: "0xabc", payer: PAYER },
    });
    expect(payment?.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(getPaymentReceipt(res)).toEqual(payment?.receipt);
    expect(onPayment).toHaveBeenCalledWith(payment);
  });

  it("refuses above maxAmount: amount_exceeds_max, nothing signed, nothing sent, no nonce looked up", async () => {
    const server = fakeResource("v2", { required: requirements("1001") });
    const { chain } = fakeChain();
    const signTransaction = vi.fn();
    const signer: X402Signer = { getPublicKey: () => "00", signTransaction };
    const paidFetch = agent(server.handler, chain, {
      privateKey: undefined,
      signer,
    } as Partial<X402AgentOptions>);
    const err = await paidFetch(URL_PAID).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(X402PaymentError);
    expect((err as X402PaymentError).code).toBe("amount_exceeds_max");
    expect(signTransaction).not.toHaveBeenCalled();
    expect(server.handler).toHaveBeenCalledTimes(1);
    expect(chain.nonceLookups).toBe(0);
  });

  it("beforePayment can decline an offer before anything is signed", async () => {
    const server = fakeResource("v2");
    const err = await agent(server.handler, fakeChain().chain, { beforePayment: () => false })(
      URL_PAID,
    ).catch((e: unknown) => e);
    expect((err as X402PaymentError).code).toBe("payment_declined");
    expect(server.handler).toHaveBeenCalledTimes(1);
  });

  it("a second 402 after paying is returned as it is, with the server's reason — no second payment", async () => {
    const server = fakeResource("v2", { rejectWith: "invalid_nonce" });
    const res = await agent(server.handler, fakeChain().chain)(URL_PAID);
    expect(res.status).toBe(402);
    expect(server.handler).toHaveBeenCalledTimes(2);
    expect(getPayment(res)).toMatchObject({ status: "rejected", rejectionReason: "invalid_nonce" });
  });

  it("with onRejected: 'throw', a refused payment is a payment_rejected error carrying the reason", async () => {
    const server = fakeResource("v2", { rejectWith: "amount_mismatch" });
    const err = await agent(server.handler, fakeChain().chain, { onRejected: "throw" })(URL_PAID).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(X402PaymentError);
    expect(err).toMatchObject({ code: "payment_rejected", reason: "amount_mismatch" });
  });

  it("a signer that returns another transaction than asked is refused (signer_failed), nothing sent", async () => {
    const server = fakeResource("v2");
    const impostor = privateKeySigner(randomPrivateKey());
    const signer: X402Signer = {
      getPublicKey: () => privateKeySigner(payerKey).getPublicKey(),
      // Signs with another key: the signature does not match the transaction's origin.
      signTransaction: (tx, request) => impostor.signTransaction(tx, request),
    };
    const err = await agent(server.handler, fakeChain().chain, {
      privateKey: undefined,
      signer,
    } as Partial<X402AgentOptions>)(URL_PAID).catch((e: unknown) => e);
    expect((err as X402PaymentError).code).toBe("signer_failed");
    expect(server.handler).toHaveBeenCalledTimes(1);
  });

  it("a signer without a usable public key is signer_failed, and asked again on the next call", async () => {
    const server = fakeResource("v2");
    const getPublicKey = vi.fn(async () => {
      throw new Error("wallet locked");
    });
    const signer: X402Signer = { getPublicKey, signTransaction: vi.fn() };
    const paidFetch = agent(server.handler, fakeChain().chain, {
      privateKey: undefined,
      signer,
    } as Partial<X402AgentOptions>);
    await expect(paidFetch(URL_PAID)).rejects.toMatchObject({ code: "signer_failed" });
    await expect(paidFetch(URL_PAID)).rejects.toMatchObject({ code: "signer_failed" });
    expect(getPublicKey).toHaveBeenCalledTimes(2);
  });

  it("consecutive payments take consecutive nonces even when the chain API lags behind its mempool", async () => {
    const server = fakeResource("v2");
    const { chain } = fakeChain(4n); // v2: the server broadcasts, this chain never sees it
    const paidFetch = agent(server.handler, chain);
    const nonces = [];
    for (let i = 0; i < 3; i++) nonces.push(getPayment(await paidFetch(URL_PAID))?.nonce);
    expect(nonces).toEqual([4n, 5n, 6n]);
  });

  it("a paid retry that fails without settling is `unsettled`, and its nonce is used again", async () => {
    const server = fakeResource("v2", { failPaid: true });
    const paidFetch = agent(server.handler, fakeChain(4n).chain);
    const first = await paidFetch(URL_PAID);
    expect(first.status).toBe(500);
    expect(getPayment(first)).toMatchObject({ status: "unsettled", nonce: 4n });
    expect(getPayment(await paidFetch(URL_PAID))?.nonce).toBe(4n);
  });

  it("invalid options fail when wrapping, not on the first call", () => {
    expect(() => agent(fakeResource("v2").handler, fakeChain().chain, { maxAmount: {} })).toThrow(
      X402PaymentError,
    );
    expect(() =>
      agent(fakeResource("v2").handler, fakeChain().chain, {
        privateKey: undefined,
      } as Partial<X402AgentOptions>),
    ).toThrow(/privateKey or a signer/);
  });
});
