import { describe, expect, it } from "vitest";
import { memoryPaymentIdentifierStore, replayAnswer, storeAnswer } from "./idempotency.js";

const pending = (payment: string, expiresAt: number) => ({ state: "pending" as const, payment, expiresAt });

describe("the in-memory payment-identifier store", () => {
  it("claims an identifier once until its record expires", () => {
    let now = 1_000;
    const store = memoryPaymentIdentifierStore({ now: () => now });
    expect(store.claim("k", pending("p1", 2_000))).toBe(true);
    expect(store.claim("k", pending("p2", 2_000))).toBe(false);
    expect(store.get("k")).toMatchObject({ payment: "p1" });
    now = 2_000;
    expect(store.get("k")).toBeUndefined();
    expect(store.claim("k", pending("p2", 3_000))).toBe(true);
  });

  it("is bounded: past maxEntries the oldest identifiers are forgotten", () => {
    const store = memoryPaymentIdentifierStore({ maxEntries: 3, now: () => 0 });
    for (const key of ["a", "b", "c", "d"]) store.claim(key, pending(key, 10));
    expect(store.size).toBe(3);
    expect(store.get("a")).toBeUndefined();
    expect(store.get("d")).toMatchObject({ payment: "d" });
  });

  it("stores an answer JSON-safe and gives it back as it was", async () => {
    const original = new Response(JSON.stringify({ sunny: true }), {
      status: 200,
      headers: { "content-type": "application/json", "payment-response": "receipt" },
    });
    const { stored, copy } = await storeAnswer(original);
    expect(await copy.json()).toEqual({ sunny: true });
    const again = replayAnswer(JSON.parse(JSON.stringify(stored)));
    expect(again.status).toBe(200);
    expect(again.headers.get("payment-response")).toBe("receipt");
    expect(await again.json()).toEqual({ sunny: true });
  });
});
