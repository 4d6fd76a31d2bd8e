/**
 * Account nonces for back-to-back payments. The facilitator accepts a signed transfer only when its
 * nonce is the payer's next one, and a Stacks node refuses a second transaction with a nonce
 * already in its mempool (`ConflictingNonceInMempool`). So payments from one account run one at a
 * time, each from reserving its nonce until the transfer was broadcast (or is known not to have
 * been), and the next nonce is tracked locally as well as read from the chain, whose API may lag
 * behind its own mempool.
 */
import type { StacksApi } from "./stacks-api.js";

/** How a payment that held a nonce ended: whether its transaction reached the chain. */
export type NonceOutcome<T> = { consumed: boolean } & (
  | { ok: true; value: T }
  | { ok: false; error: unknown }
);

/** Serializes payments per account and hands each the account's next nonce. */
export class NonceManager {
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #next = new Map<string, bigint>();

  /**
   * Runs `pay` with `address`'s next nonce — the larger of the locally tracked one and the chain's
   * `possible_next_nonce` — once every earlier payment of that account has ended. A consumed
   * nonce advances the local count; otherwise the account resyncs from the chain next time.
   * Resolves with `pay`'s value or rejects with its error.
   */
  async withNextNonce<T>(
    api: Pick<StacksApi, "baseUrl" | "possibleNextNonce">,
    address: string,
    pay: (nonce: bigint) => Promise<NonceOutcome<T>>,
  ): Promise<T> {
    const key = `${api.baseUrl}|${address}`;
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const turn = previous.then(() => this.#run(key, api, address, pay));
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(key, settled);
    void settled.then(() => {
      if (this.#queues.get(key) === settled) this.#queues.delete(key);
    });
    return turn;
  }

  /** The locally tracked next nonce of an account, if any (for inspection and tests). */
  trackedNonce(baseUrl: string, address: string): bigint | undefined {
    return this.#next.get(`${baseUrl}|${address}`);
  }

  async #run<T>(
    key: string,
    api: Pick<StacksApi, "possibleNextNonce">,
    address: string,
    pay: (nonce: bigint) => Promise<NonceOutcome<T>>,
  ): Promise<T> {
    const chainNext = await api.possibleNextNonce(address);
    const local = this.#next.get(key);
    const nonce = local !== undefined && local > chainNext ? local : chainNext;
    let outcome: NonceOutcome<T>;
    try {
      outcome = await pay(nonce);
    } catch (error) {
      outcome = { consumed: false, ok: false, error };
    }
    if (outcome.consumed) this.#next.set(key, nonce + 1n);
    else this.#next.delete(key);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}

/** The nonce manager agents share unless given their own: one queue per account per process. */
export const sharedNonceManager = new NonceManager();
