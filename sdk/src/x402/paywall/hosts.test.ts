/**
 * The x402 adapters inside real hosts, mounted as the docs mount them — an Express app, a Hono
 * app, a fetch handler, `@spay/sdk/server`'s paywall in plain `node:http` — each listening on
 * 127.0.0.1:0 and fed what a hostile or confused client sends: garbage payment headers, bad JSON,
 * wrong methods, an absurdly long header, a broken Host. Every request must get an answer (4xx/5xx
 * with a JSON error, never a dropped connection), every failure must reach the host's own error
 * path (`next(err)`, Hono's `onError`, a 500 answer), and the merchant's process must see no
 * unhandled rejection or uncaught exception.
 *
 * The gateway is a stub behind the paywall's `fetch` option: it issues requirements and refuses
 * every payment, which is all a malformed request can reach.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { X402_NETWORKS } from "@spay/protocol/x402";
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type NextFunction,
} from "express";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { paywall as serverPaywall } from "../../server/paywall/paywall.js";
import type { DiscoverablePaywall } from "../discovery.js";
import type { PaywallCore } from "./core.js";
import * as expressEntry from "./express.js";
import * as fetchEntry from "./fetch.js";
import * as honoEntry from "./hono.js";
import { stubRequirements } from "./stub-requirements.test-support.js";

/** The one payment the stub gateway accepts (and settles). */
const GOOD_PAYMENT = { "payment-signature": "good-payment" };

/** The stub gateway: requirements for any resource; every payment but GOOD_PAYMENT refused as `invalid_payload`. */
const gatewayFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === "/v1/x402/requirements") return stubRequirements(init?.body);
  const { paymentHeader } = JSON.parse(String(init?.body ?? "{}")) as { paymentHeader?: string };
  const good = paymentHeader === GOOD_PAYMENT["payment-signature"];
  if (url.pathname === "/v1/x402/verify")
    return Response.json(
      good ? { isValid: true, payer: "ST3PAYER" } : { isValid: false, invalidReason: "invalid_payload" },
    );
  if (url.pathname === "/v1/x402/settle")
    return Response.json({
      success: true,
      transaction: "0xabc",
      network: X402_NETWORKS.testnet,
      payer: "ST3PAYER",
    });
  return Response.json({ error: { code: "not_found", message: "no such route" } }, { status: 404 });
};

const OPTIONS = {
  price: "$0.001",
  apiKey: "sk_test_hosts",
  gatewayUrl: "http://gateway.invalid",
  fetch: gatewayFetch,
  discovery: { path: "/weather" },
};

/** A paywall whose listing fails: what discovery must hand to the host's error path. */
const brokenListing: DiscoverablePaywall = {
  async describe() {
    throw new Error("listing broke");
  },
};

// ---- the process must never see an unhandled failure ----------------------------------------

const unhandled: unknown[] = [];
const onUnhandled = (err: unknown) => {
  unhandled.push(err);
};
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
  process.off("uncaughtException", onUnhandled);
});
afterEach(async () => {
  // A rejection is reported after the microtasks of its turn: give the event loop a few turns.
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  // Taken out, so a failure is charged to the test that caused it alone.
  expect(unhandled.splice(0), "unhandledRejection/uncaughtException in the merchant's process").toEqual([]);
});

// ---- a raw HTTP client (any method, any header, any body) --------------------------------------

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

/** One request over a fresh connection; a dropped connection rejects with the socket's error. */
function send(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      method: init.method ?? "GET",
      headers: init.headers,
      agent: false,
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.end(init.body);
  });
}

/** The answer is an error in JSON: `{error: …}` or an x402 402 with `error`. */
function expectJsonError(answer: Answer, status: number | [number, number]) {
  const [low, high] = Array.isArray(status) ? status : [status, status];
  expect(answer.status, answer.body).toBeGreaterThanOrEqual(low);
  expect(answer.status, answer.body).toBeLessThanOrEqual(high);
  expect(answer.headers["content-type"]).toMatch(/application\/json/);
  const body = JSON.parse(answer.body) as { error?: unknown };
  expect(body.error).toBeTruthy();
  return body;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const close = (server: Server) => new Promise((r) => server.close(r));

/** Headers up to 1 MB reach the app, so an absurd payment header meets the adapter, not Node's 431. */
const SERVER_OPTIONS = { maxHeaderSize: 1024 * 1024 };
const ABSURD = "x".repeat(200_000);
/** A payment header that decodes from base64 to something that is not JSON. */
const BAD_JSON_PAYMENT = Buffer.from('{"x402Version": 2, "payload": {', "utf8").toString("base64");

/** The malformed requests every paid route must answer, each with a JSON error. */
const MALFORMED_PAID: Array<[string, { method?: string; headers?: Record<string, string>; body?: string }]> =
  [
    ["a garbage X-PAYMENT", { headers: { "x-payment": "%%% not base64 %%%" } }],
    ["a garbage PAYMENT-SIGNATURE", { headers: { "payment-signature": "!!garbage!!" } }],
    ["a payment header that is bad JSON", { headers: { "payment-signature": BAD_JSON_PAYMENT } }],
    ["an absurdly long X-PAYMENT", { headers: { "x-payment": ABSURD } }],
  ];

// ---- Express -----------------------------------------------------------------------------------

describe("@spay/sdk/x402/express in a real Express app", () => {
  let server: Server;
  let base = "";
  const seenByErrorHandler: unknown[] = [];

  beforeAll(async () => {
    const { paywall, x402Discovery } = expressEntry;
    const app = express();
    // As the docs mount them.
    const weather = paywall(OPTIONS);
    app.get("/weather", weather, (req, res) => res.json({ sunny: true, url: req.originalUrl }));
    const discovery = x402Discovery([weather]);
    app.get("/.well-known/x402", discovery);
    app.get("/discovery/resources", discovery);
    app.get("/broken/.well-known/x402", x402Discovery([brokenListing]));
    app.get("/throwing", weather, () => {
      throw new Error("handler broke");
    });
    app.post("/echo", express.json(), (req, res) => res.json(req.body));
    // The merchant's error handler: where every failure must arrive.
    app.use((err: unknown, _req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
      seenByErrorHandler.push(err);
      res.status(500).json({ error: { code: "internal", message: String(err) } });
    });
    server = createServer(SERVER_OPTIONS, app);
    base = await listen(server);
  });
  afterAll(() => close(server));

  it("discovery mounted with app.get answers the manifest and the Bazaar listing", async () => {
    const manifest = await send(base, "/.well-known/x402");
    expect(manifest.status, manifest.body).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/application\/json/);
    const body = JSON.parse(manifest.body) as {
      x402Version: number;
      items: Array<{ resource: { url: string } }>;
    };
    expect(body.x402Version).toBe(2);
    expect(body.items.map((i) => i.resource.url)).toEqual([`${base}/weather`]);

    const bazaar = await send(base, "/discovery/resources");
    expect(bazaar.status, bazaar.body).toBe(200);
    expect((JSON.parse(bazaar.body) as { items: unknown[] }).items).toHaveLength(1);
  });

  it("discovery's failure goes to next(err), the app's error handler", async () => {
    seenByErrorHandler.length = 0;
    expectJsonError(await send(base, "/broken/.well-known/x402"), 500);
    expect(seenByErrorHandler).toHaveLength(1);
    expect(String(seenByErrorHandler[0])).toContain("listing broke");
  });

  it("discovery answers a bad Host, an absurd header and a wrong method", async () => {
    expectJsonError(await send(base, "/.well-known/x402", { headers: { host: "[::1" } }), 400);
    const long = await send(base, "/.well-known/x402", { headers: { "x-payment": ABSURD } });
    expect(long.status).toBe(200);
    expect((await send(base, "/.well-known/x402", { method: "DELETE" })).status).toBe(404);
  });

  it.each(MALFORMED_PAID)("the paywall answers %s with a JSON 402", async (_what, init) => {
    const body = expectJsonError(await send(base, "/weather", init), 402);
    expect(body.error).toBe("invalid_payload");
  });

  it("the paywall answers bad JSON, a wrong method and a bad Host", async () => {
    const badJson = await send(base, "/weather", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(404);
    const echo = { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" };
    expectJsonError(await send(base, "/echo", echo), [400, 500]);
    expectJsonError(await send(base, "/weather", { headers: { host: "[::1" } }), 400);
    expect((await send(base, "/weather")).status).toBe(402);
  });

  it("a paid request is served; a paid handler that throws reaches the error handler, uncharged", async () => {
    const served = await send(base, "/weather", { headers: GOOD_PAYMENT });
    expect(served.status, served.body).toBe(200);
    expect(served.headers["payment-response"]).toBeTruthy();
    seenByErrorHandler.length = 0;
    const thrown = await send(base, "/throwing", { headers: GOOD_PAYMENT });
    expectJsonError(thrown, 500);
    expect(thrown.headers["payment-response"]).toBeUndefined();
    expect(String(seenByErrorHandler[0])).toContain("handler broke");
  });
});

// ---- Express middleware, failures after the handler ran ---------------------------------------

describe("@spay/sdk/x402/express when bookkeeping fails after the handler answered", () => {
  it("passes the failure to next(err) instead of rejecting", async () => {
    const core: PaywallCore = {
      async gate() {
        return {
          kind: "paid",
          payer: "ST3PAYER",
          settle: async () => ({ ok: true, header: ["payment-response", "receipt"] }),
          forget: async () => {
            throw new Error("identifier store down");
          },
        };
      },
      handle: async () => new Response(null, { status: 500 }),
    };
    const seen: unknown[] = [];
    const app = express();
    app.get("/weather", expressEntry.expressMiddleware(core), (_req, res) => {
      res.status(503).json({ error: { code: "upstream_down", message: "no forecast" } });
    });
    app.use((err: unknown, _req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
      seen.push(err);
      res.status(500).json({ error: { code: "internal", message: String(err) } });
    });
    const server = createServer(app);
    const base = await listen(server);
    try {
      expectJsonError(await send(base, "/weather"), [500, 503]);
      expect(String(seen[0])).toContain("identifier store down");
    } finally {
      await close(server);
    }
  });
});

// ---- Hono --------------------------------------------------------------------------------------

/** Serves a fetch handler on node:http (what `@hono/node-server` does); a rejection is not caught here. */
function serveFetch(handler: (request: Request) => Promise<Response> | Response): Server {
  return createServer(SERVER_OPTIONS, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string") headers.set(name, value);
      const body =
        chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : null;
      const incoming = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body,
      });
      void Promise.resolve(handler(incoming)).then(async (response) => {
        res.statusCode = response.status;
        for (const [name, value] of response.headers) res.setHeader(name, value);
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
}

describe("@spay/sdk/x402/hono in a real Hono app", () => {
  let server: Server;
  let base = "";
  const seenByOnError: unknown[] = [];

  beforeAll(async () => {
    const { paywall, x402Discovery } = honoEntry;
    const app = new Hono();
    const weather = paywall(OPTIONS);
    app.get("/weather", weather, (c) => c.json({ sunny: true }));
    const discovery = x402Discovery([weather]);
    app.get("/.well-known/x402", discovery);
    app.get("/discovery/resources", discovery);
    app.get("/broken/.well-known/x402", x402Discovery([brokenListing]));
    app.get("/throwing", weather, () => {
      throw new Error("handler broke");
    });
    app.post("/echo", async (c) => c.json(await c.req.json()));
    app.onError((err, c) => {
      seenByOnError.push(err);
      return c.json({ error: { code: "internal", message: err.message } }, 500);
    });
    server = serveFetch(app.fetch);
    base = await listen(server);
  });
  afterAll(() => close(server));

  it("discovery answers the manifest; its failure reaches onError", async () => {
    const manifest = await send(base, "/.well-known/x402");
    expect(manifest.status, manifest.body).toBe(200);
    expect((JSON.parse(manifest.body) as { items: unknown[] }).items).toHaveLength(1);
    expectJsonError(await send(base, "/broken/.well-known/x402"), 500);
    expect(String(seenByOnError.at(-1))).toContain("listing broke");
    expect((await send(base, "/.well-known/x402", { method: "DELETE" })).status).toBe(404);
    expect((await send(base, "/.well-known/x402", { headers: { "x-payment": ABSURD } })).status).toBe(200);
  });

  it.each(MALFORMED_PAID)("the paywall answers %s with a JSON 402", async (_what, init) => {
    expect(expectJsonError(await send(base, "/weather", init), 402).error).toBe("invalid_payload");
  });

  it("bad JSON reaches onError as JSON; a wrong method is a 404", async () => {
    expectJsonError(await send(base, "/echo", { method: "POST", body: "{not json" }), [400, 500]);
    expect((await send(base, "/weather", { method: "POST", body: "{not json" })).status).toBe(404);
  });

  it("a paid request is served; a paid handler that throws reaches onError, uncharged", async () => {
    expect((await send(base, "/weather", { headers: GOOD_PAYMENT })).status).toBe(200);
    const thrown = await send(base, "/throwing", { headers: GOOD_PAYMENT });
    expectJsonError(thrown, 500);
    expect(thrown.headers["payment-response"]).toBeUndefined();
    expect(String(seenByOnError.at(-1))).toContain("handler broke");
  });
});

// ---- fetch handlers ----------------------------------------------------------------------------

describe("@spay/sdk/x402/fetch as a fetch handler", () => {
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const { paywall, x402Discovery } = fetchEntry;
    const weather = paywall(OPTIONS);
    const paid = weather(() => Response.json({ sunny: true }));
    const throwing = weather(() => {
      throw new Error("handler broke");
    });
    const discovery = x402Discovery([weather]);
    const broken = x402Discovery([brokenListing]);
    server = serveFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/.well-known/x402") return discovery(request);
      if (pathname === "/broken/.well-known/x402") return broken(request);
      if (pathname === "/throwing") return throwing(request);
      return paid(request);
    });
    base = await listen(server);
  });
  afterAll(() => close(server));

  it("discovery answers the manifest, a 405 for another method, a JSON 500 when a listing fails", async () => {
    const manifest = await send(base, "/.well-known/x402");
    expect(manifest.status, manifest.body).toBe(200);
    expect(expectJsonError(await send(base, "/.well-known/x402", { method: "DELETE" }), 405)).toBeTruthy();
    expectJsonError(await send(base, "/broken/.well-known/x402"), 500);
  });

  it.each(MALFORMED_PAID)("the paywall answers %s with a JSON 402", async (_what, init) => {
    expect(expectJsonError(await send(base, "/weather", init), 402).error).toBe("invalid_payload");
  });

  it("bad JSON with another method gets the 402 challenge; a handler that throws is a JSON 500", async () => {
    const challenge = await send(base, "/weather", { method: "PUT", body: "{not json" });
    expect(challenge.status).toBe(402);
    expect(challenge.headers["content-type"]).toMatch(/application\/json/);
    expect((await send(base, "/weather", { headers: GOOD_PAYMENT })).status).toBe(200);
    const thrown = await send(base, "/throwing", { headers: GOOD_PAYMENT });
    expectJsonError(thrown, 500);
    expect(thrown.headers["payment-response"]).toBeUndefined();
  });
});

// ---- @spay/sdk/server's paywall in plain node:http, as the paid-api sample mounts it -----------

describe("@spay/sdk/server paywall in plain node:http (the docs' paid-api sample)", () => {
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const forecastPaywall = serverPaywall(OPTIONS);
    server = createServer(SERVER_OPTIONS, (req, res) => {
      if (req.method !== "GET" || req.url !== "/forecast") return res.writeHead(404).end();
      void forecastPaywall(req, res, (err) => {
        if (err) return res.writeHead(500).end();
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ city: "Lisbon" }));
      });
    });
    base = await listen(server);
  });
  afterAll(() => close(server));

  it.each(MALFORMED_PAID)("answers %s with a JSON 402", async (_what, init) => {
    expect(expectJsonError(await send(base, "/forecast", init), 402).error).toBe("invalid_payload");
  });

  it("answers a bad Host with a JSON 400 and a wrong method with a 404", async () => {
    expectJsonError(await send(base, "/forecast", { headers: { host: "[::1" } }), 400);
    expect((await send(base, "/forecast", { method: "POST", body: "{not json" })).status).toBe(404);
  });

  it("the Express discovery works in plain node:http too", async () => {
    const discovery = expressEntry.x402Discovery([serverPaywall(OPTIONS)]);
    const plain = createServer((req, res) => {
      void discovery(req, res, (err?: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "internal", message: String(err) } }));
      });
    });
    const url = await listen(plain);
    try {
      const manifest = await send(url, "/.well-known/x402");
      expect(manifest.status, manifest.body).toBe(200);
    } finally {
      await close(plain);
    }
  });
});
