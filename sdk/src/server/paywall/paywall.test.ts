import type { AddressInfo } from "node:net";
import { SBTC_CONTRACT_ID, USDC_CONTRACT_ID } from "@spay/devnet";
import { decodeX402Header, type X402AcceptV2 } from "@spay/protocol/x402";
import express from "express";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "../../../test/browser/harness/stack.js";
import {
  broadcast,
  nextPayer,
  payment,
  receiptOf,
  requiredOf,
  signTransfer,
} from "../../../test/x402/payer.js";
import { paywall } from "./paywall.js";

let stack: TestStack;
let served = 0;
const RESOURCE = "http://api.example.test/weather";

function honoApp(options: Partial<Parameters<typeof paywall>[0]> = {}) {
  const app = new Hono();
  const pw = paywall({
    price: "$0.001",
    description: "Weather now",
    apiKey: stack.merchant.sk,
    gatewayUrl: stack.apiUrl,
    ...options,
  });
  app.get("/weather", pw, (c) => {
    served += 1;
    return c.json({ sunny: true });
  });
  app.get("/broken", pw, (c) => c.json({ error: "down" }, 500));
  app.get("/free", (c) => c.json({ free: true }));
  return app;
}

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function firstChallenge(app: Hono, path = "/weather", headers: Record<string, string> = {}) {
  const res = await app.request(`http://api.example.test${path}`, { headers });
  expect(res.status).toBe(402);
  return { res, required: requiredOf(res), body: (await res.json()) as Record<string, unknown> };
}

/** A v1 client's 402: the v1 body alone (no PAYMENT-REQUIRED header). */
async function v1Challenge(app: Hono) {
  const res = await app.request(RESOURCE, { headers: { "x-402-version": "1" } });
  expect(res.status).toBe(402);
  const body = (await res.json()) as Record<string, unknown> & {
    accepts: (X402AcceptV2 & { maxAmountRequired: string })[];
  };
  return { res, body };
}

describe("paywall: the 402 answer", () => {
  it("answers x402 v2 in PAYMENT-REQUIRED and v1 in the body, with SPEC.md's schemes alongside, fresh each time", async () => {
    const app = honoApp();
    const { required, body } = await firstChallenge(app);
    expect(required).toMatchObject({
      x402Version: 2,
      resource: { url: RESOURCE, description: "Weather now", mimeType: "application/json" },
      accepts: [
        {
          scheme: "exact",
          network: "stacks:2147483648",
          amount: "1000",
          asset: USDC_CONTRACT_ID,
          payTo: stack.merchant.payoutAddress,
          extra: { decimals: 6, tokenType: "sip10" },
        },
      ],
    });
    expect(body).toMatchObject({
      x402Version: 1,
      accepts: required.accepts.map(({ amount, network: _caip2, ...terms }) => ({
        ...terms,
        network: "stacks-testnet",
        maxAmountRequired: amount,
        resource: RESOURCE,
      })),
    });
    expect(body.x402_requirements).toEqual({
      schemes: [
        expect.objectContaining({
          scheme: "exact",
          recipient: stack.merchant.payoutAddress,
          asset: USDC_CONTRACT_ID,
          asset_type: "sip10",
          amount: "1000",
          decimals: 6,
          timeout: 300,
          nonce: required.accepts[0]?.extra.nonce,
        }),
      ],
    });
    const again = await firstChallenge(app);
    expect(again.required.accepts[0]?.extra.nonce).not.toBe(required.accepts[0]?.extra.nonce);
    expect((await app.request("http://api.example.test/free")).status).toBe(200);
  });

  it("answers a v1 client (X-402-Version: 1) with v1 alone: maxAmountRequired and resource per entry, no v2 header", async () => {
    const { res, body } = await v1Challenge(honoApp());
    expect(res.headers.get("payment-required")).toBeNull();
    expect(Object.keys(body).sort()).toEqual(["accepts", "error", "x402Version"]);
    expect(body).toMatchObject({
      x402Version: 1,
      error: expect.any(String),
      accepts: [
        {
          scheme: "exact",
          network: "stacks-testnet",
          maxAmountRequired: "1000",
          resource: RESOURCE,
          description: "Weather now",
          mimeType: "application/json",
        },
      ],
    });
  });

  it("prices sBTC in whole sats, rounded up, and can offer both tokens", async () => {
    const { required } = await firstChallenge(honoApp({ asset: ["usdc", "sbtc"] }));
    expect(required.accepts.map((a) => [a.asset, a.amount])).toEqual([
      [USDC_CONTRACT_ID, "1000"],
      [SBTC_CONTRACT_ID, "1"],
    ]);
  });

  it("a malformed payment header gets a 402 with invalid_payload, never a 500", async () => {
    const app = honoApp();
    for (const header of ["%%%", "bm90IGpzb24=", btoa("[1,2]")]) {
      const res = await app.request(`${RESOURCE}`, { headers: { "x-payment": header } });
      expect(res.status, header).toBe(402);
      expect(((await res.json()) as { error: string }).error).toBe("invalid_payload");
    }
    const res = await app.request(`${RESOURCE}`, { headers: { "payment-signature": "not base64!" } });
    expect(res.status).toBe(402);
    expect(requiredOf(res).error).toBe("invalid_payload");
  });

  it("refuses bad options at construction", () => {
    const base = { apiKey: "sk_test_x" };
    expect(() => paywall({ ...base, price: "free" })).toThrow(TypeError);
    expect(() => paywall({ ...base, price: { amount: 0, asset: "usdc" } })).toThrow(TypeError);
    expect(() => paywall({ ...base, price: "$0.001", asset: [] })).toThrow(TypeError);
  });

  it("keeps the resource closed when the gateway cannot be reached (503 with a code)", async () => {
    const app = honoApp({ gatewayUrl: "http://127.0.0.1:9" });
    const res = await app.request(RESOURCE);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("network_error");
  });
});

describe("paywall: paid requests, each form", () => {
  it("x402 v2 with USDC: verifies, serves, settles, and returns the receipt; the intent shows as x402", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const payer = nextPayer();
    const tx = await signTransfer(stack.devnetUrl, payer, accept);
    const before = served;
    const res = await app.request(RESOURCE, { headers: payment.v2(required, accept, tx.serialize()) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sunny: true });
    expect(served).toBe(before + 1);
    expect(receiptOf(res)).toEqual({
      success: true,
      transaction: `0x${tx.txid()}`,
      network: "stacks:2147483648",
      payer: payer.address,
    });
    const intents = await fetch(`${stack.apiUrl}/v1/payment_intents?limit=1`, {
      headers: { authorization: `Bearer ${stack.merchant.sk}` },
    }).then((r) => r.json() as Promise<{ data: Array<Record<string, unknown>> }>);
    expect(intents.data[0]).toMatchObject({
      payment_method: "x402",
      txid: `0x${tx.txid()}`,
      amount_asset: "1000",
    });
  });

  it("x402 v1 with sBTC: X-PAYMENT in, X-PAYMENT-RESPONSE out", async () => {
    const app = honoApp({ asset: "sbtc" });
    const { body } = await v1Challenge(app);
    const v1 = body.accepts[0]!;
    const accept = { ...v1, amount: v1.maxAmountRequired };
    expect(accept.asset).toBe(SBTC_CONTRACT_ID);
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
    const res = await app.request(RESOURCE, { headers: payment.v1(tx.serialize()) });
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeNull();
    expect(receiptOf(res)).toMatchObject({ success: true, transaction: `0x${tx.txid()}` });
  });

  it("SPEC.md's proof: the payer broadcasts, then sends {version: 0.1.0, data: {txid, …}}", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const payer = nextPayer();
    const txid = await broadcast(stack.devnetUrl, await signTransfer(stack.devnetUrl, payer, accept));
    const res = await app.request(RESOURCE, { headers: payment.spec(accept, txid, payer.address) });
    expect(res.status).toBe(200);
    expect(receiptOf(res)).toMatchObject({ success: true, transaction: txid });
  });

  it("a fetch handler wrapped with .fetch(handler) works the same", async () => {
    const pw = paywall({
      price: { amount: 2500, asset: "usdc" },
      apiKey: stack.merchant.sk,
      gatewayUrl: stack.apiUrl,
    });
    const handler = pw.fetch(() => Response.json({ wrapped: true }));
    const first = await handler(new Request(RESOURCE));
    expect(first.status).toBe(402);
    const required = requiredOf(first);
    expect(required.accepts[0]?.amount).toBe("2500");
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), required.accepts[0]!);
    const paid = await handler(
      new Request(RESOURCE, { headers: payment.v2(required, required.accepts[0]!, tx.serialize()) }),
    );
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ wrapped: true });
    expect(receiptOf(paid).success).toBe(true);
  });
});

describe("paywall: what is refused", () => {
  async function paidWith(app: Hono, overrides: Parameters<typeof signTransfer>[3], path = "/weather") {
    const { required } = await firstChallenge(app, path);
    const accept = required.accepts[0]!;
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept, overrides);
    return {
      required,
      accept,
      tx,
      res: await app.request(`http://api.example.test${path}`, {
        headers: payment.v2(required, accept, tx.serialize()),
      }),
    };
  }
  const reasonOf = (res: Response) => requiredOf(res).error;

  it("one unit short is amount_mismatch", async () => {
    const { res } = await paidWith(honoApp(), { amount: 999n });
    expect(res.status).toBe(402);
    expect(reasonOf(res)).toBe("amount_mismatch");
  });

  it("paying another address is recipient_mismatch", async () => {
    const { res } = await paidWith(honoApp(), { to: nextPayer().address });
    expect(reasonOf(res)).toBe("recipient_mismatch");
  });

  it("a payment whose memo and echoed nonce were both never issued is unknown_requirement", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const made = { ...accept, extra: { ...accept.extra, nonce: "made-up" } };
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), made, { memo: "made-up" });
    const res = await app.request(RESOURCE, { headers: payment.v2(required, made, tx.serialize()) });
    expect(reasonOf(res)).toBe("unknown_requirement");
  });

  it("a v2 payment with the client's own memo is bound by the nonce it echoes (as x402-stacks pays)", async () => {
    const { res } = await paidWith(honoApp(), { memo: "x402:client-own-memo" });
    expect(res.status).toBe(200);
  });

  it("a tampered signature is invalid_signature", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const hex = (await signTransfer(stack.devnetUrl, nextPayer(), accept)).serialize();
    // Single-sig layout: version, chain id, auth type, hash mode, signer, nonce, fee, key encoding,
    // then the 65-byte signature at bytes 44-108: flip one of its bytes.
    const at = 100;
    const tampered =
      hex.slice(0, at * 2) + (hex.slice(at * 2, at * 2 + 2) === "00" ? "01" : "00") + hex.slice(at * 2 + 2);
    const res = await app.request(RESOURCE, { headers: payment.v2(required, accept, tampered) });
    expect(res.status).toBe(402);
    expect(reasonOf(res)).toBe("invalid_signature");
  });

  it("an expired requirement is payment_expired", async () => {
    const app = honoApp({ maxTimeoutSeconds: 10 });
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
    await new Promise((r) => setTimeout(r, 11_000));
    const res = await app.request(RESOURCE, { headers: payment.v2(required, accept, tx.serialize()) });
    expect(reasonOf(res)).toBe("payment_expired");
  }, 30_000);

  it("a payment made for another route is refused there (the nonce is bound to its resource)", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app, "/weather");
    const accept = required.accepts[0]!;
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
    const other = new Hono();
    other.get(
      "/premium",
      paywall({ price: "$0.001", apiKey: stack.merchant.sk, gatewayUrl: stack.apiUrl }),
      (c) => c.json({}),
    );
    const res = await other.request("http://api.example.test/premium", {
      headers: payment.v2(required, accept, tx.serialize()),
    });
    expect(reasonOf(res)).toBe("unknown_requirement");
  });

  it("a replay of a settled payment is duplicate_settlement", async () => {
    const app = honoApp();
    const { required, accept, tx, res } = await paidWith(app, {});
    expect(res.status).toBe(200);
    const replay = await app.request(RESOURCE, { headers: payment.v2(required, accept, tx.serialize()) });
    expect(replay.status).toBe(402);
    expect(reasonOf(replay)).toBe("duplicate_settlement");
  });

  it("two requests racing with one payment: exactly one is served", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app);
    const accept = required.accepts[0]!;
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
    const headers = payment.v2(required, accept, tx.serialize());
    const answers = await Promise.all([
      app.request(RESOURCE, { headers }),
      app.request(RESOURCE, { headers }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402]);
    const refused = answers.find((r) => r.status === 402)!;
    expect(reasonOf(refused)).toBe("duplicate_settlement");
    expect(await refused.json()).not.toHaveProperty("sunny");
  });

  it("a handler that fails is not charged: the payment stays usable", async () => {
    const app = honoApp();
    const { required } = await firstChallenge(app, "/broken");
    const accept = required.accepts[0]!;
    const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
    const failed = await app.request("http://api.example.test/broken", {
      headers: payment.v2(required, accept, tx.serialize()),
    });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("payment-response")).toBeNull();
    const tx404 = await fetch(`${stack.devnetUrl}/extended/v1/tx/0x${tx.txid()}`);
    expect(tx404.status).toBe(404); // never broadcast
  });
});

describe("paywall as Express middleware", () => {
  it("402 first; a paid request gets the handler's answer with the receipt; a racing twin is refused", async () => {
    const app = express();
    const pw = paywall({ price: "$0.001", apiKey: stack.merchant.sk, gatewayUrl: stack.apiUrl });
    app.get("/express", pw, (_req, res) => {
      res.status(200).json({ from: "express" });
    });
    const server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/express`;
    try {
      const first = await fetch(url);
      expect(first.status).toBe(402);
      const required = requiredOf(first);
      expect(required.resource.url).toBe(url);
      const accept = required.accepts[0]!;
      const tx = await signTransfer(stack.devnetUrl, nextPayer(), accept);
      const headers = payment.v2(required, accept, tx.serialize());
      const [a, b] = await Promise.all([fetch(url, { headers }), fetch(url, { headers })]);
      const ok = a.status === 200 ? a : b;
      const refused = a.status === 200 ? b : a;
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ from: "express" });
      expect(receiptOf(ok)).toMatchObject({ success: true, transaction: `0x${tx.txid()}` });
      expect(refused.status).toBe(402);
      expect(decodeX402Header(refused.headers.get("payment-required")!).error).toBe("duplicate_settlement");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
