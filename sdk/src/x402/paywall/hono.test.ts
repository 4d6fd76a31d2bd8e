import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { RECEIPT, recordingCore } from "../../../test/x402/recording-core.js";
import { honoMiddleware } from "./hono.js";

function app() {
  const core = recordingCore();
  const hono = new Hono();
  hono.get("/weather", honoMiddleware(core), (c) => {
    c.header("x-handler", "yes");
    return c.json({ sunny: true });
  });
  hono.get("/broken", honoMiddleware(core), (c) => c.json({ error: "down" }, 500));
  return { hono, core };
}
const paid = (outcome: string) => ({ headers: { "x-test-payment": outcome } });

describe("x402 paywall as Hono middleware", () => {
  it("answers 402 before the handler runs", async () => {
    const res = await app().hono.request("/weather");
    expect(res.status).toBe(402);
    expect(res.headers.get("x-handler")).toBeNull();
  });

  it("a paid request gets the handler's answer with the receipt", async () => {
    const { hono, core } = app();
    const res = await hono.request("/weather", paid("good"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sunny: true });
    expect(res.headers.get(RECEIPT[0])).toBe(RECEIPT[1]);
    expect(res.headers.get("x-handler")).toBe("yes");
    expect(core.settled).toBe(1);
  });

  it("a settlement that loses answers its 402, without the handler's headers", async () => {
    const res = await app().hono.request("/weather", paid("raced"));
    expect(res.status).toBe(402);
    expect(res.headers.get("x-handler")).toBeNull();
  });

  it("a failing handler is not charged", async () => {
    const { hono, core } = app();
    expect((await hono.request("/broken", paid("good"))).status).toBe(500);
    expect(core.settled).toBe(0);
  });
});
