import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiResponse,
  type Merchant,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/webhook-receiver.ts";
import type { Config } from "../config.ts";
import { REFUSAL_FLOOR_MS } from "../domain/ssrf.ts";
import { recordEvent } from "../services/events.ts";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookWorker } from "../services/webhooks/worker.ts";
import { transaction } from "../services/write-transaction.ts";

/**
 * Server-side request forgery through webhooks. A webhook URL makes the gateway
 * send a request wherever the merchant says and report what came back; anyone with a free account
 * is a merchant. Rule: a hosted gateway (SPAY_DEPLOYMENT=hosted) reaches only the public internet,
 * in every environment — checked when an endpoint is saved, and again before every send against
 * the addresses the connection is then pinned to — and refuses every other target before any
 * connection, with one answer whatever the target (so it is neither a read oracle nor a port
 * scanner). A local gateway (one developer's machine, the devnet default) lets sandbox endpoints
 * reach localhost; its production endpoints are held to the hosted rule.
 *
 * The "internal service" is a real HTTP server on 127.0.0.1 whose answers carry a secret; names
 * resolve through a resolver injected into the gateway (DNS is not reachable offline), which is the
 * same hook the gateway's own resolution goes through.
 */
const SECRET = "INTERNAL-ONLY-d1b7c0ffee";
let receiver: WebhookReceiver;
let port: number;

/** Names an attacker controls, and what their DNS answers (mutable: rebinding flips them). */
const dns = new Map<string, string[]>();
/** Names whose next answer is public and every later one loopback (rebinding after the check). */
const rebindAfterOneAnswer = new Set<string>();
async function attackerDns(host: string): Promise<string[]> {
  if (rebindAfterOneAnswer.delete(host)) {
    dns.set(host, ["127.0.0.1"]);
    return ["93.184.216.34"];
  }
  const answer = dns.get(host);
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answer;
}

/** Every form of a non-public target; the ones with the receiver's port would answer if reached. */
function targets(): string[] {
  dns.set("loopback.attacker.test", ["127.0.0.1"]);
  dns.set("metadata.attacker.test", ["169.254.169.254"]);
  dns.set("lan.attacker.test", ["192.168.1.10"]);
  dns.set("mixed.attacker.test", ["93.184.216.34", "127.0.0.1"]);
  dns.set("v6-loopback.attacker.test", ["::1"]);
  dns.set("mapped.attacker.test", ["::ffff:127.0.0.1"]);
  dns.set("nat64.attacker.test", ["64:ff9b::7f00:1"]);
  return [
    // loopback: the open port of a live service and a closed one
    `http://127.0.0.1:${port}/secret`,
    "http://127.0.0.1:1/closed",
    `http://127.9.9.9:${port}/secret`,
    `http://[::1]:${port}/secret`,
    // private, link-local (cloud metadata), CGNAT, unspecified
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.0.1/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://[fe80::1]/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://100.64.0.1/",
    `http://0.0.0.0:${port}/secret`,
    `http://0:${port}/secret`,
    // reserved, benchmarking, documentation, multicast, broadcast
    "http://192.0.0.1/",
    "http://192.0.2.1/",
    "http://198.18.0.1/",
    "http://198.51.100.1/",
    "http://203.0.113.1/",
    "http://224.0.0.1/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    // IPv4-mapped, IPv4-compatible, NAT64 (well-known and local-use), 6to4, Teredo
    `http://[::ffff:127.0.0.1]:${port}/secret`,
    `http://[::ffff:7f00:1]:${port}/secret`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/secret`,
    `http://[::127.0.0.1]:${port}/secret`,
    "http://[64:ff9b::a9fe:a9fe]/",
    `http://[64:ff9b::127.0.0.1]:${port}/secret`,
    "http://[64:ff9b:1::a9fe:a9fe]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    // odd IPv4 literals: decimal, octal, hex, short, percent-encoded
    `http://2130706433:${port}/secret`,
    `http://017700000001:${port}/secret`,
    `http://0x7f.1:${port}/secret`,
    `http://0x7f000001:${port}/secret`,
    `http://127.1:${port}/secret`,
    `http://%31%32%37.0.0.1:${port}/secret`,
    `https://127.0.0.1:${port}/secret`,
    // names: resolving inside, partly inside, over IPv6 and embedded forms, or not at all
    `http://loopback.attacker.test:${port}/secret`,
    "http://metadata.attacker.test/latest/meta-data/",
    "http://lan.attacker.test/",
    `http://mixed.attacker.test:${port}/secret`,
    `http://v6-loopback.attacker.test:${port}/secret`,
    `http://mapped.attacker.test:${port}/secret`,
    `http://nat64.attacker.test:${port}/secret`,
    "http://does-not-exist.attacker.test/",
  ];
}

interface Gateway {
  api: TestApi;
  merchant: Merchant;
  liveKey: string;
}

async function startGateway(overrides: Partial<Config>): Promise<Gateway> {
  const api = await startTestApi(overrides);
  api.deps.resolveHost = attackerDns;
  const merchant = await setupMerchant(api);
  const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
    token: merchant.token,
    body: { type: "sk", env: "live" },
  });
  expect(live.status, JSON.stringify(live.body)).toBe(201);
  return { api, merchant, liveKey: live.body.key as string };
}

/** The answer with its request id removed: what must be byte-identical across refusals. */
function refusal(res: ApiResponse): string {
  const { request_id: _requestId, ...error } = res.body.error as Record<string, unknown>;
  return JSON.stringify({ status: res.status, error });
}

const hitsOnTheInside = () => receiver.received.filter((r) => r.path.startsWith("/secret"));

/** Each target through `attempt`, all at once; returns the distinct refusals and each one's time. */
async function refuseAll(urls: string[], attempt: (url: string) => Promise<ApiResponse>) {
  const outcomes = await Promise.all(
    urls.map(async (url) => {
      const started = performance.now();
      const res = await attempt(url);
      return { url, res, ms: performance.now() - started };
    }),
  );
  for (const { url, res } of outcomes) expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
  return { answers: new Set(outcomes.map((o) => refusal(o.res))), outcomes };
}

const worker = (api: TestApi) =>
  new WebhookWorker(api.deps, { ...DEFAULT_WEBHOOK_OPTIONS, delays: [], timeoutMs: 2_000 });

async function attempts(api: TestApi, token: string, endpointId: string) {
  const res = await api.request("GET", `/v1/webhook_endpoints/${endpointId}/attempts`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    status_code: number | null;
    response_excerpt: string | null;
    error: string | null;
  }[];
}

let hosted: Gateway;
let local: Gateway;

beforeAll(async () => {
  receiver = await startWebhookReceiver((req) =>
    req.path === "/redirect"
      ? { status: 302, headers: { location: `/secret/after-redirect` }, body: "" }
      : { status: 200, body: `${SECRET} at ${req.path}` },
  );
  port = Number(new URL(receiver.url).port);
  [hosted, local] = await Promise.all([
    startGateway({ deployment: "hosted", trustProxy: true }),
    startGateway({ deployment: "local" }),
  ]);
}, 180_000); // two gateways on a shared CPU
afterAll(async () => {
  await receiver?.close();
  await hosted?.api.close();
  await local?.api.close();
});

describe("SSRF on a hosted gateway (SPAY_DEPLOYMENT=hosted)", () => {
  it("saving a sandbox or production endpoint aimed at any loopback, private, link-local, CGNAT, reserved, IPv4-embedding or odd-literal target is refused, with one answer for all", async () => {
    const urls = targets();
    const { api, merchant, liveKey } = hosted;
    const sandbox = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook_endpoints", { token: merchant.sk, body: { url } }),
    );
    const production = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook_endpoints", { token: liveKey, body: { url } }),
    );
    expect([...sandbox.answers]).toHaveLength(1);
    expect([...production.answers]).toEqual([...sandbox.answers]);
    expect(JSON.parse([...sandbox.answers][0] as string).error.code).toBe("url_not_allowed");
    const listed = await api.request("GET", "/v1/webhook_endpoints", { token: merchant.sk });
    expect(listed.body.data).toEqual([]);
    expect(hitsOnTheInside()).toEqual([]);
  });

  it("moving a saved public endpoint to an inside target with PATCH is refused the same way", async () => {
    const { api, merchant } = hosted;
    dns.set("shop.merchant.test", ["93.184.216.34"]);
    const saved = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: "https://shop.merchant.test/webhooks" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const { answers } = await refuseAll(targets(), (url) =>
      api.request("PATCH", `/v1/webhook_endpoints/${saved.body.id}`, { token: merchant.sk, body: { url } }),
    );
    expect([...answers]).toHaveLength(1);
    const after = await api.request("GET", `/v1/webhook_endpoints/${saved.body.id}`, { token: merchant.sk });
    expect(after.body.url).toBe("https://shop.merchant.test/webhooks");
    await api.request("DELETE", `/v1/webhook_endpoints/${saved.body.id}`, { token: merchant.sk });
  });

  it("a test send (POST /v1/webhook/sandbox) to any inside target is refused before connecting: no status, no body, and the same bytes for an open port, a closed port, an existing and a missing host", async () => {
    const { api, merchant, liveKey } = hosted;
    const urls = targets();
    const sandbox = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook/sandbox", { token: merchant.sk, body: { url } }),
    );
    const production = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook/sandbox", { token: liveKey, body: { url } }),
    );
    const save = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: urls[0] },
    });
    // One answer across targets, environments and operations.
    expect(new Set([...sandbox.answers, ...production.answers, refusal(save)]).size).toBe(1);
    for (const { res } of sandbox.outcomes) {
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
      expect(res.body).not.toHaveProperty("status");
      expect(res.body).not.toHaveProperty("body_excerpt");
    }
    // Timing, loosely: one at a time, every refusal waits out the same floor whether it was
    // decided from a literal at once or after a DNS answer (a lower bound only: it cannot flake).
    for (const url of [
      `http://127.0.0.1:${port}/secret`,
      "http://127.0.0.1:1/closed",
      "http://169.254.169.254/",
      "http://metadata.attacker.test/",
      "http://does-not-exist.attacker.test/",
    ]) {
      const started = performance.now();
      const res = await api.request("POST", "/v1/webhook/sandbox", { token: merchant.sk, body: { url } });
      expect(performance.now() - started, url).toBeGreaterThanOrEqual(REFUSAL_FLOOR_MS - 5);
      expect(refusal(res)).toBe(refusal(save));
    }
    expect(hitsOnTheInside()).toEqual([]);
  });

  it("DNS rebinding after saving: names that resolved publicly when their endpoints were saved and now resolve to loopback, metadata, private, CGNAT, unspecified or IPv4-embedding IPv6 addresses are not delivered to, and the attempt log shows no status and no body", async () => {
    const { api, merchant } = hosted;
    const inside = [
      "127.0.0.1",
      "169.254.169.254",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
    ];
    const endpoints: { id: string; address: string }[] = [];
    for (const [i, address] of inside.entries()) {
      const host = `rebind-${i}.attacker.test`;
      dns.set(host, ["93.184.216.34"]);
      const saved = await api.request("POST", "/v1/webhook_endpoints", {
        token: merchant.sk,
        body: { url: `http://${host}:${port}/secret/rebound-${i}` },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      dns.set(host, [address]);
      endpoints.push({ id: saved.body.id, address });
    }
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: merchant.sk,
      body: { amount_minor: 500 },
    });
    expect(intent.status).toBe(201);
    await worker(api).tick();
    for (const { id, address } of endpoints) {
      const log = await attempts(api, merchant.sk, id);
      expect(log.length, address).toBeGreaterThan(0);
      for (const attempt of log)
        expect(attempt, address).toMatchObject({
          status_code: null,
          response_excerpt: null,
          error: "url_not_allowed",
        });
      await api.request("DELETE", `/v1/webhook_endpoints/${id}`, { token: merchant.sk });
    }
    expect(hitsOnTheInside()).toEqual([]);
  });

  it("DNS rebinding between check and connect: the send connects to the address that was checked and never asks DNS again, so an answer flipping to 127.0.0.1 right after the check is not reached", async () => {
    const { api, merchant } = hosted;
    dns.set("flip.attacker.test", ["93.184.216.34"]);
    const saved = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: `http://flip.attacker.test:${port}/secret/flipped` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // The send-time check gets the public answer; any later question gets loopback.
    rebindAfterOneAnswer.add("flip.attacker.test");
    await api.request("POST", "/v1/payment_intents", { token: merchant.sk, body: { amount_minor: 500 } });
    await worker(api).tick();
    expect(rebindAfterOneAnswer.has("flip.attacker.test")).toBe(false); // the check did ask
    const log = await attempts(api, merchant.sk, saved.body.id);
    expect(log.length).toBeGreaterThan(0);
    for (const attempt of log) expect(attempt.response_excerpt ?? "").not.toContain(SECRET);
    expect(hitsOnTheInside()).toEqual([]);
    await api.request("DELETE", `/v1/webhook_endpoints/${saved.body.id}`, { token: merchant.sk });
  });
});

describe("SSRF on a local gateway (SPAY_DEPLOYMENT=local, the default on the devnet)", () => {
  it("production endpoints and production test sends still refuse every inside target, with one answer", async () => {
    const { api, liveKey } = local;
    const urls = targets();
    const saves = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook_endpoints", { token: liveKey, body: { url } }),
    );
    const sends = await refuseAll(urls, (url) =>
      api.request("POST", "/v1/webhook/sandbox", { token: liveKey, body: { url } }),
    );
    expect(new Set([...saves.answers, ...sends.answers]).size).toBe(1);
    expect(hitsOnTheInside()).toEqual([]);
  });

  it("a production endpoint whose name rebinds to 127.0.0.1 after saving is refused at send time", async () => {
    const { api, merchant, liveKey } = local;
    dns.set("live-rebind.attacker.test", ["93.184.216.34"]);
    const saved = await api.request("POST", "/v1/webhook_endpoints", {
      token: liveKey,
      body: { url: `http://live-rebind.attacker.test:${port}/secret/live` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    dns.set("live-rebind.attacker.test", ["127.0.0.1"]);
    await transaction(api.deps, (trx) =>
      recordEvent(trx, {
        workspaceId: merchant.workspaceId,
        env: "live",
        type: "payment_intent.created",
        object: { id: "pi_live_probe", object: "payment_intent" },
      }),
    );
    await worker(api).tick();
    const log = await attempts(api, liveKey, saved.body.id);
    expect(log.length).toBeGreaterThan(0);
    for (const attempt of log)
      expect(attempt).toMatchObject({ status_code: null, response_excerpt: null, error: "url_not_allowed" });
    expect(hitsOnTheInside()).toEqual([]);
  });

  it("a developer's sandbox endpoint may target their own localhost receiver (the point of local mode), but redirects are never followed", async () => {
    const { api, merchant } = local;
    const direct = await api.request("POST", "/v1/webhook/sandbox", {
      token: merchant.sk,
      body: { url: `${receiver.url}/secret/own-receiver` },
    });
    expect(direct.body).toMatchObject({ ok: true, status: 200 });
    const redirected = await api.request("POST", "/v1/webhook/sandbox", {
      token: merchant.sk,
      body: { url: `${receiver.url}/redirect` },
    });
    expect(redirected.body).toMatchObject({ ok: false, status: 302 });
    expect(receiver.received.filter((r) => r.path === "/secret/after-redirect")).toEqual([]);
    expect(hitsOnTheInside().map((r) => r.path)).toEqual(["/secret/own-receiver"]);
    receiver.received.length = 0;
  });
});

describe("redirects (one sender for both modes)", () => {
  it("a 3xx from a delivery is a failure and its Location is never requested, so a public URL cannot bounce the gateway inside", async () => {
    // A hosted gateway never reaches this machine's receiver, so the rule is shown on the same
    // sender through a local gateway's sandbox endpoint: the worker records the 302 and stops.
    const { api, merchant } = local;
    const saved = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      body: { url: `${receiver.url}/redirect` },
    });
    expect(saved.status).toBe(201);
    await api.request("POST", "/v1/payment_intents", { token: merchant.sk, body: { amount_minor: 500 } });
    await worker(api).tick();
    const log = await attempts(api, merchant.sk, saved.body.id);
    expect(log[0]).toMatchObject({ status_code: 302 });
    expect(receiver.received.filter((r) => r.path === "/secret/after-redirect")).toEqual([]);
  });
});

describe("where webhooks go is on the record", () => {
  it("creating an endpoint, rotating its secret and deleting it are each in the audit log with actor, IP and object", async () => {
    const { api, merchant } = hosted;
    dns.set("audited.merchant.test", ["93.184.216.34"]);
    const headers = { "x-forwarded-for": "198.51.100.23" };
    const created = await api.request("POST", "/v1/webhook_endpoints", {
      token: merchant.sk,
      headers,
      body: { url: "https://audited.merchant.test/hooks" },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (
        await api.request("POST", `/v1/webhook_endpoints/${id}/rotate_secret`, {
          token: merchant.sk,
          headers,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.request("DELETE", `/v1/webhook_endpoints/${id}`, {
          token: merchant.token,
          headers: { ...headers, "x-workspace-id": merchant.workspaceId },
        })
      ).status,
    ).toBe(200);
    const entries = await api.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("workspace_id", "=", merchant.workspaceId)
      .where("object_id", "=", id)
      .orderBy("seq")
      .execute();
    expect(entries.map((e) => [e.action, e.actor_type, e.object_type, e.object_id, e.ip])).toEqual([
      ["webhook_endpoint.created", "api_key", "webhook_endpoint", id, "198.51.100.23"],
      ["webhook_endpoint.secret_rotated", "api_key", "webhook_endpoint", id, "198.51.100.23"],
      ["webhook_endpoint.deleted", "user", "webhook_endpoint", id, "198.51.100.23"],
    ]);
    const details: unknown = entries[0]?.details;
    expect(typeof details === "string" ? JSON.parse(details) : details).toMatchObject({
      url: "https://audited.merchant.test/hooks",
      env: "test",
    });
    expect(entries[2]?.actor_id).toBe(merchant.user.id);
  });
});
