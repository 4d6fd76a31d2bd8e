import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPayError } from "./errors.js";
import { ApiTransport, randomKey } from "./http.js";

/** A real HTTP server answering by path, recording each request's headers. */
let server: Server;
let apiUrl = "";
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    if (req.url?.startsWith("/ok")) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    } else if (req.url === "/api-error") {
      res.writeHead(400, { "content-type": "application/json", "x-request-id": "req_header" }).end(
        JSON.stringify({
          error: {
            type: "invalid_request_error",
            code: "parameter_invalid",
            message: "Invalid name: Required",
            param: "name",
          },
        }),
      );
    } else if (req.url === "/bare") {
      res.writeHead(502, { "x-request-id": "req_502" }).end("<html>Bad gateway</html>");
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end("{not json");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = () => seen.at(-1)!;

describe("the HTTP transport", () => {
  it("sends the client's key; a call without it carries the caller's own credential (a session token)", async () => {
    const transport = new ApiTransport({ apiKey: "pk_test_1", apiUrl: `${apiUrl}/` });
    await transport.request({ method: "GET", path: "/ok", query: { a: 1, b: undefined } });
    expect(last().path).toBe("/ok?a=1");
    expect(last().headers.authorization).toBe("Bearer pk_test_1");
    const session = new ApiTransport({ apiUrl });
    await session.request({
      method: "GET",
      path: "/ok",
      auth: false,
      headers: { authorization: "Bearer sess_abc", "x-workspace-id": "ws_1" },
    });
    expect(last().headers.authorization).toBe("Bearer sess_abc");
    expect(last().headers["x-workspace-id"]).toBe("ws_1");
  });

  it("refuses an authenticated call with neither a key nor a bearer credential, before any request", async () => {
    const transport = new ApiTransport({ apiUrl });
    const before = seen.length;
    const err = await transport.request({ method: "GET", path: "/ok" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SPayError);
    expect((err as SPayError).code).toBe("api_key_required");
    expect(seen.length).toBe(before);
    await transport.request({ method: "GET", path: "/ok", auth: false });
    expect(last().headers.authorization).toBeUndefined();
  });

  it("gives every POST an idempotency key (the caller's, else a fresh UUID)", async () => {
    const transport = new ApiTransport({ apiUrl });
    await transport.request({ method: "POST", path: "/ok", auth: false, body: {}, idempotencyKey: "k_1" });
    expect(last().headers["idempotency-key"]).toBe("k_1");
    await transport.request({ method: "POST", path: "/ok", auth: false, body: {} });
    expect(last().headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(last().headers["content-type"]).toBe("application/json");
  });

  it("maps the API's error object to SPayError: message, code, type, param, request id", async () => {
    const transport = new ApiTransport({ apiUrl });
    const err = await transport
      .request({ method: "GET", path: "/api-error", auth: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SPayError);
    expect(err).toMatchObject({
      message: "Invalid name: Required",
      code: "parameter_invalid",
      status: 400,
      type: "invalid_request_error",
      param: "name",
      requestId: "req_header",
    });
  });

  it("maps a bare failure to `HTTP {status}`, an unreadable answer to invalid_response, no answer to network_error", async () => {
    const transport = new ApiTransport({ apiUrl });
    const bare = await transport
      .request({ method: "GET", path: "/bare", auth: false })
      .catch((e: unknown) => e);
    expect(bare).toMatchObject({
      code: "http_error",
      status: 502,
      message: "HTTP 502",
      requestId: "req_502",
    });
    const garbled = await transport
      .request({ method: "GET", path: "/garbled", auth: false })
      .catch((e: unknown) => e);
    expect(garbled).toMatchObject({ code: "invalid_response", status: 200 });
    const offline = new ApiTransport({ apiUrl: "http://127.0.0.1:9" });
    const err = await offline.request({ method: "GET", path: "/ok", auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SPayError);
    expect(err).toMatchObject({ code: "network_error", status: 0 });
  });
});

describe("idempotency keys", () => {
  it("are v4 UUIDs also where crypto.randomUUID is missing (pages served over plain http)", () => {
    const c = globalThis.crypto as { randomUUID?: unknown };
    const saved = c.randomUUID;
    try {
      Object.defineProperty(c, "randomUUID", { value: undefined, configurable: true });
      const keys = Array.from({ length: 200 }, () => randomKey());
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(keys).size).toBe(keys.length);
      // Every digit position takes more than one value: the key is random, not a template.
      for (const at of [0, 9, 15, 20, 35]) expect(new Set(keys.map((k) => k[at])).size).toBeGreaterThan(1);
    } finally {
      Object.defineProperty(c, "randomUUID", { value: saved, configurable: true });
    }
  });
});
