import { SBTC_CONTRACT } from "@spay/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  setupMerchant,
  startTestApi,
  TEST_USD_PER_BTC,
  TEST_USD_PER_STX,
  type TestApi,
} from "../../test/harness.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const create = (body: unknown, token = merchant.sk, headers: Record<string, string> = {}) =>
  api.request("POST", "/v1/payment_intents", { token, body, headers });

describe("creating a payment intent", () => {
  it("freezes the sBTC amount at creation: sats = ceil(usd / usdPerBtc × 1e8)", async () => {
    const res = await create({
      amount_minor: 1999,
      customer_email: "buyer@example.com",
      metadata: { order: "42" },
    });
    expect(res.status).toBe(201);
    const pi = res.body;
    expect(pi.id).toMatch(/^pi_/);
    // $19.99 at $100,000/BTC = 0.0001999 BTC = 19 990 sats
    expect(pi.amount_sbtc).toBe(String(Math.ceil((19.99 / TEST_USD_PER_BTC) * 1e8)));
    expect(pi).toMatchObject({
      object: "payment_intent",
      amount_minor: 1999,
      currency: "usd",
      asset: "sbtc",
      decimals: 8,
      token_contract: SBTC_CONTRACT,
      usd_per_btc: TEST_USD_PER_BTC,
      recipient: merchant.wallet.address,
      memo: pi.id,
      status: "requires_payment_method",
      fulfillment_status: "not_required",
      customer_email: "buyer@example.com",
      metadata: { order: "42" },
      env: "test",
      txid: null,
      amount_received: "0",
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    expect(pi.spay_url).toBe(`https://pay.example.test/pay/${pi.id}?client_secret=${pi.client_secret}`);
    expect(pi.checkout_url).toMatch(/^https:\/\//);
    expect(pi.expires_at - pi.created_at).toBe(15 * 60);
  });

  it("rounds sats up, never down (one sat of $0.01 at a rate that does not divide evenly)", async () => {
    const res = await create({ amount_minor: 1 });
    expect(res.body.amount_sbtc).toBe("10"); // 0.01 / 100000 × 1e8 = 10 exactly
    const odd = await create({ amount_minor: 7 });
    expect(odd.body.amount_sbtc).toBe("70");
  });

  it("prices STX in µSTX at the STX/USD price, kept on the intent", async () => {
    const res = await create({ amount_minor: 1999, asset: "STX" });
    expect(res.status).toBe(201);
    // $19.99 at $0.50/STX = 39.98 STX
    expect(res.body).toMatchObject({
      asset: "stx",
      amount_asset: String(Math.ceil((19.99 / TEST_USD_PER_STX) * 1e6)),
      amount_sbtc: null,
      decimals: 6,
      token_contract: "STX",
      usd_per_btc: null,
      usd_per_stx: TEST_USD_PER_STX,
    });
    expect(res.body.memo).toBe(res.body.id);
  });

  it("prices USDC at cents × 10 000 (6 decimals)", async () => {
    const res = await create({ amount_minor: 250, asset: "USDC" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      asset: "usdc",
      amount_asset: "2500000",
      amount_sbtc: null,
      decimals: 6,
      usd_per_btc: null,
    });
  });

  it("accepts amount_usd (cents) as an alias of amount_minor, and the onboarding body of SPEC.md §7", async () => {
    const alias = await create({ amount_usd: 500 });
    expect(alias.body.amount_minor).toBe(500);
    const onboarding = await create({
      env: "test",
      amount_minor: 100,
      currency: "USD",
      status: "requires_payment",
      metadata: { source: "onboarding" },
    });
    expect(onboarding.status).toBe(201);
    expect(onboarding.body.status).toBe("requires_payment_method");
    const disagree = await create({ amount_usd: 500, amount_minor: 400 });
    expect(disagree.body.error).toMatchObject({ code: "parameter_invalid", param: "amount_usd" });
  });

  it("a publishable key may create intents and retrieve them with their client secret (the checkout runs in the browser)", async () => {
    // A product names what is sold: the catalogue prices it.
    const product = await api.request("POST", "/v1/products", {
      token: merchant.sk,
      body: { name: "Pin", price_minor: 300, stock: 5 },
    });
    const res = await create({ product_id: product.body.id }, merchant.pk);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount_minor: 300, product_id: product.body.id });
    // Its own amount needs the workspace's "allow custom amounts from the browser" (off by default).
    expect((await create({ amount_minor: 300 }, merchant.pk)).body.error.code).toBe(
      "custom_amount_not_allowed",
    );
    const get = await api.request(
      "GET",
      `/v1/payment_intents/${res.body.id}?client_secret=${res.body.client_secret}`,
      { token: merchant.pk },
    );
    expect(get.status).toBe(200);
    expect(get.body.id).toBe(res.body.id);
  });

  it("a publishable key may not list or cancel", async () => {
    expect((await api.request("GET", "/v1/payment_intents", { token: merchant.pk })).body.error.code).toBe(
      "secret_key_required",
    );
    const pi = await create({ amount_minor: 300 });
    const cancel = await api.request("POST", `/v1/payment_intents/${pi.body.id}/cancel`, {
      token: merchant.pk,
    });
    expect(cancel.status).toBe(403);
  });

  it("rejects what cannot be paid: no amount, zero, fractions, too large, other currencies, unknown assets", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "parameter_missing", "amount_minor"],
      [{ amount_minor: 0 }, "parameter_invalid", "amount_minor"],
      [{ amount_minor: 1.5 }, "parameter_invalid", "amount_minor"],
      [{ amount_minor: 100_000_000 }, "parameter_invalid", "amount_minor"],
      [{ amount_minor: "100" }, "parameter_invalid", "amount_minor"],
      [{ amount_minor: 100, currency: "eur" }, "parameter_invalid", "currency"],
      [{ amount_minor: 100, asset: "doge" }, "parameter_invalid", "asset"],
      [{ amount_minor: 100, customer_email: "nope" }, "parameter_invalid", "customer_email"],
      [{ amount_minor: 100, surprise: true }, "parameter_unknown", "surprise"],
      [{ amount_minor: 100, env: "live" }, "env_mismatch", "env"],
      [
        { amount_minor: 100, merchant_principal: "SP000000000000000000002Q6VF78" },
        "merchant_principal_mismatch",
        "merchant_principal",
      ],
      [{ amount_minor: 100, product_id: "prod_missing" }, "resource_missing", "product_id"],
      [{ amount_minor: 100, metadata: { k: 1 } }, "parameter_invalid", "metadata.k"],
    ];
    for (const [body, code, param] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code, param });
    }
  });

  it("needs a verified payout wallet in the workspace", async () => {
    const { token } = await (async () => {
      const { signUp } = await import("../../test/harness.ts");
      return signUp(api);
    })();
    const org = await api.request("POST", "/v1/organizations", {
      token,
      body: { name: "No wallet", slug: `nw-${Date.now()}` },
    });
    const ws = await api.request("POST", `/v1/organizations/${org.body.id}/workspaces`, {
      token,
      body: { name: "Shop" },
    });
    const res = await api.request("POST", "/v1/payment_intents", {
      token,
      headers: { "x-workspace-id": ws.body.id },
      body: { amount_minor: 100 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("payout_wallet_missing");
  });

  it("writes the created status as a payment event and a payment_intent.created event in the same transaction", async () => {
    const pi = (await create({ amount_minor: 100 })).body;
    const events = await api.request("GET", `/v1/payment_intents/${pi.id}/events`, { token: merchant.sk });
    expect(events.body.data).toEqual([
      expect.objectContaining({
        object: "payment_event",
        from_status: null,
        to_status: "requires_payment_method",
        reason: "created",
      }),
    ]);
    const outbox = await api.deps.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "payment_intent.created")
      .execute();
    expect(outbox.some((e) => (e.data as { object: { id: string } }).object.id === pi.id)).toBe(true);
  });
});

describe("listing and retrieving", () => {
  it("lists newest first with cursor pagination and a status filter", async () => {
    const fresh = await setupMerchant(api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ amount_minor: 100 + i }, fresh.sk)).body.id);
    const first = await api.request("GET", "/v1/payment_intents?limit=2", { token: fresh.sk });
    expect(first.body).toMatchObject({ object: "list", has_more: true });
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.payment_intents).toEqual(first.body.data);
    const second = await api.request("GET", `/v1/payment_intents?limit=2&starting_after=${ids[3]}`, {
      token: fresh.sk,
    });
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const last = await api.request("GET", `/v1/payment_intents?limit=2&starting_after=${ids[1]}`, {
      token: fresh.sk,
    });
    expect(last.body).toMatchObject({ has_more: false });
    expect(last.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const back = await api.request("GET", `/v1/payment_intents?limit=2&ending_before=${ids[0]}`, {
      token: fresh.sk,
    });
    expect(back.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);

    await api.request("POST", `/v1/payment_intents/${ids[0]}/cancel`, { token: fresh.sk });
    const canceled = await api.request("GET", "/v1/payment_intents?status=canceled", { token: fresh.sk });
    expect(canceled.body.data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const several = await api.request(
      "GET",
      "/v1/payment_intents?status=canceled,requires_payment_method&limit=100",
      { token: fresh.sk },
    );
    expect(several.body.data).toHaveLength(5);
  });

  it("rejects bad list parameters with a 400 naming them", async () => {
    expect(
      (await api.request("GET", "/v1/payment_intents?limit=0", { token: merchant.sk })).body.error.param,
    ).toBe("limit");
    expect(
      (await api.request("GET", "/v1/payment_intents?limit=101", { token: merchant.sk })).body.error.param,
    ).toBe("limit");
    expect(
      (await api.request("GET", "/v1/payment_intents?status=paid", { token: merchant.sk })).body.error.param,
    ).toBe("status");
    expect(
      (await api.request("GET", "/v1/payment_intents?starting_after=pi_nope", { token: merchant.sk })).body
        .error.param,
    ).toBe("starting_after");
  });

  it("an unknown id is 404 resource_missing", async () => {
    const res = await api.request("GET", "/v1/payment_intents/pi_doesnotexist", { token: merchant.sk });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
  });

  it("a session reads intents of the workspace named by X-Workspace-Id", async () => {
    const pi = (await create({ amount_minor: 100 })).body;
    const res = await api.request("GET", `/v1/payment_intents/${pi.id}`, {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    expect(res.status).toBe(200);
    const none = await api.request("GET", `/v1/payment_intents/${pi.id}`, { token: merchant.token });
    expect(none.body.error.code).toBe("workspace_required");
  });
});

describe("canceling", () => {
  it("cancels an unpaid intent with a reason, records the transition, and refuses a second cancel", async () => {
    const pi = (await create({ amount_minor: 100 })).body;
    const res = await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, {
      token: merchant.sk,
      body: { cancellation_reason: "abandoned" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(res.body.canceled_at).toBeGreaterThan(0);
    const events = await api.request("GET", `/v1/payment_intents/${pi.id}/events`, { token: merchant.sk });
    expect(events.body.data.at(-1)).toMatchObject({
      from_status: "requires_payment_method",
      to_status: "canceled",
    });
    const again = await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, { token: merchant.sk });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("payment_intent_unexpected_state");
  });

  it("cancels without a body, and rejects an unknown reason", async () => {
    const pi = (await create({ amount_minor: 100 })).body;
    const bad = await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, {
      token: merchant.sk,
      body: { cancellation_reason: "bored" },
    });
    expect(bad.body.error.param).toBe("cancellation_reason");
    const ok = await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, { token: merchant.sk });
    expect(ok.status).toBe(200);
  });
});

describe("live status stream (GET /v1/payment_intents/{id}/stream)", () => {
  it("sends the intent at once, again on every change, and ends at a terminal status; a publishable key with the client secret may follow it", async () => {
    const served = await api.listen();
    try {
      const pi = (await create({ amount_minor: 321 })).body;
      const res = await fetch(
        `${served.url}/v1/payment_intents/${pi.id}/stream?client_secret=${pi.client_secret}`,
        {
          headers: { authorization: `Bearer ${merchant.pk}` },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value);
        }
      };
      await readUntil("requires_payment_method");
      expect(text).toContain("event: payment_intent");
      await api.request("POST", `/v1/payment_intents/${pi.id}/cancel`, { token: merchant.sk });
      await readUntil('"status":"canceled"');
      // The stream closes by itself after a terminal status.
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      const statuses = [...text.matchAll(/"status":"(\w+)"/g)].map((m) => m[1]);
      expect(statuses).toEqual(["requires_payment_method", "canceled"]);
    } finally {
      await served.close();
    }
  });
});
