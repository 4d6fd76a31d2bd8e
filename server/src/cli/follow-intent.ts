import { isTerminal, type PaymentStatus, statusLabel } from "@spay/protocol";
import { api, intentPath } from "./pay.ts";

export interface FollowIntentOptions {
  apiUrl: string;
  apiKey: string;
  /** The intent's id (secret key) or client secret (publishable key). */
  intentId: string;
  /** Told each status the intent enters, once, with its label: `transaction_pending (Confirming)`. */
  onStatus: (status: PaymentStatus, label: string) => void;
  timeoutMs: number;
  intervalMs?: number;
}

/**
 * Reads the intent until it reaches a terminal status (settled, failed, canceled, expired) and
 * returns that status; the chain decides when, so this polls, and gives up after `timeoutMs`.
 */
export async function followIntent(options: FollowIntentOptions): Promise<PaymentStatus> {
  const { path, query } = intentPath(options.intentId);
  const deadline = Date.now() + options.timeoutMs;
  let last: PaymentStatus | undefined;
  for (;;) {
    const { status } = await api<{ status: PaymentStatus }>(options, "GET", `${path}${query}`);
    if (status !== last) options.onStatus(status, statusLabel(status));
    last = status;
    if (isTerminal(status)) return status;
    if (Date.now() >= deadline)
      throw new Error(`still ${status} after ${Math.round(options.timeoutMs / 1000)} s; it may settle later`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
  }
}
