/**
 * Every code sample of the docs, run as a reader would run it (bash for curl, tsx for
 * TypeScript) against the gateway on a devnet: the Getting Started steps in order, webhooks
 * delivered and verified, a payment settled, and an x402 call paid by the agent.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ACCOUNTS } from "@spay/devnet";
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";
import { payIntent } from "@spay/server";
import { randomPrivateKey } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSample, runJsonSample, runSample, startSample } from "../test/harness/run-sample.ts";
import { startStack, type TestStack } from "../test/harness/stack.ts";
import { verifySpayWebhook } from "./webhooks/verify-by-hand.ts";
import { createPaidApi } from "./x402/paid-api-hono.ts";

let stack: TestStack;
const running: RunningSample[] = [];
const env: Record<string, string> = {};
const tag = Math.random().toString(36).slice(2, 8);

/** A free local port for a sample server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Captures raw webhook deliveries, for the by-hand verification. */
const captured: { body: string; headers: IncomingHttpHeaders }[] = [];
const capture = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    captured.push({ body, headers: req.headers });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  stack = await startStack({ devnet: true });
  env.SPAY_API_URL = stack.apiUrl;
  await new Promise<void>((resolve) => capture.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  for (const p of running) p.stop();
  await new Promise((resolve) => capture.close(resolve));
  await stack?.close();
});

const devnetKey = (name: string) => {
  const account = ACCOUNTS.find((a) => a.name === name);
  if (!account) throw new Error(`no devnet account ${name}`);
  return account.privateKey;
};

describe("Getting Started samples, in order", () => {
  it("1: registers an account and creates an organization and a workspace", async () => {
    const account = await runJsonSample<{ session_id: string }>("getting-started/1-register.sh", {
      ...env,
      SPAY_EMAIL: `docs-${tag}@example.com`,
      SPAY_PASSWORD: "a-long-docs-password",
    });
    expect(account.session_id).toMatch(/^sess_/);
    env.SPAY_SESSION = account.session_id;
    const org = await runJsonSample<{ id: string }>("getting-started/1-organization.sh", {
      ...env,
      SPAY_ORG_SLUG: `acme-${tag}`,
    });
    expect(org.id).toMatch(/^org_/);
    const workspace = await runJsonSample<{ id: string }>("getting-started/1-workspace.sh", {
      ...env,
      SPAY_ORG_ID: org.id,
    });
    expect(workspace.id).toMatch(/^ws_/);
    env.SPAY_WORKSPACE_ID = workspace.id;
  });

  it("2: verifies the payout wallet by signing the challenge, which creates test keys", async () => {
    const out = await runSample("getting-started/2-connect-wallet.ts", {
      ...env,
      WALLET_PRIVATE_KEY: randomPrivateKey(),
    });
    expect(out).toMatch(/secret\s+sk_test_\w+/);
    expect(out).toMatch(/publishable pk_test_\w+/);
    expect(out).toMatch(/payout wallet ST\w+ verified/);
    env.SPAY_PUBLISHABLE_KEY = out.match(/publishable (pk_test_\w+)/)?.[1] ?? "";
  });

  it("3: creates another secret key, shown in full once", async () => {
    const key = await runJsonSample<{ key: string; type: string; env: string }>(
      "getting-started/3-create-api-key.sh",
      env,
    );
    expect(key).toMatchObject({ type: "sk", env: "test" });
    expect(key.key).toMatch(/^sk_test_/);
    env.SPAY_SECRET_KEY = key.key;
  });
});

describe("Webhooks, payment and status samples", () => {
  let intentId = "";

  it("creates a webhook endpoint and starts the receiver with its secret", async () => {
    const port = await freePort();
    const endpoint = await runJsonSample<{ id: string; secret: string }>("webhooks/create-endpoint.sh", {
      ...env,
      WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks`,
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const receiver = startSample("webhooks/receiver.ts", {
      SPAY_WEBHOOK_SECRET: endpoint.secret,
      PORT: String(port),
    });
    running.push(receiver);
    await receiver.waitFor(/webhook receiver on/);
    // A second endpoint keeps the raw deliveries, to check the by-hand verification on real ones.
    const { port: capturePort } = capture.address() as AddressInfo;
    const second = await runJsonSample<{ secret: string }>("webhooks/create-endpoint.sh", {
      ...env,
      WEBHOOK_URL: `http://127.0.0.1:${capturePort}/hooks`,
    });
    env.CAPTURE_SECRET = second.secret;
    env.RECEIVER_INDEX = String(running.length - 1);
  });

  it("4: creates a payment intent, and the same Idempotency-Key returns the same intent", async () => {
    const intent = await runJsonSample<{
      id: string;
      status: string;
      amount_minor: number;
      amount_sbtc: string;
    }>("getting-started/4-create-payment-intent.sh", { ...env, ORDER_ID: "1001" });
    expect(intent).toMatchObject({ status: "requires_payment_method", amount_minor: 1999 });
    // $19.99 at $100,000/BTC = 19,990 sats.
    expect(intent.amount_sbtc).toBe("19990");
    const again = await runJsonSample<{ id: string }>("getting-started/4-create-payment-intent.sh", {
      ...env,
      ORDER_ID: "1001",
    });
    expect(again.id).toBe(intent.id);
    intentId = intent.id;
  });

  it("5: follows the intent until it is settled", async () => {
    const watcher = startSample("getting-started/5-wait-for-status.ts", { ...env, INTENT_ID: intentId });
    running.push(watcher);
    await watcher.waitFor(/requires_payment_method \(Awaiting Payment\)/);
    await payIntent({
      apiUrl: stack.apiUrl,
      chainApiUrl: stack.devnetUrl ?? "",
      apiKey: env.SPAY_SECRET_KEY ?? "",
      intentId,
      privateKey: devnetKey("wallet_1"),
    });
    await watcher.waitFor(/paid: 19990 received, txid/);
    expect(await watcher.exited).toBe(0);
    expect(watcher.output()).toContain("payment_settled (Paid)");
  });

  it("the receiver verified the payment_intent.succeeded delivery", async () => {
    const receiver = running[Number(env.RECEIVER_INDEX)];
    await receiver?.waitFor(new RegExp(`paid: ${intentId} order 1001 \\(1999 cents\\)`));
  });

  it("verify-by-hand accepts a real delivery and rejects a tampered one", async () => {
    const deadline = Date.now() + 20_000;
    while (!captured.some((d) => d.body.includes("payment_intent.succeeded")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const delivery = captured.find((d) => d.body.includes("payment_intent.succeeded"));
    expect(delivery).toBeDefined();
    if (!delivery) return;
    const headers = Object.fromEntries(
      Object.entries(delivery.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
    );
    const event = verifySpayWebhook(delivery.body, headers, env.CAPTURE_SECRET ?? "") as {
      type: string;
      data: { object: { id: string } };
    };
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.data.object.id).toBe(intentId);
    expect(() =>
      verifySpayWebhook(delivery.body.replace("1999", "1"), headers, env.CAPTURE_SECRET ?? ""),
    ).toThrow("invalid signature");
    expect(() =>
      verifySpayWebhook(
        delivery.body,
        headers,
        env.CAPTURE_SECRET ?? "",
        Math.floor(Date.now() / 1000) + 3600,
      ),
    ).toThrow("timestamp");
  });

  it("the server client lists the settled payment", async () => {
    const out = await runSample("sdks/server-client.ts", env);
    expect(out).toContain(`${intentId}  1999 cents  sbtc  buyer@example.com`);
  });
});

describe("x402 samples", () => {
  it("issues requirements: $0.001 is 1000 USDC units and 1 sat at $100,000/BTC", async () => {
    const required = await runJsonSample<{
      x402Version: number;
      accepts: { amount: string; extra: { nonce: string } }[];
    }>("x402/requirements.sh", env);
    expect(required.x402Version).toBe(2);
    expect(required.accepts.map((a) => a.amount)).toEqual(["1000", "1"]);
    expect(required.accepts[0]?.extra.nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it("the agent pays the paywalled API and gets the answer", async () => {
    const port = await freePort();
    const api = startSample("x402/paid-api.ts", { ...env, PORT: String(port) });
    running.push(api);
    await api.waitFor(/paid API listening/);
    const unpaid = await fetch(`http://127.0.0.1:${port}/forecast`);
    expect(unpaid.status).toBe(402);
    const out = await runSample("x402/agent.ts", {
      AGENT_PRIVATE_KEY: devnetKey("wallet_2"),
      STACKS_API_URL: stack.devnetUrl ?? "",
      API_URL: `http://127.0.0.1:${port}`,
    });
    expect(out).toContain("200 { city: 'Lisbon', tomorrow: 'sunny', high_c: 27 }");
    expect(out).toMatch(/paid 1000 USDC units \+ 3000 µSTX fee, txid/);
  });

  it("the Hono paywall sells the route in USDC or sBTC; an agent paying sBTC pays whole sats (1 sat)", async () => {
    const app = createPaidApi(env.SPAY_SECRET_KEY ?? "", stack.apiUrl);
    expect((await app.request("/free")).status).toBe(200);
    const paidFetch = wrapFetchWithPayment((request) => app.fetch(request), {
      privateKey: devnetKey("wallet_3"),
      network: "testnet",
      stacksApiUrl: stack.devnetUrl ?? "",
      maxAmount: { sbtc: 10n },
    });
    const res = await paidFetch("http://paid-api.test/forecast");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ city: "Lisbon", tomorrow: "sunny", high_c: 27 });
    const payment = getPayment(res);
    expect(payment?.status).toBe("paid");
    expect(String(payment?.amount)).toBe("1");
  });
});
