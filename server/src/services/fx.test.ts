import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FxRates, parseUsdPerBtc } from "./fx.ts";

let server: http.Server;
let base = "";
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === "/coinbase") res.end(JSON.stringify({ data: { amount: "97250.50", currency: "USD" } }));
    else if (req.url === "/broken") res.end("not json");
    else {
      res.statusCode = 500;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("BTC/USD rate", () => {
  it("reads Coinbase, CoinGecko and plain shapes", () => {
    expect(parseUsdPerBtc({ data: { amount: "97000.5" } })).toBe(97000.5);
    expect(parseUsdPerBtc({ bitcoin: { usd: 101000 } })).toBe(101000);
    expect(parseUsdPerBtc({ usdPerBtc: 99000 })).toBe(99000);
    expect(parseUsdPerBtc({ price: "-3" })).toBeNull();
    expect(parseUsdPerBtc(null)).toBeNull();
  });

  it("fetches a live rate from a real HTTP source and caches it", async () => {
    const fx = new FxRates(`${base}/coinbase`, 60);
    hits = 0;
    const [a, b] = await Promise.all([fx.current(), fx.current()]);
    expect(a).toMatchObject({ usdPerBtc: 97250.5, source: "live" });
    expect(b.usdPerBtc).toBe(97250.5);
    await fx.current();
    expect(hits).toBe(1);
  });

  it("falls back to SPEC.md's 110000 when the source fails or answers garbage", async () => {
    expect(await new FxRates(`${base}/down`, 60).current()).toMatchObject({
      usdPerBtc: 110000,
      source: "fallback",
    });
    expect(await new FxRates(`${base}/broken`, 60).current()).toMatchObject({
      usdPerBtc: 110000,
      source: "fallback",
    });
    expect(await new FxRates("http://127.0.0.1:1/none", 60).current()).toMatchObject({ source: "fallback" });
  });

  it("uses a fixed rate from configuration", async () => {
    expect(await new FxRates("fixed:95000", 60).current()).toMatchObject({
      usdPerBtc: 95000,
      source: "fixed",
    });
  });
});
