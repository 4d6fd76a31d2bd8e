import type { IncomingMessage, ServerResponse } from "node:http";
import { SPayError } from "../../core/errors.js";
import {
  decodeX402Header,
  encodeX402Header,
  SPEC_PROOF_VERSION,
  toSpecRequirements,
  toV1,
  X402_HEADERS,
  type X402Form,
  type X402PaymentRequiredV2,
} from "../../x402/protocol.js";
import { SPayServerClient } from "../server-client.js";
import type { X402PriceOffer } from "../types.js";
import { renderPaywallPage } from "./page.js";

type Asset = "usdc" | "sbtc";

/** Options of {@link paywall}. */
export interface PaywallOptions {
  /** `"$0.001"` (converted per token: USDC exactly, sBTC rounded up to whole sats) or exact atomic units. */
  price: string | { amount: string | number | bigint; asset: Asset };
  /** Token(s) accepted for a dollar price, default `"usdc"`. */
  asset?: Asset | Asset[];
  /** What the caller pays for (shown to agents and on the paywall page). */
  description?: string;
  /** MIME type of the paid answer, default `application/json`. */
  mimeType?: string;
  /** The workspace's secret key (`sk_test_…` / `sk_live_…`): the gateway verifies and settles with it. */
  apiKey: string;
  /** The sPay gateway, default `http://localhost:8787`. */
  gatewayUrl?: string;
  /** Seconds a requirement stays payable, default 300. */
  maxTimeoutSeconds?: number;
  /** Settle only once the transaction succeeded on chain (slower), not when it entered the mempool. */
  waitForConfirmation?: boolean;
  /** Where the paywall page loads `spay-x402.js` from, default `{gatewayUrl}/sdk/`. */
  assetsUrl?: string;
  /** The resource's public URL when a proxy rewrites it; default the request's URL. */
  resourceUrl?: (request: Request) => string;
  /** A `fetch` for the gateway calls. */
  fetch?: typeof fetch;
}

/** Headers a browser sends for a page, and `X-402-Version: 1` for a v1 client's first request. */
const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");
const wantsV1 = (request: Request) => request.headers.get("x-402-version") === "1";

/** The payment a request carries, and its form. */
type IncomingPayment = { header: string; form: X402Form; malformed: string | null } | null;

function incomingPayment(request: Request): IncomingPayment {
  const signature = request.headers.get(X402_HEADERS.paymentSignature);
  if (signature) return { header: signature, form: "v2", malformed: null };
  const xPayment = request.headers.get(X402_HEADERS.xPayment);
  if (!xPayment) return null;
  try {
    const decoded = decodeX402Header(xPayment);
    return {
      header: xPayment,
      form: decoded.version === SPEC_PROOF_VERSION ? "spec" : "v1",
      malformed: null,
    };
  } catch (err) {
    return {
      header: xPayment,
      form: "v1",
      malformed: err instanceof Error ? err.message : "invalid_payload",
    };
  }
}

/** What the paywall decided before the resource runs. */
export type PaywallGate =
  | { kind: "respond"; response: Response }
  | {
      kind: "paid";
      payer: string;
      /** Settles the verified payment: the receipt header to add, or the 402 to answer instead. */
      settle(): Promise<{ ok: true; header: [string, string] } | { ok: false; response: Response }>;
    };

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/**
 * Sells an HTTP resource per request over x402, with the sPay gateway as facilitator. A request
 * without payment gets `402` and fresh requirements (x402 v2 in `PAYMENT-REQUIRED` and the body,
 * v1's body for `X-402-Version: 1`, SPEC.md's `x402_requirements` alongside; a browser gets a page
 * that pays with a Stacks wallet). A request with a payment (`PAYMENT-SIGNATURE` or `X-PAYMENT`) is
 * verified, served, and settled only when the handler succeeded; the receipt goes in
 * `PAYMENT-RESPONSE` (v1/SPEC.md: `X-PAYMENT-RESPONSE`). A payment settles once: when two requests
 * race with one payment, one is served and the other gets `402 duplicate_settlement`.
 *
 * @example Hono
 * app.get("/weather", paywall({ price: "$0.001", apiKey: process.env.SPAY_SECRET_KEY! }), (c) => c.json({ sunny: true }));
 * @example Express
 * app.get("/weather", paywall({ price: "$0.001", apiKey }), (req, res) => res.json({ sunny: true }));
 * @example fetch handler
 * export default { fetch: paywall({ price: "$0.001", apiKey }).fetch(() => Response.json({ sunny: true })) };
 */
export function paywall(options: PaywallOptions): Paywall {
  const gatewayUrl = (options.gatewayUrl ?? "http://localhost:8787").replace(/\/+$/, "");
  const client = new SPayServerClient({ apiKey: options.apiKey, apiUrl: gatewayUrl, fetch: options.fetch });
  const assetsUrl = (options.assetsUrl ?? `${gatewayUrl}/sdk/`).replace(/\/?$/, "/");
  const accepts = priceOffers(options);
  const resourceOf = options.resourceUrl ?? ((request: Request) => request.url);

  const requirements = (request: Request): Promise<X402PaymentRequiredV2> =>
    client.createX402Requirements({
      resource: {
        url: resourceOf(request),
        ...(options.description ? { description: options.description } : {}),
        mimeType: options.mimeType ?? "application/json",
      },
      accepts,
      ...(options.maxTimeoutSeconds ? { maxTimeoutSeconds: options.maxTimeoutSeconds } : {}),
    });

  /** The 402 answer in the form the client speaks. */
  const challenge = async (request: Request, form: X402Form | null, error?: string): Promise<Response> => {
    const issued = await requirements(request);
    const required: X402PaymentRequiredV2 = error ? { ...issued, error } : issued;
    const headers = { ...JSON_HEADERS, [X402_HEADERS.paymentRequired]: encodeX402Header(required) };
    if (!form && !error && wantsPage(request)) {
      return new Response(renderPaywallPage({ required, assetsUrl }), {
        status: 402,
        headers: { ...headers, ...PAGE_HEADERS(assetsUrl) },
      });
    }
    const x402_requirements = toSpecRequirements(required);
    const body =
      form === "v1" || (!form && wantsV1(request))
        ? { ...toV1(required), x402_requirements }
        : { ...required, ...(form === "spec" && error ? { error } : {}), x402_requirements };
    return new Response(JSON.stringify(body), { status: 402, headers });
  };

  const gate = async (request: Request): Promise<PaywallGate> => {
    const payment = incomingPayment(request);
    if (!payment) return { kind: "respond", response: await challenge(request, null) };
    if (payment.malformed)
      return { kind: "respond", response: await challenge(request, payment.form, "invalid_payload") };
    const params = {
      paymentHeader: payment.header,
      paymentRequirements: { resource: resourceOf(request) },
      requireIssued: true,
    };
    const verdict = await client.verifyX402Payment(params);
    if (!verdict.isValid) {
      return {
        kind: "respond",
        response: await challenge(request, payment.form, verdict.invalidReason ?? "invalid_payload"),
      };
    }
    return {
      kind: "paid",
      payer: verdict.payer ?? "",
      async settle() {
        const settled = await client.settleX402Payment({
          ...params,
          ...(options.waitForConfirmation ? { waitForConfirmation: true } : {}),
        });
        if (!settled.success) {
          return {
            ok: false,
            response: await challenge(request, payment.form, settled.errorReason ?? "settlement_failed"),
          };
        }
        const receipt = encodeX402Header({
          success: true,
          transaction: settled.transaction,
          network: settled.network,
          payer: settled.payer,
        });
        const name = payment.form === "v2" ? X402_HEADERS.paymentResponse : X402_HEADERS.xPaymentResponse;
        return { ok: true, header: [name, receipt] };
      },
    };
  };

  /** Gate → serve → settle, for anything that turns a Request into a Response. */
  const handle = async (
    request: Request,
    serve: (request: Request) => Promise<Response>,
  ): Promise<Response> => {
    let decided: PaywallGate;
    try {
      decided = await gate(request);
    } catch (err) {
      return gatewayFailure(err);
    }
    if (decided.kind === "respond") return decided.response;
    const response = await serve(request);
    if (!response.ok) return response; // the handler failed: nothing is charged
    let outcome: Awaited<ReturnType<typeof decided.settle>>;
    try {
      outcome = await decided.settle();
    } catch (err) {
      return gatewayFailure(err);
    }
    if (!outcome.ok) return outcome.response;
    const paid = new Response(response.body, response);
    paid.headers.set(...outcome.header);
    return paid;
  };

  /** Hono: the same gate → serve → settle, the handler's answer read from and written to `c.res`. */
  const hono = async (c: HonoContextLike, next: () => Promise<void>): Promise<Response | undefined> => {
    let served = false;
    const response = await handle(c.req.raw, async () => {
      served = true;
      await next();
      return c.res;
    });
    if (!served) return response;
    c.res = undefined as unknown as Response; // drop the handler's headers: a 402 must not inherit them
    c.res = response;
    return undefined;
  };

  const middleware = ((a: HonoContextLike | IncomingMessage, b: unknown, c?: unknown) =>
    typeof c === "function"
      ? express(gate, a as IncomingMessage, b as ServerResponse, c as (err?: unknown) => void)
      : hono(a as HonoContextLike, b as () => Promise<void>)) as Paywall;
  middleware.handle = handle;
  middleware.gate = gate;
  middleware.fetch =
    <A extends unknown[]>(handler: (request: Request, ...rest: A) => Response | Promise<Response>) =>
    (request: Request, ...rest: A) =>
      handle(request, async (r) => handler(r, ...rest));
  return middleware;
}

/** The part of Hono's `Context` the paywall uses. */
export interface HonoContextLike {
  req: { raw: Request };
  res: Response;
}

/** {@link paywall}'s result: Hono middleware, Express middleware, and a fetch-handler wrapper. */
export interface Paywall {
  /** Hono: `app.get("/paid", pw, handler)`. */
  (c: HonoContextLike, next: () => Promise<void>): Promise<Response | undefined>;
  /** Express: `app.get("/paid", pw, handler)`. */
  (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): Promise<void>;
  /** Wraps a `fetch`-style handler (`(request) => Response`). */
  fetch<A extends unknown[]>(
    handler: (request: Request, ...rest: A) => Response | Promise<Response>,
  ): (request: Request, ...rest: A) => Promise<Response>;
  /** Gate, serve with `serve`, settle: the paywall for any other framework. */
  handle(request: Request, serve: (request: Request) => Promise<Response>): Promise<Response>;
  /** The decision alone (402 to send, or a verified payment to settle after serving). */
  gate(request: Request): Promise<PaywallGate>;
}

function priceOffers(options: PaywallOptions): X402PriceOffer[] {
  if (typeof options.price === "object") {
    const amount = String(options.price.amount);
    if (!/^[1-9]\d*$/.test(amount))
      throw new TypeError(`paywall: price.amount ${amount} is not a positive integer`);
    return [{ asset: options.price.asset, amount }];
  }
  if (!/^\$?\d+(\.\d+)?$/.test(options.price.trim()))
    throw new TypeError(
      `paywall: price ${JSON.stringify(options.price)} is not a dollar amount like "$0.001"`,
    );
  const assets = Array.isArray(options.asset) ? options.asset : [options.asset ?? "usdc"];
  if (assets.length === 0) throw new TypeError("paywall: asset lists no token");
  return assets.map((asset) => ({ asset, price: options.price as string }));
}

/**
 * The gateway could not be asked: the resource stays closed (never served unpaid). A bad secret
 * key or gateway URL is the merchant's to fix, so the caller sees a 5xx with the code.
 */
function gatewayFailure(err: unknown): Response {
  const code = err instanceof SPayError ? err.code : "payment_gateway_error";
  const status = err instanceof SPayError && (err.status === 0 || err.status >= 500) ? 503 : 502;
  return new Response(
    JSON.stringify({
      error: { code, message: "The payment gateway could not check this payment; try again." },
    }),
    { status, headers: { ...JSON_HEADERS, "retry-after": "1" } },
  );
}

/** The paywall page's own policy: scripts only from the SDK's files, nothing framed or posted. */
function PAGE_HEADERS(assetsUrl: string): Record<string, string> {
  const origin = new URL(assetsUrl).origin;
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'self'; script-src ${origin}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src *; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

/** Express (or plain node:http): gate, then hold the handler's answer until the payment settled. */
async function express(
  gate: (request: Request) => Promise<PaywallGate>,
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
): Promise<void> {
  let decided: PaywallGate;
  try {
    decided = await gate(requestOf(req));
  } catch (err) {
    await sendResponse(res, gatewayFailure(err));
    return;
  }
  if (decided.kind === "respond") {
    await sendResponse(res, decided.response);
    return;
  }
  holdUntilSettled(res, decided.settle);
  next();
}

/** A fetch Request with the Node request's method, URL and headers (the body is the handler's). */
function requestOf(req: IncomingMessage): Request {
  const withExpress = req as IncomingMessage & { originalUrl?: string; protocol?: string };
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const protocol = withExpress.protocol ?? (encrypted ? "https" : "http");
  const url = `${protocol}://${req.headers.host ?? "localhost"}${withExpress.originalUrl ?? req.url ?? "/"}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const method = !req.method || req.method === "HEAD" ? "GET" : req.method;
  return new Request(url, { method, headers });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  res.end(Buffer.from(await response.arrayBuffer()));
}

type Chunk = { chunk: unknown; encoding: BufferEncoding | undefined };

/**
 * Buffers what the handler writes; when it ends with a success status, settles and adds the
 * receipt header, or replaces the answer with the 402 (a payment that lost a race is not served).
 */
function holdUntilSettled(
  res: ServerResponse,
  settle: Extract<PaywallGate, { kind: "paid" }>["settle"],
): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const chunks: Chunk[] = [];
  let head: unknown[] | null = null;
  let ended = false;
  const callbackOf = (...args: unknown[]) => args.find((a): a is () => void => typeof a === "function");
  res.writeHead = ((...args: unknown[]) => {
    head = args;
    return res;
  }) as ServerResponse["writeHead"];
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push({ chunk, encoding: typeof encoding === "string" ? (encoding as BufferEncoding) : undefined });
    callbackOf(encoding, cb)?.();
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (ended) return res;
    ended = true;
    if (chunk !== undefined && typeof chunk !== "function")
      chunks.push({
        chunk,
        encoding: typeof encoding === "string" ? (encoding as BufferEncoding) : undefined,
      });
    void finish(callbackOf(chunk, encoding, cb));
    return res;
  }) as ServerResponse["end"];

  const finish = async (done: (() => void) | undefined) => {
    Object.assign(res, original);
    const status = typeof head?.[0] === "number" ? (head[0] as number) : res.statusCode;
    if (status < 400) {
      const outcome = await settle().catch((err: unknown) => ({
        ok: false as const,
        response: gatewayFailure(err),
      }));
      if (!outcome.ok) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        await sendResponse(res, outcome.response);
        done?.();
        return;
      }
      res.setHeader(...outcome.header);
    }
    if (head) (res.writeHead as (...args: unknown[]) => unknown)(...head);
    for (const { chunk, encoding } of chunks) {
      if (encoding) res.write(chunk as string, encoding);
      else res.write(chunk as Uint8Array);
    }
    res.end(done);
  };
}
