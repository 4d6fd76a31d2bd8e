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

/**
 * One Standard Webhooks POST: `webhook-id` (stable across retries), `webhook-timestamp`,
 * `webhook-signature`. Only 2xx counts; redirects are not followed (3xx is a failure).
 */
export async function sendWebhook(input: {
  url: string;
  id: string;
  body: string;
  secrets: readonly string[];
  timeoutMs?: number;
  timestamp?: number;
}): Promise<SendResult> {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const started = performance.now();
  try {
    const res = await fetch(input.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": input.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(input.secrets, input.id, timestamp, input.body),
      },
      body: input.body,
    });
    const excerpt = await readExcerpt(res);
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      latencyMs: Math.round(performance.now() - started),
      excerpt,
      error: null,
      retryAfterSeconds:
        res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get("retry-after")) : null,
    };
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      ok: false,
      status: null,
      latencyMs: Math.round(performance.now() - started),
      excerpt: null,
      error: timedOut
        ? "timeout"
        : `network: ${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}`,
      retryAfterSeconds: null,
    };
  }
}

/** At most 2 KB of the response body; the rest is discarded unread. */
async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8");
}
