import { describe, expect, it } from "vitest";
import { base64Encode, utf8Encode } from "./base64.ts";
import { declareBazaar } from "./bazaar.ts";
import { canonicalJson, readSignedReceipt, signedPayload } from "./offer-receipt.ts";
import {
  declarePaymentIdentifier,
  isValidPaymentId,
  readPaymentIdentifier,
  withPaymentIdentifier,
} from "./payment-identifier.ts";

describe("payment-identifier", () => {
  it("an id is 16-128 of letters, digits, - and _", () => {
    expect(isValidPaymentId("pay_7d5d747be160e280")).toBe(true);
    expect(isValidPaymentId("a".repeat(15))).toBe(false);
    expect(isValidPaymentId("a".repeat(129))).toBe(false);
    expect(isValidPaymentId("pay_7d5d747be160e28!")).toBe(false);
  });

  it("the client echoes the server's declaration with its id; the server reads it back", () => {
    const extensions = { "payment-identifier": declarePaymentIdentifier(true) };
    const echoed = withPaymentIdentifier(extensions, "pay_0123456789abcdef");
    expect(echoed).toEqual({
      "payment-identifier": {
        info: { required: true, id: "pay_0123456789abcdef" },
        schema: extensions["payment-identifier"].schema,
      },
    });
    expect(readPaymentIdentifier({ extensions: echoed })).toEqual({ id: "pay_0123456789abcdef" });
    expect(withPaymentIdentifier({}, "pay_0123456789abcdef")).toBeNull();
    expect(
      readPaymentIdentifier({ extensions: { "payment-identifier": { info: { id: "short" } } } }),
    ).toEqual({
      invalid: "short",
    });
    expect(readPaymentIdentifier({})).toBeNull();
  });
});

describe("offer-receipt wire", () => {
  it("JCS: keys sorted, no whitespace", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    );
  });

  it("reads a receipt's payload from its JWS", () => {
    const part = (v: unknown) =>
      base64Encode(utf8Encode(JSON.stringify(v)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const receipt = {
      format: "jws" as const,
      signature: `${part({ alg: "ES256K" })}.${part({ version: 1 })}.sig`,
    };
    expect(readSignedReceipt({ "offer-receipt": { info: { receipt } } })).toEqual(receipt);
    expect(signedPayload(receipt)).toEqual({ version: 1 });
  });
});

describe("bazaar", () => {
  it("GET: queryParams in info, their schema under input.queryParams", () => {
    const ext = declareBazaar({ input: { city: "Lisbon" }, inputSchema: { required: ["city"] } });
    expect(ext.info).toEqual({ input: { type: "http", method: "GET", queryParams: { city: "Lisbon" } } });
    expect(ext.schema).toMatchObject({
      properties: { input: { properties: { queryParams: { type: "object", required: ["city"] } } } },
    });
  });

  it("POST: bodyType and body; an unknown method is refused", () => {
    expect(
      declareBazaar({ method: "post", input: { q: 1 }, output: { example: { ok: true } } }).info,
    ).toEqual({
      input: { type: "http", method: "POST", bodyType: "json", body: { q: 1 } },
      output: { type: "json", example: { ok: true } },
    });
    expect(() => declareBazaar({ method: "OPTIONS" })).toThrow(TypeError);
  });
});
