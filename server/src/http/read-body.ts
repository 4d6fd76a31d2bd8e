import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

/**
 * Reads the request body once, enforcing the size limit while it streams, and hands it to Hono's
 * body cache so validators and the idempotency layer read the same text. On Node it reads the
 * socket's IncomingMessage directly: building a WHATWG Request for every POST is the single
 * largest per-request cost of the HTTP adapter.
 */
export function readBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (NO_BODY.has(c.req.method) && !c.req.header("content-length")) return next();
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (declared > maxBytes) throw new ApiError("body_too_large");
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const text = incoming
      ? await readIncoming(incoming, maxBytes)
      : await readWebRequest(c.req.raw, maxBytes);
    // Hono keeps body promises in `bodyCache` (typed as values); c.req.text()/json() read from here.
    (c.req.bodyCache as Record<string, Promise<unknown>>).text = Promise.resolve(text);
    return next();
  };
}

async function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new ApiError("body_too_large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

async function readWebRequest(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError("body_too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}
