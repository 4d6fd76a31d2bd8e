/**
 * Seconds to wait before attempt n+1 after attempt n failed: about 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h, 24 h — ten attempts over about three days and a half.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;

/** An endpoint failing every attempt for this long is disabled. */
export const DISABLE_AFTER_FAILING_SECONDS = 3 * 24 * 3600;

const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/**
 * When to try again after `attempt` failed attempts, or null when the schedule is exhausted.
 * ±10 % jitter spreads retries of a burst; a receiver's Retry-After (429/503) is honoured when later.
 */
export function nextAttemptDelay(
  attempt: number,
  options: { delays?: readonly number[]; retryAfterSeconds?: number | null; random?: () => number } = {},
): number | null {
  const delays = options.delays ?? RETRY_DELAYS_SECONDS;
  const base = delays[attempt - 1];
  if (base === undefined) return null;
  const jitter = 1 + ((options.random ?? Math.random)() * 0.2 - 0.1);
  const delay = base * jitter;
  const retryAfter = Math.min(options.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
  return Math.max(delay, retryAfter);
}

/** Retry-After as seconds (delta or HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - now) / 1000));
}
