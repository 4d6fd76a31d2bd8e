import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { HostResolver } from "../../domain/ssrf.ts";
import { signatureHeader } from "../../domain/webhook-signature.ts";
import { parseRetryAfter } from "./retry-schedule.ts";

export const DELIVERY_TIMEOUT_MS = 15_000;
export const EXCERPT_BYTES = 2_048;
export const USER_AGENT = "sPay-Webhooks/1.0 (+https://spay.dev/docs/webhooks)";

export interface SendResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
  retryAfterSeconds: number | null;
}

/** Statuses whose responses have no body (fetch's "null body status"): their excerpt is null. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * One Standard Webhooks POST: `webhook-id` (stable across retries), `webhook-timestamp`,
 * `webhook-signature`. Only 2xx counts; redirects are not followed (3xx is a failure).
 *
 * `addresses` pins the connection to the addresses the SSRF check approved: the socket connects to
 * one of them and DNS is not asked again, so a name that rebinds to 127.0.0.1 after the check
 * cannot be reached (TLS still verifies the certificate against the URL's host name). A fresh
 * connection per send (no keep-alive pool) so no socket opened under another check is reused.
 * Unpinned sends (private targets allowed) resolve with `resolve` when given, else the system's.
 */
export async function sendWebhook(input: {
  url: string;
  id: string;
  body: string;
  secrets: readonly string[];
  timeoutMs?: number;
  timestamp?: number;
  addresses?: readonly string[] | null;
  resolve?: HostResolver | undefined;
}): Promise<SendResult> {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const res = await post(
      new URL(input.url),
      {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(input.body)),
        "user-agent": USER_AGENT,
        "webhook-id": input.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(input.secrets, input.id, timestamp, input.body),
      },
      input.body,
      input.addresses ? pinnedLookup(input.addresses) : input.resolve ? resolverLookup(input.resolve) : null,
      input.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    );
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      latencyMs: latencyMs(),
      excerpt: res.excerpt,
      error: null,
      retryAfterSeconds:
        res.status === 429 || res.status === 503 ? parseRetryAfter(res.retryAfter ?? null) : null,
    };
  } catch (err) {
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    return {
      ok: false,
      status: null,
      latencyMs: latencyMs(),
      excerpt: null,
      error: timedOut ? "timeout" : `network: ${(err as { code?: string }).code ?? (err as Error).message}`,
      retryAfterSeconds: null,
    };
  }
}

interface PostResult {
  status: number;
  retryAfter: string | undefined;
  excerpt: string | null;
}

/** POSTs `body`, reads at most EXCERPT_BYTES of the answer and drops the rest; the timeout covers both. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction | null,
  timeoutMs: number,
): Promise<PostResult> {
  return new Promise<PostResult>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "POST",
      headers,
      agent: false,
      ...(lookup ? { lookup } : {}),
    });
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      error.name = "TimeoutError";
      reject(error); // first, so a reset the destroy causes cannot report itself instead
      req.destroy(error);
    }, timeoutMs);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    req.on("error", (err) => finish(() => reject(err)));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const retryAfter = res.headers["retry-after"];
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        res.destroy();
        req.destroy();
        finish(() =>
          resolve({
            status,
            retryAfter,
            excerpt: NULL_BODY_STATUSES.has(status)
              ? null
              : Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
          }),
        );
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) done();
      });
      res.on("end", done);
      res.on("error", (err) => finish(() => reject(err)));
    });
    req.end(body);
  });
}

/** A `lookup` that answers only with the already-checked addresses (never asks DNS again). */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => answer(addresses, options, callback);
}

function resolverLookup(resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => answer(addresses, options, callback),
      (err: unknown) => callback(err as NodeJS.ErrnoException, "", 0),
    );
  };
}

function answer(
  addresses: readonly string[],
  options: Parameters<LookupFunction>[1],
  callback: Parameters<LookupFunction>[2],
): void {
  const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
  const entries = addresses
    .map((address) => ({ address, family: isIP(address) }))
    .filter((e) => e.family !== 0 && (!family || e.family === family));
  const first = entries[0];
  if (!first) {
    callback(Object.assign(new Error("no address of this family"), { code: "ENOTFOUND" }), "", 0);
    return;
  }
  if (options.all) callback(null, entries);
  else callback(null, first.address, first.family);
}
