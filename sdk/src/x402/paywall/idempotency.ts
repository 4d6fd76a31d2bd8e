/**
 * What the paywall remembers of payments that carried an x402 `payment-identifier`: the exact
 * payment each identifier was first seen with, whether it is still being served, and the paid
 * answer once it settled — so a retry gets that answer back instead of being served, charged or
 * settled again (specs/extensions/payment_identifier.md, "Idempotency Behavior").
 */
import { base64Decode, base64Encode } from "@spay/protocol/x402";

/** A paid answer as stored: JSON-safe, so a shared store (Redis, a database) can hold it. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  /** Base64 of the body. */
  body: string;
}

/** One identifier's record. `expiresAt`: ms since the epoch, after which the store may forget it. */
export type PaymentIdentifierRecord =
  | { state: "pending"; payment: string; expiresAt: number }
  | {
      state: "settled";
      payment: string;
      expiresAt: number;
      /** The receipt header the settlement produced. */
      receipt: [string, string];
      /** Who paid, and the terms paid (scheme, network, asset, amount, payTo), for a re-created payment. */
      payer?: string;
      terms?: string;
      /** The answer sent with it, once known. */
      answer?: StoredAnswer;
    };

/**
 * Where a paywall keeps identifiers. The default is an in-memory map bounded in size; give one
 * shared by all instances of a paywall when it runs on several. Methods may be sync or async.
 */
export interface PaymentIdentifierStore {
  get(key: string): PaymentIdentifierRecord | undefined | Promise<PaymentIdentifierRecord | undefined>;
  /** Stores `record` unless a live record holds `key` (put-if-absent); true when it stored it. */
  claim(key: string, record: PaymentIdentifierRecord): boolean | Promise<boolean>;
  set(key: string, record: PaymentIdentifierRecord): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

/**
 * An in-memory store holding at most `maxEntries` identifiers (the oldest are forgotten first),
 * each until its record expires.
 */
export function memoryPaymentIdentifierStore(
  options: { maxEntries?: number; now?: () => number } = {},
): PaymentIdentifierStore & { readonly size: number } {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const records = new Map<string, PaymentIdentifierRecord>();
  const live = (key: string) => {
    const record = records.get(key);
    if (record && record.expiresAt <= now()) {
      records.delete(key);
      return undefined;
    }
    return record;
  };
  const put = (key: string, record: PaymentIdentifierRecord) => {
    records.delete(key); // re-inserted last: the map's order is the eviction order
    records.set(key, record);
    while (records.size > maxEntries) {
      const oldest = records.keys().next().value;
      if (oldest === undefined) break;
      records.delete(oldest);
    }
  };
  return {
    get size() {
      return records.size;
    },
    get: live,
    claim(key, record) {
      if (live(key)) return false;
      put(key, record);
      return true;
    },
    set: put,
    delete(key) {
      records.delete(key);
    },
  };
}

/** Reads a response into its stored form (the response's body is consumed: use the returned copy). */
export async function storeAnswer(response: Response): Promise<{ stored: StoredAnswer; copy: Response }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return {
    stored: { status: response.status, headers, body: base64Encode(bytes) },
    copy: new Response(bytes.byteLength > 0 ? bytes : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }),
  };
}

/** The stored answer as a Response again. */
export function replayAnswer(answer: StoredAnswer): Response {
  const bytes = (base64Decode(answer.body) ?? new Uint8Array()) as Uint8Array<ArrayBuffer>;
  const nullBody = [101, 204, 205, 304].includes(answer.status);
  return new Response(nullBody || bytes.byteLength === 0 ? null : bytes, {
    status: answer.status,
    headers: answer.headers,
  });
}
