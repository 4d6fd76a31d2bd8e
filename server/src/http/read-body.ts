import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { ErrorCode } from "@spay/protocol";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../domain/errors.ts";
import type { AppEnv } from "./context.ts";
import { jsonNestingExceeds } from "./json-depth.ts";

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

/**
 * Reads the request body once, enforcing the size limit while it streams, and hands it to Hono's
 * body cache so validators and the idempotency layer read the same text. On Node it reads the
 * socket's IncomingMessage directly: building a WHATWG Request for every POST is the single
 * largest per-request cost of the HTTP adapter.
 *
 * Every body the API accepts is JSON, so the nesting limit is checked here, once, before any
 * validator, parser or the idempotency fingerprint touches the text.
 */
export function readBody(maxBytes: number, binary: BinaryBody[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (NO_BODY.has(c.req.method) && !hasBody(c.req.header.bind(c.req), incoming, c.req.raw)) return next();
    const upload = binary.find((b) => b.method === c.req.method && b.path.test(c.req.path));
    const limit = upload?.maxBytes ?? maxBytes;
    const tooLarge = () => new ApiError(upload?.tooLarge ?? "body_too_large");
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (declared > limit) throw tooLarge();
    const bytes = incoming
      ? await readIncoming(incoming, limit, tooLarge)
      : await readWebRequest(c.req.raw, limit, tooLarge);
    // Hono keeps body promises in `bodyCache` (typed as values); c.req.text()/json() read from here.
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    if (upload) {
      cache.arrayBuffer = Promise.resolve(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
      // What the idempotency fingerprint reads as "the body": a digest, since bytes are not text.
      cache.text = Promise.resolve(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
      return next();
    }
    const text = bytes.toString("utf8");
    if (jsonNestingExceeds(text)) throw new ApiError("json_too_deep");
    cache.text = Promise.resolve(text);
    return next();
  };
}

/**
 * A route whose body is a file, not JSON: read as bytes (`c.req.arrayBuffer()`) with its own size
 * limit and error code, and never parsed.
 */
export interface BinaryBody {
  method: string;
  path: RegExp;
  maxBytes: number;
  tooLarge: ErrorCode;
}

/**
 * Whether a GET/DELETE-like request carries a body: a declared length or a chunked one on a socket
 * (a chunked DELETE has no Content-Length, and must not reach a validator unread and unchecked),
 * or a body stream on an in-process Request.
 */
function hasBody(
  header: (name: string) => string | undefined,
  incoming: IncomingMessage | undefined,
  request: Request,
): boolean {
  if (header("content-length") || header("transfer-encoding")) return true;
  return incoming ? false : request.body !== null;
}

async function readIncoming(
  incoming: IncomingMessage,
  maxBytes: number,
  tooLarge: () => ApiError,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

async function readWebRequest(request: Request, maxBytes: number, tooLarge: () => ApiError): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
