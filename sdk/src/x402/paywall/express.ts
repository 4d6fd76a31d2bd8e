/**
 * `@spay/sdk/x402/express` — the paywall as Express (or plain `node:http`) middleware: the gate
 * runs on a Web Request made from the Node request; the handler's answer is held until the
 * payment settled, then sent with the receipt, or replaced by the 402.
 *
 * @example
 * app.get("/weather", paywall({ price: "$0.001", apiKey }), (req, res) => res.json({ sunny: true }));
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type DiscoverablePaywall,
  type DiscoveryListings,
  x402Discovery as discoveryHandler,
} from "../discovery.js";
import {
  createPaywall,
  gatewayFailure,
  type PaywallCore,
  type PaywallGate,
  type PaywallOptions,
  type SettleOutcome,
  settleOrFail,
} from "./core.js";
import { type NextFunction, passOn, readRequestOr400, sendResponse } from "./host.js";

export { requestOf } from "./host.js";
export * from "./shared-exports.js";

export type ExpressPaywall = ((
  req: IncomingMessage,
  res: ServerResponse,
  next: NextFunction,
) => Promise<void>) &
  Pick<PaywallCore, "describe">;

/**
 * Gate, then hold the handler's answer until the payment settled. The returned promise never
 * rejects — Express 4 and plain `node:http` leave a rejection unhandled, which ends the process —
 * so every failure goes to `next(err)`, the app's error handlers.
 */
export function expressMiddleware(core: PaywallCore): ExpressPaywall {
  const middleware: ExpressPaywall = async (req, res, next) => {
    try {
      const request = await readRequestOr400(req, res);
      if (!request) return;
      let decided: PaywallGate;
      try {
        decided = await core.gate(request);
      } catch (err) {
        await sendResponse(res, gatewayFailure(err));
        return;
      }
      if (decided.kind === "respond") {
        await sendResponse(res, decided.response);
        return;
      }
      holdUntilSettled(res, decided, (err) => passOn(res, next, err));
      next();
    } catch (err) {
      passOn(res, next, err);
    }
  };
  if (core.describe) middleware.describe = core.describe;
  return middleware;
}

/** Express middleware selling the routes it guards per request over x402. */
export function paywall(options: PaywallOptions): ExpressPaywall {
  return expressMiddleware(createPaywall(options));
}

/** Discovery as Express middleware (also a plain `node:http` handler with a `next` callback). */
export type ExpressDiscovery = ((
  req: IncomingMessage,
  res: ServerResponse,
  next: NextFunction,
) => Promise<void>) &
  DiscoveryListings;

/**
 * The paywalls' routes for agents to find (see `x402Discovery` of `@spay/sdk/x402`), as Express
 * middleware: a failed listing (the gateway unreachable) goes to `next(err)`.
 *
 * @example
 * const weather = paywall({ price: "$0.001", apiKey, discovery: { path: "/weather" } });
 * app.get("/weather", weather, (req, res) => res.json({ sunny: true }));
 * const discovery = x402Discovery([weather]);
 * app.get("/.well-known/x402", discovery);
 * app.get("/discovery/resources", discovery);
 */
export function x402Discovery(paywalls: readonly DiscoverablePaywall[]): ExpressDiscovery {
  return discoveryHandler(paywalls);
}

type Chunk = { chunk: unknown; encoding: BufferEncoding | undefined };

/** The held answer as a Web Response (what a retry with the same payment identifier gets back). */
function answerOf(res: ServerResponse, status: number, head: unknown[] | null, chunks: Chunk[]): Response {
  const headers = new Headers();
  const set = (name: string, value: unknown) => {
    if (value === undefined) return;
    headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
  };
  for (const [name, value] of Object.entries(res.getHeaders())) set(name, value);
  const given = head?.find((a): a is Record<string, unknown> => typeof a === "object" && a !== null);
  for (const [name, value] of Object.entries(given ?? {})) set(name, value);
  const body = Buffer.concat(
    chunks.map(({ chunk, encoding }) =>
      typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array),
    ),
  );
  return new Response(body.byteLength > 0 ? body : null, { status, headers });
}

/**
 * Buffers what the handler writes; when it ends with a success status, settles and adds the
 * receipt header, or replaces the answer with the 402 (a payment that lost a race is not served).
 * Settling runs after the handler returned, outside Express's reach: a failure there (the payment
 * identifier store down) goes to `failed`, never to the process.
 */
function holdUntilSettled(
  res: ServerResponse,
  paid: Extract<PaywallGate, { kind: "paid" }>,
  failed: (err: unknown) => void,
): void {
  const settle: () => Promise<SettleOutcome> = paid.settle;
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const chunks: Chunk[] = [];
  let head: unknown[] | null = null;
  let ended = false;
  const callbackOf = (...args: unknown[]) => args.find((a): a is () => void => typeof a === "function");
  const encodingOf = (e: unknown) => (typeof e === "string" ? (e as BufferEncoding) : undefined);
  res.writeHead = ((...args: unknown[]) => {
    head = args;
    return res;
  }) as ServerResponse["writeHead"];
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push({ chunk, encoding: encodingOf(encoding) });
    callbackOf(encoding, cb)?.();
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (ended) return res;
    ended = true;
    if (chunk !== undefined && typeof chunk !== "function")
      chunks.push({ chunk, encoding: encodingOf(encoding) });
    finish(callbackOf(chunk, encoding, cb)).catch(failed);
    return res;
  }) as ServerResponse["end"];

  const finish = async (done: (() => void) | undefined) => {
    Object.assign(res, original);
    const status = typeof head?.[0] === "number" ? (head[0] as number) : res.statusCode;
    if (status >= 400) await paid.forget?.();
    else {
      const outcome = await settleOrFail(settle);
      if (!outcome.ok) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        await sendResponse(res, outcome.response);
        done?.();
        return;
      }
      res.setHeader(...outcome.header);
      // Kept for a retry with the same payment identifier; sent below as written.
      if (paid.remember) await paid.remember(answerOf(res, status, head, chunks)).catch(() => undefined);
    }
    if (head) (res.writeHead as (...args: unknown[]) => unknown)(...head);
    for (const { chunk, encoding } of chunks) {
      if (encoding) res.write(chunk as string, encoding);
      else res.write(chunk as Uint8Array);
    }
    res.end(done);
  };
}
