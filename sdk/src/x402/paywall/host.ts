/**
 * What every x402 adapter needs to stay inside its host: a Node request carried to a Web Request
 * and a Web Response back to the Node response (Express, plain `node:http`), the answers for a
 * request that cannot be read or a failure with nowhere else to go, and the hand-off of a
 * failure to the host's own error path. Nothing here imports Node at run time (the root x402
 * entry, which runs in browsers too, carries it for `x402Discovery`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Express's `next` (also the callback a plain `node:http` server hands a middleware). */
export type NextFunction = (err?: unknown) => void;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/** `{error: {code, message}}` with `status`. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

/** A request whose URL or method cannot make a Web Request (a broken Host header, `TRACE`). */
export const unreadableRequest = (): Response =>
  jsonError(400, "invalid_request", "The request's URL or method cannot be read.");

/**
 * A fetch handler's last resort: the runtime owning it may not catch a rejection (a Node server
 * would lose the connection, or the process), so the failure is logged and answered as a 500.
 */
export function internalError(err: unknown): Response {
  console.error("x402: the request failed", err);
  return jsonError(500, "internal_error", "The server could not answer this request.");
}

/** A Web Request with the Node request's method, URL and headers (the body is the handler's). */
export function requestOf(req: IncomingMessage): Request {
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

/** Writes a Web Response to the Node response. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  res.end(new Uint8Array(await response.arrayBuffer()));
}

/**
 * Hands a failure to the host's error path (`next(err)`: Express's error handlers). A `next`
 * that throws (a plain `node:http` callback) leaves the answer to us: a JSON 500 if nothing was
 * sent yet, else the connection is closed so the client is not left waiting.
 */
export function passOn(res: ServerResponse, next: NextFunction, err: unknown): void {
  try {
    next(err);
  } catch (failed) {
    console.error("x402: the error handler failed", failed);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.statusCode = 500;
    res.setHeader("content-type", JSON_HEADERS["content-type"]);
    res.end(
      JSON.stringify({
        error: { code: "internal_error", message: "The server could not answer this request." },
      }),
    );
  }
}

/** The fetch `Request` of a Node request, or null once a request that cannot be read got its 400. */
export async function readRequestOr400(req: IncomingMessage, res: ServerResponse): Promise<Request | null> {
  try {
    return requestOf(req);
  } catch {
    await sendResponse(res, unreadableRequest());
    return null;
  }
}

/**
 * Answers a Node request with `respond` (a fetch-style handler) — a request that cannot be read
 * gets a 400, any failure goes to `next(err)`; the returned promise never rejects, so a host that
 * ignores it (Express 4, `void handler(req, res, next)`) cannot lose the process to it.
 */
export async function serveNode(
  req: IncomingMessage,
  res: ServerResponse,
  next: NextFunction,
  respond: (request: Request) => Promise<Response>,
): Promise<void> {
  try {
    const request = await readRequestOr400(req, res);
    if (request) await sendResponse(res, await respond(request));
  } catch (err) {
    passOn(res, next, err);
  }
}
