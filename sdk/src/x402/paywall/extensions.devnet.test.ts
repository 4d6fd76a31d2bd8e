/**
 * The paywall's x402 extensions against the real gateway on the devnet: payment-identifier
 * (a retried payment is answered from the record, never settled twice), signed offers and
 * receipts (offer-and-receipt), and discovery (Bazaar in the 402, `/.well-known/x402`).
 */
import type { AddressInfo } from "node:net";
import { USDC_CONTRACT_ID } from "@spay/devnet";
import {
  decodeX402Header,
  encodeX402Header,
  readSignedOffers,
  type X402AcceptV2,
  type X402PaymentRequiredV2,
} from "@spay/protocol/x402";
import { randomPrivateKey } from "@stacks/transactions";
import express from "express";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "../../../test/browser/harness/stack.js";
import { nextPayer, receiptOf, requiredOf, signTransfer } from "../../../test/x402/payer.js";
import { x402Discovery } from "../discovery.js";
import { stacksReceiptSigner, verifyOffer, verifyReceipt } from "../signed-receipts.js";
import { createPaywall, type PaywallOptions } from "./core.js";
import { expressMiddleware } from "./express.js";
import { honoMiddleware } from "./hono.js";

let stack: TestStack;
const RESOURCE = "http://api.example.test/weather";
const merchantKey = randomPrivateKey();

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

function core(options: Partial<PaywallOptions> = {}) {
  return createPaywall({
    price: "$0.001",
    description: "Weather now",
    apiKey: stack.merchant.sk,
    gatewayUrl: stack.apiUrl,
    ...options,
  });
}

/** A handler that counts how often it ran. */
function counted(body: unknown = { sunny: true }, status = 200) {
  const serve = async () => {
    serve.runs += 1;
    return Response.json(body, { status });
  };
  serve.runs = 0;
  return serve;
}

/** A v2 payment header for the first accept of a 402, with the payment-identifier echoed. */
async function paidHeaders(required: X402PaymentRequiredV2, id?: string, payer = nextPayer(), index = 0) {
  const accept = required.accepts[index] as X402AcceptV2;
  const tx = await signTransfer(stack.devnetUrl, payer, accept);
  const declared = required.extensions?.["payment-identifier"] as { info: object; schema: object };
  return {
    tx,
    headers: {
      "PAYMENT-SIGNATURE": encodeX402Header({
        x402Version: 2,
        resource: required.resource,
        accepted: accept,
        payload: { transaction: tx.serialize() },
        ...(id
          ? { extensions: { "payment-identifier": { ...declared, info: { ...declared.info, id } } } }
          : {}),
      }),
    },
  };
}

async function challengeOf(paywall: ReturnType<typeof core>, url = RESOURCE) {
  const res = await paywall.handle(new Request(url), counted());
  expect(res.status).toBe(402);
  return requiredOf(res);
}

async function x402IntentsFor(txid: string): Promise<number> {
  const res = await fetch(`${stack.apiUrl}/v1/payment_intents?limit=100`, {
    headers: { authorization: `Bearer ${stack.merchant.sk}` },
  });
  const list = (await res.json()) as { data: { payment_method: string; txid: string | null }[] };
  return list.data.filter((i) => i.payment_method === "x402" && i.txid === txid).length;
}

describe("payment-identifier: a retried payment is the same payment", () => {
  it("the 402 declares the extension, optional by default", async () => {
    const required = await challengeOf(core());
    expect(required.extensions?.["payment-identifier"]).toEqual({
      info: { required: false },
      schema: expect.objectContaining({ required: ["required"] }),
    });
  });

  it("the same payment sent again with its id gets the stored answer: same receipt, handler not run, settled once", async () => {
    const paywall = core();
    const required = await challengeOf(paywall);
    const { tx, headers } = await paidHeaders(required, "pay_retry_same_payment_01");
    const serve = counted({ sunny: true, at: Math.random() });
    const first = await paywall.handle(new Request(RESOURCE, { headers }), serve);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const again = await paywall.handle(new Request(RESOURCE, { headers }), serve);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);
    expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
    expect(receiptOf(again)).toMatchObject({ success: true, transaction: `0x${tx.txid()}` });
    expect(serve.runs).toBe(1);
    expect(await x402IntentsFor(`0x${tx.txid()}`)).toBe(1);
  });

  it("without an id the same payment sent again is refused as before (duplicate_settlement)", async () => {
    const paywall = core();
    const { headers } = await paidHeaders(await challengeOf(paywall));
    expect((await paywall.handle(new Request(RESOURCE, { headers }), counted())).status).toBe(200);
    const again = await paywall.handle(new Request(RESOURCE, { headers }), counted());
    expect(again.status).toBe(402);
    expect(requiredOf(again).error).toBe("duplicate_settlement");
  });

  it("two identical requests racing: the second waits for the first and gets its answer", async () => {
    const paywall = core();
    const { headers } = await paidHeaders(await challengeOf(paywall), "pay_racing_identical_0001");
    const serve = counted();
    const answers = await Promise.all([
      paywall.handle(new Request(RESOURCE, { headers }), serve),
      paywall.handle(new Request(RESOURCE, { headers }), serve),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]?.headers.get("payment-response")).toBe(answers[1]?.headers.get("payment-response"));
    expect(serve.runs).toBe(1);
  });

  it("the same id with another payment is 409 Conflict, and nothing is served", async () => {
    const paywall = core();
    const id = "pay_conflicting_payments_1";
    const first = await paidHeaders(await challengeOf(paywall), id);
    expect((await paywall.handle(new Request(RESOURCE, { headers: first.headers }), counted())).status).toBe(
      200,
    );
    const other = await paidHeaders(await challengeOf(paywall), id);
    const serve = counted();
    const res = await paywall.handle(new Request(RESOURCE, { headers: other.headers }), serve);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "payment_identifier_conflict" } });
    expect(serve.runs).toBe(0);
  });

  it("a payment re-created by the same payer for the same terms gets the stored answer and is never settled", async () => {
    const paywall = core();
    const id = "pay_recreated_by_client_1";
    const payer = nextPayer();
    const first = await paidHeaders(await challengeOf(paywall), id, payer);
    const serve = counted({ at: Math.random() });
    const answer = await paywall.handle(new Request(RESOURCE, { headers: first.headers }), serve);
    expect(answer.status).toBe(200);
    const recreated = await paidHeaders(await challengeOf(paywall), id, payer);
    const again = await paywall.handle(new Request(RESOURCE, { headers: recreated.headers }), serve);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await answer.json());
    expect(serve.runs).toBe(1);
    const unsent = await fetch(`${stack.devnetUrl}/extended/v1/tx/0x${recreated.tx.txid()}`);
    expect(unsent.status).toBe(404); // the re-created payment was never broadcast
  });

  it("the same id, re-created by the same payer for other terms (another token), is 409", async () => {
    const paywall = core({ asset: ["usdc", "sbtc"] });
    const id = "pay_recreated_other_terms";
    const payer = nextPayer();
    const first = await paidHeaders(await challengeOf(paywall), id, payer, 0);
    expect((await paywall.handle(new Request(RESOURCE, { headers: first.headers }), counted())).status).toBe(
      200,
    );
    const other = await paidHeaders(await challengeOf(paywall), id, payer, 1);
    const res = await paywall.handle(new Request(RESOURCE, { headers: other.headers }), counted());
    expect(res.status).toBe(409);
  });

  it("a handler that failed charged nothing: the same payment with its id is served anew", async () => {
    const paywall = core();
    const { tx, headers } = await paidHeaders(await challengeOf(paywall), "pay_handler_failed_once1");
    const failed = await paywall.handle(new Request(RESOURCE, { headers }), counted({ down: true }, 500));
    expect(failed.status).toBe(500);
    const served = await paywall.handle(new Request(RESOURCE, { headers }), counted());
    expect(served.status).toBe(200);
    expect(receiptOf(served)).toMatchObject({ transaction: `0x${tx.txid()}` });
  });

  it("required: a payment without an id is 400; a malformed id is 400", async () => {
    const paywall = core({ paymentIdentifier: { required: true } });
    const required = await challengeOf(paywall);
    expect(required.extensions?.["payment-identifier"]).toMatchObject({ info: { required: true } });
    const without = await paidHeaders(required);
    const res = await paywall.handle(new Request(RESOURCE, { headers: without.headers }), counted());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "payment_identifier_required" } });
    const short = await paidHeaders(required, "too-short");
    const bad = await paywall.handle(new Request(RESOURCE, { headers: short.headers }), counted());
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_payment_identifier" } });
  });

  it("paymentIdentifier: false declares nothing", async () => {
    const required = await challengeOf(core({ paymentIdentifier: false }));
    expect(required.extensions?.["payment-identifier"]).toBeUndefined();
  });

  it("as Express middleware the retried payment gets the stored answer too", async () => {
    const paywall = core();
    let runs = 0;
    const app = express();
    app.get("/weather", expressMiddleware(paywall), (_req, res) => {
      runs += 1;
      res.status(200).json({ from: "express", runs });
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`;
    try {
      const first402 = await fetch(url);
      const { headers } = await paidHeaders(requiredOf(first402), "pay_express_retry_000001");
      const first = await fetch(url, { headers });
      expect(first.status).toBe(200);
      const again = await fetch(url, { headers });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(await first.json());
      expect(again.headers.get("payment-response")).toBe(first.headers.get("payment-response"));
      expect(runs).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("offer-and-receipt: the merchant signs what it offered and what it received", () => {
  it("each 402 carries a signed offer per accept; the receipt carries a signed receipt that verifies", async () => {
    const signer = stacksReceiptSigner(merchantKey);
    const paywall = core({ signing: { privateKey: merchantKey, includeTransaction: true } });
    const required = await challengeOf(paywall);
    const offers = readSignedOffers(required.extensions);
    expect(offers).toHaveLength(1);
    const accept = required.accepts[0]!;
    const offer = await verifyOffer(offers[0]!, { signer: signer.publicKey, accept });
    expect(offer).toMatchObject({
      valid: true,
      payload: { version: 1, resourceUrl: RESOURCE, payTo: stack.merchant.payoutAddress, amount: "1000" },
    });
    const { tx, headers } = await paidHeaders(required);
    const paid = await paywall.handle(new Request(RESOURCE, { headers }), counted());
    const receipt = receiptOf(paid);
    const verified = await verifyReceipt(receipt as never, {
      signer: signer.publicKey,
      resourceUrl: RESOURCE,
      transaction: `0x${tx.txid()}`,
      network: "stacks:2147483648",
      maxAgeSeconds: 60,
    });
    expect(verified).toMatchObject({ valid: true, payload: { payer: receipt.payer } });
  });

  it("a receipt whose payload was altered in the header fails verification", async () => {
    const paywall = core({ signing: { privateKey: merchantKey } });
    const { headers } = await paidHeaders(await challengeOf(paywall));
    const paid = await paywall.handle(new Request(RESOURCE, { headers }), counted());
    const receipt = decodeX402Header(paid.headers.get("payment-response")!) as {
      extensions: { "offer-receipt": { info: { receipt: { signature: string } } } };
    };
    const signed = receipt.extensions["offer-receipt"].info.receipt;
    const [head, body, sig] = signed.signature.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString());
    const altered = Buffer.from(
      JSON.stringify({ ...payload, resourceUrl: "http://api.example.test/premium" }),
    ).toString("base64url");
    const tampered = { format: "jws" as const, signature: `${head}.${altered}.${sig}` };
    expect(await verifyReceipt(tampered)).toMatchObject({ valid: false, reason: "bad_signature" });
  });
});

describe("discovery: Bazaar in the 402 and /.well-known/x402", () => {
  const discovery = {
    path: "/weather",
    input: { city: "Lisbon" },
    inputSchema: { properties: { city: { type: "string" } }, required: ["city"] },
    output: { example: { sunny: true } },
    serviceName: "Weather Co",
    tags: ["weather"],
  };

  it("the 402 carries extensions.bazaar: how to call the endpoint, and the schema of that", async () => {
    const required = await challengeOf(core({ discovery }));
    expect(required.extensions?.bazaar).toMatchObject({
      info: {
        input: { type: "http", method: "GET", queryParams: { city: "Lisbon" } },
        output: { type: "json", example: { sunny: true } },
      },
      schema: { properties: { input: { properties: { queryParams: { required: ["city"] } } } } },
    });
  });

  it("x402Discovery lists the paywalls' routes with resource, accepts, input and output", async () => {
    const weather = honoMiddleware(core({ discovery }));
    const premium = honoMiddleware(
      core({
        price: { amount: 5000, asset: "usdc" },
        description: "Premium",
        discovery: { path: "/premium", method: "POST", input: { q: "x" } },
      }),
    );
    const unknownPath = honoMiddleware(core()); // never requested, no path declared: not listed yet
    const app = new Hono();
    app.get("/weather", weather, (c) => c.json({ sunny: true }));
    const handler = x402Discovery([weather, premium, unknownPath]);
    app.get("/.well-known/x402", handler);
    app.get("/discovery/resources", handler);
    const res = await app.request("http://api.example.test/.well-known/x402");
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as { x402Version: number; items: Array<Record<string, unknown>> };
    expect(manifest.x402Version).toBe(2);
    expect(manifest.items).toHaveLength(2);
    expect(manifest.items[0]).toMatchObject({
      resource: {
        url: "http://api.example.test/weather",
        description: "Weather now",
        mimeType: "application/json",
        serviceName: "Weather Co",
        tags: ["weather"],
      },
      type: "http",
      accepts: [
        {
          scheme: "exact",
          network: "stacks:2147483648",
          amount: "1000",
          asset: USDC_CONTRACT_ID,
          payTo: stack.merchant.payoutAddress,
        },
      ],
      input: { method: "GET", queryParams: { city: "Lisbon" } },
      output: { mimeType: "application/json", example: { sunny: true } },
    });
    const accepts = manifest.items[0]?.accepts as X402AcceptV2[];
    expect(accepts[0]?.extra).not.toHaveProperty("nonce");
    expect(manifest.items[1]).toMatchObject({
      resource: { url: "http://api.example.test/premium" },
      input: { method: "POST", bodyType: "json", body: { q: "x" } },
      accepts: [{ amount: "5000" }],
    });
    const bazaar = (await (await app.request("http://api.example.test/discovery/resources")).json()) as {
      items: Array<Record<string, unknown>>;
      pagination: { total: number };
    };
    expect(bazaar.pagination.total).toBe(2);
    expect(bazaar.items[0]).toMatchObject({
      resource: "http://api.example.test/weather",
      type: "http",
      x402Version: 2,
      extensions: { bazaar: { info: { input: { type: "http", method: "GET" } } } },
    });
  });
});
