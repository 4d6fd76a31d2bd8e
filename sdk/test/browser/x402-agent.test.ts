import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ACCOUNTS } from "@spay/devnet";
import express from "express";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paywall } from "../../src/server/paywall/paywall.js";
import { bundleApp } from "./harness/bundle.js";
import { launchChromium } from "./harness/chromium.js";
import { startStack, type TestStack } from "./harness/stack.js";

let stack: TestStack;
let browser: Browser;
let server: Server;
let origin: string;
const AGENT = ACCOUNTS.find((a) => a.name === "wallet_7")!;

beforeAll(async () => {
  const [s, b, bundle] = await Promise.all([
    startStack(),
    launchChromium(),
    bundleApp(new URL("./x402-agent-app/main.ts", import.meta.url).pathname),
  ]);
  stack = s;
  browser = b;
  const app = express();
  app.get("/", (_req, res) => {
    res
      .type("html")
      .send('<!doctype html><title>agent</title><script type="module" src="/agent.js"></script>');
  });
  app.get("/agent.js", (_req, res) => {
    res.type("text/javascript").send(bundle);
  });
  app.get(
    "/paid",
    paywall({ price: "$0.001", apiKey: stack.merchant.sk, gatewayUrl: stack.apiUrl }),
    (_req, res) => {
      res.json({ secret: 42 });
    },
  );
  // The chain API on the page's origin (Hiro's public API answers CORS; the devnet does not).
  app.use("/chain", async (req, res) => {
    const upstream = await fetch(`${stack.devnetUrl}${req.url}`, {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "application/json" },
      ...(req.method === "POST" ? { body: req as unknown as BodyInit, duplex: "half" } : {}),
    } as RequestInit);
    res.status(upstream.status).type(upstream.headers.get("content-type") ?? "application/json");
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await stack?.close();
});

describe("x402 agent client in Chromium", () => {
  it("wrapFetchWithPayment signs and pays from a browser page, three calls in a row", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.payThreeTimes === "function");
    const answers = await page.evaluate((key) => window.payThreeTimes(key), AGENT.privateKey);
    expect(answers.map((a) => [a.status, a.paid])).toEqual([
      [200, "paid"],
      [200, "paid"],
      [200, "paid"],
    ]);
    expect(answers[0]?.body).toEqual({ secret: 42 });
    expect(new Set(answers.map((a) => a.txid)).size).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
