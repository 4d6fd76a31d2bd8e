import { ACCOUNTS, type Devnet, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import { signTokenTransfer } from "@spay/devnet/testing";
import { encodeX402Header as encodeHeader } from "@spay/protocol/x402";
import { fetchNonce } from "@stacks/transactions";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import {
  listOperations,
  type OpenApiDocument,
  type OpenApiOperation,
  sampleFromSchema,
} from "../../test/openapi-walk.ts";
import { createApp } from "../app.ts";

/**
 * Property-based fuzzing (fast-check) of every operation in the served OpenAPI document: bodies
 * that are malformed JSON, JSON of the wrong shape, valid bodies with one field swapped for a
 * hostile value (wrong type, huge or non-finite number, unicode, oversize string, deep nesting,
 * prototype keys), odd content types, hostile path ids and query values, under every kind of
 * caller. Property: never a 5xx, and every non-2xx answer is `{error: {code}}` JSON.
 * The x402 facilitator gets its own fuzzing with headers built from real and mutated payments:
 * a byte-flipped copy of a correctly signed transfer is never accepted.
 */
let api: TestApi;
let app: ReturnType<typeof createApp>;
let devnet: Devnet;
let doc: OpenApiDocument;
let m: Merchant;
const realIds: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  app = createApp(api.deps);
  doc = (await api.request("GET", "/v1/openapi.json")).body;
  m = await setupMerchant(api);
  const product = await api.request("POST", "/v1/products", {
    token: m.sk,
    body: { name: "Fuzz", price_minor: 100, stock: 5 },
  });
  const intent = await api.request("POST", "/v1/payment_intents", {
    token: m.sk,
    body: { amount_minor: 100 },
  });
  const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
    token: m.sk,
    body: { url: "http://localhost:3000/hooks" },
  });
  realIds.push(
    product.body.id,
    product.body.payment_link.id,
    intent.body.id,
    endpoint.body.id,
    m.workspaceId,
  );
}, 120_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

/** Operations that would end the fuzzing caller's own account or session. */
const NOT_FUZZED = new Set(["DELETE /api/merchants/delete", "POST /v1/auth/logout"]);

const HUGE_NUMBERS = [
  "1e400",
  "-1e400",
  "1e308",
  "9".repeat(400),
  "-0",
  "0.0000001",
  "9007199254740993",
  "1.5",
];
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "x".repeat(20_000),
    "\u0000",
    "\ud800",
    "🧨".repeat(500),
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    -1,
    0,
    2 ** 63,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_VALUE,
    1.5,
    true,
    null,
    [],
    {},
    { __proto__: { admin: true } },
  ),
);
/** A raw-text marker swapped for a number literal JSON.stringify cannot produce (1e400, 999…). */
const RAW = "\u0001RAW\u0001";

function bodyArb(op: OpenApiOperation): fc.Arbitrary<string | undefined> {
  const sample = op.requestSchema ? sampleFromSchema(op.requestSchema, doc) : {};
  const fields = sample && typeof sample === "object" && !Array.isArray(sample) ? Object.keys(sample) : [];
  const mutated = fc
    .record({
      field: fields.length
        ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 }))
        : fc.string({ maxLength: 12 }),
      value: fc.oneof(
        hostileValue,
        fc.constantFrom(...HUGE_NUMBERS).map((n) => `${RAW}${n}`),
      ),
    })
    .map(({ field, value }) => {
      const text = JSON.stringify({ ...(sample as object), [field]: value });
      return text.replace(new RegExp(`"${RAW}([^"]*)"`, "g"), "$1");
    });
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 80 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        '{"a":',
        "[".repeat(5_000),
        `{"a":${"[".repeat(3_000)}${"]".repeat(3_000)}}`,
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        JSON.stringify({ big: "x".repeat(1_100_000) }),
        undefined,
      ),
    },
  );
}

const pathValue = fc.oneof(
  fc.constantFrom(
    ...["x", "%00", "..%2F..", "0", "-1", "1e400", "prod_", "pi_' OR '1'='1", "a".repeat(5_000)],
  ),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.constant("REAL"),
);
const queryValue = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom("-1", "0", "101", "1e400", "NaN", "abc", "%00", "x".repeat(3_000)),
  fc.integer().map(String),
);
const callerArb = fc.constantFrom("none", "sk", "pk", "session");
const contentTypeArb = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "",
);

function headersFor(caller: string): Record<string, string> {
  if (caller === "sk") return { authorization: `Bearer ${m.sk}` };
  if (caller === "pk") return { authorization: `Bearer ${m.pk}` };
  if (caller === "session") return { authorization: `Bearer ${m.token}`, "x-workspace-id": m.workspaceId };
  return {};
}

describe("hostile input on every public endpoint (property-based)", () => {
  it("never answers 5xx, and every error is {error: {code}}", async () => {
    const operations = listOperations(doc).filter(
      (op) => !NOT_FUZZED.has(`${op.method} ${op.path}`) && !op.path.endsWith("/stream"),
    );
    expect(operations.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const op of operations) {
      const requestArb = fc.record({
        caller: callerArb,
        body: op.method === "GET" ? fc.constant(undefined) : bodyArb(op),
        contentType: contentTypeArb,
        pathValue,
        realId: fc.constantFrom(...realIds),
        query: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...op.queryParams.map((p) => p.name), "limit"),
              fc.string({ maxLength: 8 }),
            ),
            queryValue,
          ),
          { maxLength: 4 },
        ),
      });
      const before = failures.length;
      await fc
        .assert(
          fc.asyncProperty(requestArb, async (r) => {
            const id = r.pathValue === "REAL" ? r.realId : r.pathValue;
            // DELETE of the caller's own real objects would only shrink what later runs can reach.
            const path = op.path.replace(
              /\{\w+\}/g,
              op.method === "DELETE" && r.pathValue === "REAL" ? "x" : id,
            );
            const query = r.query
              .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
              .join("&");
            const res = await app.request(`${path}${query ? `?${query}` : ""}`, {
              method: op.method,
              headers: {
                ...headersFor(r.caller),
                ...(r.contentType ? { "content-type": r.contentType } : {}),
              },
              ...(r.body === undefined ? {} : { body: r.body }),
            });
            const text = await res.text();
            let code: unknown;
            try {
              code = JSON.parse(text)?.error?.code;
            } catch {
              code = undefined;
            }
            const ok = res.status < 500 && (res.status < 400 || typeof code === "string");
            if (!ok)
              failures.push(
                `${op.method} ${path.slice(0, 80)} [${r.caller}] → ${res.status} ${text.slice(0, 160)}`,
              );
            return ok;
          }),
          { numRuns: 25, endOnFailure: true },
        )
        .catch((err: Error) => {
          // A false property is already in `failures`; anything thrown is recorded here.
          if (failures.length === before)
            failures.push(`${op.method} ${op.path}: ${err.message.slice(0, 400)}`);
        });
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("x402 facilitator under fuzzing (verify and settle over HTTP)", () => {
  const NETWORK = "stacks:2147483648";
  const payer = ACCOUNTS.find((a) => a.name === "wallet_5") as (typeof ACCOUNTS)[number];

  async function issued() {
    const res = await api.request("POST", "/v1/x402/requirements", {
      token: m.sk,
      body: {
        resource: { url: "https://api.example.com/paid" },
        accepts: [{ asset: "usdc", amount: "1000" }],
      },
    });
    expect(res.status).toBe(200);
    return res.body.accepts[0] as Record<string, unknown> & { extra: { nonce: string } };
  }

  async function signedFor(requirement: { extra: { nonce: string } }) {
    const nonce = await fetchNonce({ address: payer.address, client: { baseUrl: devnet.url } });
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: { contractId: USDC_CONTRACT_ID, assetName: "usdc-token" },
      from: payer,
      to: m.wallet.address,
      amount: 1000n,
      memo: requirement.extra.nonce,
      nonce,
      fee: 2_000n,
    });
    return tx.serialize();
  }

  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: "POST",
      headers: { authorization: `Bearer ${m.sk}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("a byte-flipped copy of a correctly signed payment is never valid, and nothing 5xx", async () => {
    const requirement = await issued();
    const hex = await signedFor(requirement);
    const genuine = await post("/v1/x402/verify", {
      paymentHeader: encodeHeader({ x402Version: 2, accepted: requirement, payload: { transaction: hex } }),
      paymentRequirements: requirement,
      requireIssued: true,
    });
    expect(await genuine.json()).toMatchObject({ isValid: true }); // the control: unmodified, it passes
    const bytes = hex.length / 2;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(bytes - 1), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constantFrom<("verify" | "settle")[]>("verify", "settle"),
        async (flips, endpoint) => {
          const buf = Buffer.from(hex, "hex");
          for (const [at, mask] of flips) buf[at] = (buf[at] as number) ^ mask;
          const res = await post(`/v1/x402/${endpoint}`, {
            paymentHeader: encodeHeader({
              x402Version: 2,
              accepted: requirement,
              payload: { transaction: buf.toString("hex") },
            }),
            paymentRequirements: requirement,
            requireIssued: true,
          });
          expect(res.status).toBe(200);
          // biome-ignore lint/suspicious/noExplicitAny: asserting on arbitrary JSON answers
          const body = (await res.json()) as any;
          expect(endpoint === "verify" ? body.isValid : body.success).toBe(false);
          expect(typeof (body.invalidReason ?? body.errorReason)).toBe("string");
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it("hostile PAYMENT-SIGNATURE / X-PAYMENT headers and requirements: a verdict or a 4xx, never accepted", async () => {
    const requirement = await issued();
    const header = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.base64String({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? "").toString("base64")),
      fc
        .record(
          {
            x402Version: fc.constantFrom(1, 2, 3, "2", null),
            scheme: fc.constantFrom("exact", "upto", ""),
            network: fc.constantFrom(NETWORK, "stacks:1", "stacks-testnet", "eip155:1", "__proto__"),
            accepted: fc.constant(requirement),
            payload: fc.oneof(
              fc.record({ txid: fc.oneof(fc.stringMatching(/^(0x)?[0-9a-f]{64}$/), fc.string()) }),
              fc.record({ transaction: fc.stringMatching(/^[0-9a-f]{0,300}$/) }),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          },
          { requiredKeys: [] },
        )
        .map((v) => encodeHeader(v)),
    );
    const requirements = fc.oneof(
      fc.constant(requirement as Record<string, unknown>),
      fc
        .record({
          key: fc.constantFrom("amount", "payTo", "asset", "network", "extra", "scheme", "maxAmountRequired"),
          value: hostileValue,
        })
        .map(({ key, value }) => ({ ...requirement, [key]: value })),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })),
    );
    await fc.assert(
      fc.asyncProperty(
        header,
        requirements,
        fc.boolean(),
        fc.constantFrom<("verify" | "settle")[]>("verify", "settle"),
        async (paymentHeader, paymentRequirements, requireIssued, endpoint) => {
          const res = await post(`/v1/x402/${endpoint}`, {
            paymentHeader,
            paymentRequirements,
            requireIssued,
          });
          expect(res.status).toBeLessThan(500);
          // biome-ignore lint/suspicious/noExplicitAny: asserting on arbitrary JSON answers
          const body = (await res.json()) as any;
          if (res.status === 200) expect(endpoint === "verify" ? body.isValid : body.success).toBe(false);
          else expect(typeof body.error?.code).toBe("string");
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it("an x402 txid that was never broadcast is refused with a reason (random txids)", async () => {
    const requirement = await issued();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (raw) => {
        const txid = Buffer.from(raw).toString("hex");
        const res = await post("/v1/x402/settle", {
          paymentPayload: { x402Version: 2, accepted: requirement, payload: { txid } },
          paymentRequirements: requirement,
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ success: false, errorReason: "transaction_not_found" });
      }),
      { numRuns: 10 },
    );
  });
});
