import { isRetryable, SPayError } from "./errors.js";
import { type ApiTransport, intentRequest } from "./http.js";
import { readSse } from "./sse.js";
import { type PaymentIntent, TERMINAL_STATUSES } from "./types.js";

/** How {@link waitForStatus} follows the intent: server-sent events, polling, or SSE with a polling fallback. */
export type StatusTransport = "auto" | "sse" | "poll";

export interface WaitForStatusOptions {
  /** Resolve once this holds; default: a terminal status (settled, failed, canceled, expired). */
  until?: (intent: PaymentIntent) => boolean;
  /** Called with every new version of the intent, the first one included. */
  onUpdate?: (intent: PaymentIntent) => void;
  /** Stops following; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Default `auto`: SSE, falling back to polling on any stream error. */
  transport?: StatusTransport;
}

/** Polling backoff: 1 s, ×1.5 while nothing changes, at most 5 s; back to 1 s after a change. */
export const POLL_BACKOFF = { initialMs: 1_000, factor: 1.5, maxMs: 5_000 } as const;

/** True for the statuses an intent never leaves. */
export function isTerminalStatus(intent: PaymentIntent): boolean {
  return TERMINAL_STATUSES.includes(intent.status);
}

/**
 * Follows a payment intent until `until` holds, or until it reaches a terminal status (after which
 * it cannot change, so waiting longer is pointless): resolves with that version of the intent.
 * `ref` is the intent's client secret (what a publishable key needs) or, with a secret key, its id.
 */
export async function waitForStatus(
  transport: ApiTransport,
  id: string,
  options: WaitForStatusOptions = {},
): Promise<PaymentIntent> {
  const until = options.until ?? isTerminalStatus;
  const { signal } = options;
  let last = "";
  /** Reports new versions; true when waiting is over. */
  const observe = (intent: PaymentIntent): boolean => {
    const snapshot = JSON.stringify(intent);
    if (snapshot !== last) {
      last = snapshot;
      options.onUpdate?.(intent);
    }
    return until(intent) || isTerminalStatus(intent);
  };
  signal?.throwIfAborted();
  const mode = options.transport ?? "auto";
  if (mode !== "poll") {
    let backoff: number = POLL_BACKOFF.initialMs;
    for (;;) {
      try {
        const done = await followStream(transport, id, observe, signal);
        if (done) return done;
        // The stream closed early (proxy timeout, server restart).
        if (mode === "auto") break;
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (mode === "sse") throw err;
        break;
      }
      await sleep(backoff, signal);
      backoff = Math.min(backoff * POLL_BACKOFF.factor, POLL_BACKOFF.maxMs);
    }
  }
  return poll(transport, id, observe, signal);
}

async function followStream(
  transport: ApiTransport,
  id: string,
  observe: (intent: PaymentIntent) => boolean,
  signal: AbortSignal | undefined,
): Promise<PaymentIntent | null> {
  // Our own controller, so a resolved wait closes the connection even without the caller's signal.
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", abort, { once: true });
  try {
    const res = await transport.send(
      { method: "GET", ...intentRequest(id, "/stream"), signal: controller.signal },
      "text/event-stream",
    );
    const type = res.headers.get("content-type") ?? "";
    if (!type.includes("text/event-stream") || !res.body) {
      throw new SPayError(`Unexpected stream content type '${type}'`, {
        code: "invalid_response",
        status: res.status,
      });
    }
    for await (const message of readSse(res.body)) {
      if (message.event !== "payment_intent") continue;
      const intent = JSON.parse(message.data) as PaymentIntent;
      if (observe(intent)) return intent;
    }
    return null;
  } finally {
    signal?.removeEventListener("abort", abort);
    controller.abort();
  }
}

async function poll(
  transport: ApiTransport,
  id: string,
  observe: (intent: PaymentIntent) => boolean,
  signal: AbortSignal | undefined,
): Promise<PaymentIntent> {
  let delay: number = POLL_BACKOFF.initialMs;
  let previous = "";
  for (;;) {
    try {
      const intent = await transport.request<PaymentIntent>({
        method: "GET",
        ...intentRequest(id),
        signal,
      });
      if (observe(intent)) return intent;
      const snapshot = JSON.stringify(intent);
      delay =
        snapshot === previous
          ? Math.min(delay * POLL_BACKOFF.factor, POLL_BACKOFF.maxMs)
          : POLL_BACKOFF.initialMs;
      previous = snapshot;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (!isRetryable(err)) throw err;
      delay = Math.min(delay * POLL_BACKOFF.factor, POLL_BACKOFF.maxMs);
    }
    await sleep(delay, signal);
  }
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
