import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  newTestWallet,
  setupMerchant,
  signMessage,
  signUp,
  startTestApi,
  TEST_PASSWORD,
  type TestApi,
  uniqueEmail,
} from "../../test/harness.ts";
import { listOperations, type OpenApiDocument } from "../../test/openapi-walk.ts";
import { MAX_JSON_DEPTH } from "../http/json-depth.ts";
import { purgeExpiredChallenges } from "../services/auth.ts";

/**
 * Hostile input and hostile accounts. Each test is an attack on the real app (PGlite or
 * PostgreSQL, real signatures, a real socket where the attack lives below the app) and the rule
 * it breaks.
 */

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepMetadata = (depth: number) => `{"amount_minor": 500, "metadata": ${deepArray(depth)}}`;

/** One raw HTTP/1.1 exchange, so the answer Node's parser gives (not the app's) is what we read. */
function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  options: { method?: string; chunkedBody?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const method = options.method ?? "GET";
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    // Node frames a DELETE body only when asked to (Transfer-Encoding: chunked, no Content-Length).
    if (options.chunkedBody !== undefined) req.write(options.chunkedBody);
    req.end();
  });
}

describe("hostile input", () => {
  let api: TestApi;
  let merchant: Merchant;

  beforeAll(async () => {
    api = await startTestApi();
    merchant = await setupMerchant(api);
  });
  afterAll(() => api.close());

  it("deep JSON: 5,000 nested arrays sent unauthenticated to sign-up are a 400 json_too_deep, not a 500", async () => {
    for (const path of ["/v1/auth/register", "/v1/auth/login", "/v1/auth/wallet/verify"]) {
      const res = await api.request("POST", path, {
        rawBody: deepArray(5000),
        headers: { "content-type": "application/json" },
      });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("json_too_deep");
    }
  });

  it("deep JSON: an authenticated intent whose metadata nests 5,000 levels is refused before validation", async () => {
    const res = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      rawBody: deepMetadata(5000),
      headers: { "content-type": "application/json", "idempotency-key": "deep-1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "json_too_deep", type: "invalid_request_error" });
    expect(res.body.error.request_id).toMatch(/^req_/);
    const stored = await api.deps.db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("key", "=", "deep-1")
      .execute();
    expect(stored).toEqual([]);
  });

  it("deep JSON: brackets inside strings are data, and nesting at the limit reaches the validator", async () => {
    const inString = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 500, metadata: { note: "[{".repeat(200) } },
    });
    expect(inString.status).toBe(201);
    const atLimit = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      rawBody: deepMetadata(MAX_JSON_DEPTH - 1),
      headers: { "content-type": "application/json" },
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).toBe("parameter_invalid");
  });

  it("deep JSON: every operation of the OpenAPI document that takes a body refuses 5,000 levels with 400, with or without credentials", async () => {
    const doc = (await api.request("GET", "/v1/openapi.json")).body as OpenApiDocument;
    const withBody = listOperations(doc).filter((op) => op.requestSchema);
    expect(withBody.length).toBeGreaterThan(20);
    const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "x_1");
    for (const op of withBody) {
      for (const token of [undefined, merchant.sk, merchant.token]) {
        const res = await api.request(op.method, concrete(op.path), {
          token,
          rawBody: `{"a": ${deepArray(5000)}}`,
          headers: { "content-type": "application/json", "x-workspace-id": merchant.workspaceId },
        });
        const label = `${op.method} ${op.path} (${token ? token.slice(0, 5) : "anonymous"})`;
        expect(res.status, label).toBe(400);
        expect(res.body.error.code, label).toBe("json_too_deep");
      }
    }
  });

  it("deep JSON: at the limit the body reaches the validator; one level more does not", async () => {
    for (const depth of [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH]) {
      // The object around the arrays is one more level.
      const res = await api.request("POST", "/v1/products", {
        token: merchant.sk,
        rawBody: `{"a": ${deepArray(depth)}}`,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      if (depth + 1 > MAX_JSON_DEPTH) expect(res.body.error.code).toBe("json_too_deep");
      else expect(res.body.error.code).not.toBe("json_too_deep");
    }
  });

  describe("over a real socket", () => {
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await api.listen();
    });
    afterAll(() => server.close());

    it("oversize query: a 20 KB query string gets the JSON error object with 431, not an empty 431", async () => {
      const res = await rawRequest(server.url, `/v1/products?q=${"a".repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers.connection).toBe("close");
      const body = JSON.parse(res.body);
      expect(body).toEqual({
        error: {
          type: "invalid_request_error",
          code: "request_too_large",
          message: expect.stringMatching(/too large/),
          request_id: expect.stringMatching(/^req_/),
        },
      });
      expect(res.headers["x-request-id"]).toBe(body.error.request_id);
    });

    it("deep JSON: a chunked DELETE body (no Content-Length) is read and refused like any other", async () => {
      const res = await rawRequest(
        server.url,
        "/api/merchants/delete",
        {
          authorization: `Bearer ${merchant.token}`,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
        { method: "DELETE", chunkedBody: `{"email": ${deepArray(5000)}}` },
      );
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe("json_too_deep");
    });

    it("oversize headers: a 20 KB header gets the same JSON 431, and the server keeps serving", async () => {
      const res = await rawRequest(server.url, "/health", { "x-padding": "b".repeat(20_000) });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body).error.code).toBe("request_too_large");
      const after = await fetch(`${server.url}/v1/auth/session`);
      expect(after.status).toBe(401);
    });
  });

  describe("weak passwords", () => {
    it("registering with a common password is refused with the estimator's reason", async () => {
      const email = uniqueEmail();
      const res = await api.request("POST", "/v1/auth/register", {
        body: { email, password: "password123" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "password_too_weak", param: "password" });
      expect(res.body.error.message).toMatch(/too easy to guess.*commonly used password/i);
      const row = await api.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(row).toEqual([]);
    });

    it("registering with a password built from one's own email is refused", async () => {
      const email = `grace.hopper@navy-${Date.now()}.example.com`;
      const res = await api.request("POST", "/v1/auth/register", {
        body: { email, password: "grace.hopper1" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("password_too_weak");
      const row = await api.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(row).toEqual([]);
    });

    it("changing to a weak password is refused and the old password still signs in", async () => {
      const { token, email } = await signUp(api);
      const res = await api.request("POST", "/v1/auth/password", {
        token,
        body: { current_password: TEST_PASSWORD, new_password: "qwertyuiop" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "password_too_weak", param: "new_password" });
      expect(res.body.error.message).toMatch(/frequently used password/i);
      const login = await api.request("POST", "/v1/auth/login", {
        body: { email, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
    });
  });

  describe("wallet signatures", () => {
    async function challengeFor(wallet: ReturnType<typeof newTestWallet>) {
      const res = await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`);
      expect(res.status).toBe(200);
      return res.body as { message: string; nonce: string };
    }

    it("a signature with a flipped recovery byte does not sign in, and the genuine one still does", async () => {
      const wallet = newTestWallet();
      const { message, nonce } = await challengeFor(wallet);
      const genuine = signMessage(wallet, message);
      const v = Number.parseInt(genuine.slice(128), 16);
      const forged = [v ^ 1, v + 27, (v ^ 1) + 27, 2, 3].map(
        (b) => genuine.slice(0, 128) + b.toString(16).padStart(2, "0"),
      );
      for (const signature of forged) {
        const res = await api.request("POST", "/v1/auth/wallet/verify", {
          body: { address: wallet.address, public_key: wallet.publicKey, signature, nonce },
        });
        expect(res.status, signature.slice(128)).toBe(401);
        expect(res.body.error.code).toBe("signature_invalid");
      }
      const ok = await api.request("POST", "/v1/auth/wallet/verify", {
        body: { address: wallet.address, public_key: wallet.publicKey, signature: genuine, nonce },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.wallet_address).toBe(wallet.address);
    });

    it("a high-S re-encoding of a genuine signature (s → n − s, v flipped) is refused", async () => {
      const n = BigInt("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
      const wallet = newTestWallet();
      const { message, nonce } = await challengeFor(wallet);
      const genuine = signMessage(wallet, message);
      const highS = (n - BigInt(`0x${genuine.slice(64, 128)}`)).toString(16).padStart(64, "0");
      const v = Number.parseInt(genuine.slice(128), 16);
      const signature = genuine.slice(0, 64) + highS + (v ^ 1).toString(16).padStart(2, "0");
      const res = await api.request("POST", "/v1/auth/wallet/verify", {
        body: { address: wallet.address, public_key: wallet.publicKey, signature, nonce },
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("signature_invalid");
    });
  });

  it("expired wallet challenges are purged, so anonymous requests cannot grow the table without bound", async () => {
    const wallet = newTestWallet();
    const fresh = await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`);
    const stale = await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`);
    await api.deps.db
      .updateTable("wallet_challenges")
      .set({ expires_at: 1 })
      .where("nonce", "=", stale.body.nonce)
      .execute();
    expect(await purgeExpiredChallenges(api.deps.db)).toBeGreaterThanOrEqual(1);
    const left = await api.deps.db
      .selectFrom("wallet_challenges")
      .select("nonce")
      .where("nonce", "in", [fresh.body.nonce, stale.body.nonce])
      .execute();
    expect(left.map((r) => r.nonce)).toEqual([fresh.body.nonce]);
  });

  it("expired passkey sign-in challenges, asked for anonymously, are purged too", async () => {
    const fresh = await api.request("POST", "/v1/auth/passkeys/sign-in-options", { body: {} });
    const stale = await api.request("POST", "/v1/auth/passkeys/sign-in-options", { body: {} });
    expect(stale.status).toBe(200);
    await api.deps.db
      .updateTable("passkey_challenges")
      .set({ expires_at: 1 })
      .where("challenge", "=", stale.body.challenge)
      .execute();
    expect(await purgeExpiredChallenges(api.deps.db)).toBeGreaterThanOrEqual(1);
    const left = await api.deps.db
      .selectFrom("passkey_challenges")
      .select("challenge")
      .where("challenge", "in", [fresh.body.challenge, stale.body.challenge])
      .execute();
    expect(left.map((r) => r.challenge)).toEqual([fresh.body.challenge]);
  });

  it("PATCH state=enabled on a revoked key is a 400 api_key_revoked_final, and the key stays dead", async () => {
    const created = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk" },
    });
    await api.request("DELETE", `/v1/api-keys/${created.body.id}`, { token: merchant.token });
    const res = await api.request("PATCH", `/v1/api-keys/${created.body.id}`, {
      token: merchant.token,
      body: { state: "enabled" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("api_key_revoked_final");
    const use = await api.request("GET", "/v1/products", { token: created.body.key });
    expect(use.status).toBe(401);
    expect(use.body.error.code).toBe("api_key_revoked");
  });
});

describe("throttles (limits switched on)", () => {
  let api: TestApi;
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  beforeAll(async () => {
    api = await startTestApi({
      trustProxy: true,
      signInFailuresPerAccount: 10,
      walletChallengesPerMinute: 20,
    });
  });
  afterAll(() => api.close());

  it("password guessing from many IPs: the 11th attempt on one account within 15 minutes is a 429, even with the right password", async () => {
    const victim = await signUp(api);
    const bystander = await signUp(api);
    for (let i = 0; i < 10; i++) {
      const res = await api.request("POST", "/v1/auth/login", {
        body: { email: victim.email, password: `guess-number-${i}` },
        headers: from(`198.51.100.${i + 1}`),
      });
      expect(res.status).toBe(401);
    }
    const blocked = await api.request("POST", "/v1/auth/login", {
      body: { email: victim.email, password: TEST_PASSWORD },
      headers: from("203.0.113.77"),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("sign_in_throttled");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const other = await api.request("POST", "/v1/auth/login", {
      body: { email: bystander.email, password: TEST_PASSWORD },
      headers: from("198.51.100.1"),
    });
    expect(other.status).toBe(200);

    // The lock is not forever: once the failures are 15 minutes old, the owner signs in again.
    await api.deps.db
      .updateTable("audit_log")
      .set((eb) => ({ created_at: eb("created_at", "-", 901) }))
      .where("user_id", "=", victim.user.id)
      .where("action", "=", "user.sign_in_failed")
      .execute();
    const later = await api.request("POST", "/v1/auth/login", {
      body: { email: victim.email, password: TEST_PASSWORD },
      headers: from("203.0.113.77"),
    });
    expect(later.status).toBe(200);
  });

  it("successful sign-ins do not count toward the account throttle", async () => {
    const user = await signUp(api);
    for (let i = 0; i < 12; i++) {
      const res = await api.request("POST", "/v1/auth/login", {
        body: { email: user.email, password: TEST_PASSWORD },
        headers: from(`192.0.2.${i + 1}`),
      });
      expect(res.status).toBe(200);
    }
    const wrong = await api.request("POST", "/v1/auth/login", {
      body: { email: user.email, password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
  });

  it("challenge flood: the 21st anonymous wallet challenge from one IP within a minute is a 429; other IPs are served", async () => {
    const wallet = newTestWallet();
    const path = `/v1/auth/wallet/challenge?address=${wallet.address}`;
    for (let i = 0; i < 20; i++) {
      const res = await api.request("GET", path, { headers: from("198.51.100.200") });
      expect(res.status).toBe(200);
    }
    const flooded = await api.request("GET", path, { headers: from("198.51.100.200") });
    expect(flooded.status).toBe(429);
    expect(flooded.body.error.code).toBe("rate_limited");
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const stored = await api.deps.db
      .selectFrom("wallet_challenges")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("address", "=", wallet.address)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20);
    const elsewhere = await api.request("GET", path, { headers: from("198.51.100.201") });
    expect(elsewhere.status).toBe(200);
  });
});
