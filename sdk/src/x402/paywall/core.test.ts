import { describe, expect, it } from "vitest";
import { RECEIPT, recordingCore } from "../../../test/x402/recording-core.js";
import { createPaywall, gatewayFailure, handleWith } from "./core.js";

const URL_ = "http://api.example.test/weather";
const serveOk = async () => Response.json({ sunny: true });

describe("x402 paywall core: gate → serve → settle", () => {
  it("answers the gate's 402 without serving", async () => {
    const core = recordingCore();
    let served = false;
    const res = await core.handle(new Request(URL_), async () => {
      served = true;
      return serveOk();
    });
    expect(res.status).toBe(402);
    expect(served).toBe(false);
  });

  it("serves a verified payment, settles it, and adds the receipt to the handler's answer", async () => {
    const core = recordingCore();
    const res = await core.handle(new Request(URL_, { headers: { "x-test-payment": "good" } }), serveOk);
    expect(res.status).toBe(200);
    expect(res.headers.get(RECEIPT[0])).toBe(RECEIPT[1]);
    expect(await res.json()).toEqual({ sunny: true });
    expect(core.settled).toBe(1);
  });

  it("does not charge a handler that failed", async () => {
    const core = recordingCore();
    const res = await core.handle(
      new Request(URL_, { headers: { "x-test-payment": "good" } }),
      async () => new Response("down", { status: 500 }),
    );
    expect(res.status).toBe(500);
    expect(core.settled).toBe(0);
  });

  it("a settlement that loses replaces the answer with its 402", async () => {
    const core = recordingCore();
    const res = await core.handle(new Request(URL_, { headers: { "x-test-payment": "raced" } }), serveOk);
    expect(res.status).toBe(402);
    expect(await res.text()).toBe("duplicate_settlement");
  });

  it("a gateway that cannot be asked keeps the resource closed (5xx with a code)", async () => {
    const res = await handleWith(
      async () => {
        throw new Error("connection refused");
      },
      new Request(URL_),
      serveOk,
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: "payment_gateway_error" } });
    expect(gatewayFailure(new Error("x")).headers.get("retry-after")).toBe("1");
  });

  it("refuses bad prices at construction", () => {
    expect(() => createPaywall({ price: "free", apiKey: "sk_test_x" })).toThrow(TypeError);
    expect(() => createPaywall({ price: { amount: 0, asset: "usdc" }, apiKey: "sk_test_x" })).toThrow(
      TypeError,
    );
    expect(() => createPaywall({ price: "$1", asset: [], apiKey: "sk_test_x" })).toThrow(TypeError);
  });
});
