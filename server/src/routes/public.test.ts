import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowBrowserAmounts,
  type Merchant,
  setupMerchant,
  startTestApi,
  TEST_USD_PER_BTC,
  type TestApi,
  uniqueEmail,
} from "../../test/harness.ts";
import { nowSeconds } from "../domain/ids.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

describe("GET /fx", () => {
  it("answers without credentials with the configured fixed rate", async () => {
    const res = await api.request("GET", "/fx");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ usdPerBtc: TEST_USD_PER_BTC, source: "fixed" });
    expect(res.body.fetched_at).toBeGreaterThan(0);
  });
});

describe("GET /v1/chains", () => {
  it("answers without credentials: test keys settle on the gateway's devnet, live keys on mainnet", async () => {
    const res = await api.request("GET", "/v1/chains");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ test: "devnet", live: "mainnet" });
  });
});

describe("GET /v1/stats/payments", () => {
  const stats = async (query = "?days=7") => {
    const res = await api.request("GET", `/v1/stats/payments${query}`);
    expect(res.status).toBe(200);
    return res.body as { test_payments: number; days: number; since: number };
  };
  const createIntent = async (token: string) => {
    const res = await api.request("POST", "/v1/payment_intents", { token, body: { amount_minor: 100 } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it("counts the sandbox payment intents created in the window, publicly", async () => {
    const before = await stats();
    expect(before.days).toBe(7);
    expect(Math.abs(before.since - (nowSeconds() - 7 * 86_400))).toBeLessThanOrEqual(2);
    await createIntent(merchant.sk);
    // A browser-made intent counts too (its amount needs the workspace's permission).
    await allowBrowserAmounts(api, merchant);
    await createIntent(merchant.pk);
    expect((await stats()).test_payments).toBe(before.test_payments + 2);
  });

  it("live intents are not counted", async () => {
    const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    const before = await stats();
    const id = await createIntent(live.body.key);
    const row = await api.deps.db
      .selectFrom("payment_intents")
      .select("env")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.env).toBe("live");
    expect((await stats()).test_payments).toBe(before.test_payments);
  });

  it("intents older than the window are left out; a wider window takes them in", async () => {
    const id = await createIntent(merchant.sk);
    const week = (await stats()).test_payments;
    await api.deps.db
      .updateTable("payment_intents")
      .set({ created_at: nowSeconds() - 8 * 86_400 })
      .where("id", "=", id)
      .execute();
    expect((await stats()).test_payments).toBe(week - 1);
    expect((await stats("?days=30")).test_payments).toBe(week);
  });

  it("days defaults to 7", async () => {
    const body = await stats("");
    expect(body.days).toBe(7);
    expect(body.test_payments).toBe((await stats()).test_payments);
  });

  it.each(["0", "366", "-1", "1.5", "abc"])("days=%s is a 400 on days", async (days) => {
    const res = await api.request("GET", `/v1/stats/payments?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "days" });
  });
});

describe("POST /v1/email-signups", () => {
  it("signs up an email from the landing page (201)", async () => {
    const email = uniqueEmail();
    const res = await api.request("POST", "/v1/email-signups", { body: { email, source: "landing_page" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, source: "landing_page" });
    expect(res.body.id).toMatch(/^sub_/);
  });

  it("source defaults to landing_page and the email is stored lowercased", async () => {
    const email = uniqueEmail();
    const res = await api.request("POST", "/v1/email-signups", {
      body: { email: `  ${email.toUpperCase()} ` },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, source: "landing_page" });
  });

  it("a duplicate, in any case, is 409 email_already_exists with SPEC.md §8's signup text", async () => {
    const email = uniqueEmail();
    await api.request("POST", "/v1/email-signups", { body: { email } });
    const res = await api.request("POST", "/v1/email-signups", { body: { email: email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "email_already_exists",
      message: "This email is already signed up for updates",
      param: "email",
    });
  });

  it("a malformed or missing email is a 400 on email", async () => {
    const bad = await api.request("POST", "/v1/email-signups", { body: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("email");
    const missing = await api.request("POST", "/v1/email-signups", { body: {} });
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "email" });
  });
});

describe("GET /health", () => {
  it("reports the service and its database up", async () => {
    const res = await api.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, database: "up" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});
