import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { MAX_BODY_BYTES } from "../app.ts";

let api: TestApi;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

describe("error object and request ids (DESIGN.md API conventions)", () => {
  it("every response has an X-Request-Id, and error bodies repeat it", async () => {
    const ok = await api.request("GET", "/health");
    expect(ok.headers.get("x-request-id")).toMatch(/^req_/);
    const err = await api.request("GET", "/v1/nowhere");
    expect(err.status).toBe(404);
    expect(err.body.error).toMatchObject({ type: "invalid_request_error", code: "route_not_found" });
    expect(err.body.error.request_id).toBe(err.headers.get("x-request-id"));
  });

  it("malformed JSON is 400 invalid_json; a non-JSON content type is 415", async () => {
    const bad = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      rawBody: "{amount_minor: 1",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    const form = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      rawBody: "amount_minor=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");
  });

  it("bodies over 1 MB are 413 body_too_large, with or without Content-Length", async () => {
    const huge = JSON.stringify({ amount_minor: 100, metadata: { pad: "x".repeat(MAX_BODY_BYTES) } });
    const declared = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      rawBody: huge,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(huge)) },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe("body_too_large");
    const streamed = await api.request("POST", "/v1/auth/register", {
      rawBody: huge,
      headers: { "content-type": "application/json" },
    });
    expect(streamed.status).toBe(413);
  });

  it("a bad Authorization header is 401 with a code, not a crash", async () => {
    for (const authorization of [
      "Bearer",
      "Basic abc",
      "Bearer sk_test_nope",
      "Bearer pk_live_" + "a".repeat(32),
    ]) {
      const res = await api.request("GET", "/v1/products", { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.body.error.type).toBe("authentication_error");
    }
  });
});

describe("security headers and CORS", () => {
  it("sends nosniff, frame and referrer protections", async () => {
    const res = await api.request("GET", "/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("strict-transport-security")).toContain("max-age");
  });

  it("allows the dashboard's origin everywhere, and other origins only on checkout paths", async () => {
    const preflight = (path: string, origin: string) =>
      api.request("OPTIONS", path, {
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type",
        },
      });
    const dashboard = await preflight("/v1/organizations", "https://pay.example.test");
    expect(dashboard.headers.get("access-control-allow-origin")).toBe("https://pay.example.test");
    expect(dashboard.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
    const stranger = await preflight("/v1/organizations", "https://evil.example");
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const shop = await preflight("/v1/payment_intents", "https://shop.example");
    expect(shop.headers.get("access-control-allow-origin")).toBe("https://shop.example");
  });
});

describe("rate limits", () => {
  it("limits per key with 429 rate_limited and Retry-After, independently per key", async () => {
    const limited = await startTestApi({ rateLimitKeyPerSecond: 5 });
    try {
      const m = await setupMerchant(limited);
      // A burst of two seconds' worth (10) is served, then refusals until tokens refill. Asked in
      // bursts until the first refusal (bounded), so a slow machine's refill cannot hide it.
      let served = 0;
      let last: Awaited<ReturnType<typeof limited.request>> | undefined;
      for (let burst = 0; burst < 20 && last?.status !== 429; burst++) {
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => limited.request("GET", "/v1/products", { token: m.sk })),
        );
        served += answers.filter((r) => r.status === 200).length;
        last = answers.find((r) => r.status === 429);
      }
      expect(served).toBeGreaterThanOrEqual(10);
      if (!last) throw new Error("never limited");
      expect(last.status).toBe(429);
      expect(last.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await limited.request("GET", "/v1/products", { token: m.pk })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("limits per IP, and sign-in attempts per IP per minute", async () => {
    const limited = await startTestApi({ rateLimitIpPerSecond: 2, rateLimitAuthPerMinute: 2 });
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await limited.request("GET", "/health"));
      const refused = answers.find((a) => a.status === 429);
      expect(refused?.body.error.code).toBe("rate_limited");
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
    const signIn = await startTestApi({ rateLimitAuthPerMinute: 2 });
    try {
      const attempt = () =>
        signIn.request("POST", "/v1/auth/login", { body: { email: "x@example.com", password: "whatever1" } });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      const third = await attempt();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } finally {
      await signIn.close();
    }
  });
});

describe("OpenAPI 3.1 document", () => {
  it("documents every route with request schemas, success and error responses", async () => {
    const res = await api.request("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const ops = Object.entries(
      res.body.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>
      >,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(ops.length).toBeGreaterThanOrEqual(45);
    for (const { path, method, op } of ops) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith("2")),
        `${method} ${path}`,
      ).toBe(true);
      expect(
        statuses.some((s) => s.startsWith("4")),
        `${method} ${path}`,
      ).toBe(true);
      if (["post", "put", "patch"].includes(method) && !/\/(logout|rotate_secret|revoke_others)$/.test(path))
        expect(op.requestBody, `${method} ${path}`).toBeDefined();
    }
    for (const required of [
      "/v1/payment_intents",
      "/v1/auth/wallet/verify",
      "/onboarding/wallet/verify",
      "/api/environments/{id}",
      "/fx",
      "/v1/stats/payments",
    ]) {
      expect(res.body.paths[required], required).toBeDefined();
    }
    expect(res.body.components.schemas.Error).toBeDefined();
    expect(res.body.components.schemas.PaymentIntent.properties.status.enum).toContain("payment_settled");
  });
});

describe("hostile input never produces a 5xx", () => {
  const GARBAGE: (string | undefined)[] = [
    "",
    "null",
    "[]",
    '"string"',
    "12",
    "true",
    "{",
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"amount_minor": 1e308, "name": null, "email": [], "type": {}, "slug": 7}',
    '{"name": "\\u0000\\ud800", "price_minor": -1, "stock": 1.5, "address": "SP0", "env": "prod"}',
    JSON.stringify({ name: "x".repeat(100_000), nested: JSON.parse("[".repeat(500) + "]".repeat(500)) }),
    '{"id": "../../etc/passwd", "workspace_id": "\' or 1=1 --"}',
  ];

  it("every operation answers 4xx with an error code to garbage bodies, as every kind of caller", async () => {
    const doc = await api.request("GET", "/v1/openapi.json");
    const fill = (path: string) => path.replace(/\{[^}]+\}/g, "x' OR '1'='1");
    const callers: { token: string | undefined; headers: Record<string, string> }[] = [
      { token: undefined, headers: {} },
      { token: merchant.sk, headers: {} },
      { token: merchant.pk, headers: {} },
      { token: merchant.token, headers: { "x-workspace-id": merchant.workspaceId } },
    ];
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(doc.body.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) {
        if (path === "/api/merchants/delete" || (method === "delete" && !path.includes("{"))) continue;
        if (path.endsWith("/stream")) continue; // an endless event stream; its auth is tested in cli/listen.test.ts
        for (const caller of callers) {
          for (const body of method === "get" ? [undefined] : GARBAGE) {
            const res = await api.request(
              method.toUpperCase(),
              `${fill(path)}${method === "get" ? "?limit=abc&days=-1&status=%00" : ""}`,
              {
                token: caller.token,
                headers: { ...caller.headers, "content-type": "application/json" },
                ...(body === undefined ? {} : { rawBody: body }),
              },
            );
            if (res.status >= 500 || (res.status >= 400 && typeof res.body?.error?.code !== "string")) {
              failures.push(`${method} ${path} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
