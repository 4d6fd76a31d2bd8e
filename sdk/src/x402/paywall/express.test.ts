import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT, recordingCore } from "../../../test/x402/recording-core.js";
import { expressMiddleware } from "./express.js";

const core = recordingCore();
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base = "";

beforeAll(async () => {
  const app = express();
  app.get("/weather", expressMiddleware(core), (req, res) => {
    res.setHeader("x-handler", "yes");
    res.status(200).json({ sunny: true, url: req.originalUrl });
  });
  app.get("/streamed", expressMiddleware(core), (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("part one, ");
    res.end("part two");
  });
  app.get("/broken", expressMiddleware(core), (_req, res) => {
    res.status(500).json({ error: "down" });
  });
  server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
const paid = (outcome: string) => ({ headers: { "x-test-payment": outcome } });

describe("x402 paywall as Express middleware", () => {
  it("answers 402 before the handler runs", async () => {
    const res = await fetch(`${base}/weather`);
    expect(res.status).toBe(402);
    expect(res.headers.get("x-handler")).toBeNull();
  });

  it("holds the handler's answer until settled, then sends it with the receipt", async () => {
    const res = await fetch(`${base}/weather?x=1`, paid("good"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sunny: true, url: "/weather?x=1" });
    expect(res.headers.get(RECEIPT[0])).toBe(RECEIPT[1]);
    expect(res.headers.get("x-handler")).toBe("yes");
  });

  it("keeps writeHead/write/end answers whole", async () => {
    const res = await fetch(`${base}/streamed`, paid("good"));
    expect(await res.text()).toBe("part one, part two");
    expect(res.headers.get(RECEIPT[0])).toBe(RECEIPT[1]);
  });

  it("a settlement that loses replaces the answer (and the handler's headers) with its 402", async () => {
    const res = await fetch(`${base}/weather`, paid("raced"));
    expect(res.status).toBe(402);
    expect(await res.text()).toBe("duplicate_settlement");
    expect(res.headers.get("x-handler")).toBeNull();
  });

  it("a failing handler is not charged", async () => {
    const before = core.settled;
    expect((await fetch(`${base}/broken`, paid("good"))).status).toBe(500);
    expect(core.settled).toBe(before);
  });
});
