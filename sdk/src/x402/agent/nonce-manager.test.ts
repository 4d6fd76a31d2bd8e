import { describe, expect, it } from "vitest";
import { NonceManager, type NonceOutcome } from "./nonce-manager.js";

/** A chain whose `possible_next_nonce` the test sets. */
function chain(next: bigint) {
  const api = { baseUrl: "https://chain.test", next, possibleNextNonce: async () => api.next };
  return api;
}

const consumed = <T>(value: T): NonceOutcome<T> => ({ consumed: true, ok: true, value });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("nonce manager", () => {
  it("payments from one account run one at a time, each with the next nonce, even when started together", async () => {
    const nonces = new NonceManager();
    const api = chain(5n); // a chain API that lags: it never sees the payments
    let running = 0;
    let overlapped = false;
    const used = await Promise.all(
      Array.from({ length: 10 }, () =>
        nonces.withNextNonce(api, "ST1", async (nonce) => {
          overlapped ||= running > 0;
          running++;
          await tick();
          running--;
          return consumed(nonce);
        }),
      ),
    );
    expect(overlapped).toBe(false);
    expect(used).toEqual([5n, 6n, 7n, 8n, 9n, 10n, 11n, 12n, 13n, 14n]);
    expect(nonces.trackedNonce(api.baseUrl, "ST1")).toBe(15n);
  });

  it("takes the chain's nonce when it is ahead of the local count (another wallet paid meanwhile)", async () => {
    const nonces = new NonceManager();
    const api = chain(0n);
    await nonces.withNextNonce(api, "ST1", async (n) => consumed(n));
    api.next = 9n;
    expect(await nonces.withNextNonce(api, "ST1", async (n) => consumed(n))).toBe(9n);
  });

  it("resyncs from the chain after a payment that did not reach it, and rethrows its error", async () => {
    const nonces = new NonceManager();
    const api = chain(3n);
    await nonces.withNextNonce(api, "ST1", async (n) => consumed(n)); // local: 4, chain still 3
    const failure = new Error("refused");
    await expect(
      nonces.withNextNonce(api, "ST1", async () => ({ consumed: false, ok: false, error: failure })),
    ).rejects.toBe(failure);
    expect(nonces.trackedNonce(api.baseUrl, "ST1")).toBeUndefined();
    expect(await nonces.withNextNonce(api, "ST1", async (n) => consumed(n))).toBe(3n);
  });

  it("a payment that throws frees the account for the next one", async () => {
    const nonces = new NonceManager();
    const api = chain(0n);
    const first = nonces.withNextNonce(api, "ST1", async () => {
      throw new Error("signer offline");
    });
    const second = nonces.withNextNonce(api, "ST1", async (n) => consumed(n));
    await expect(first).rejects.toThrow("signer offline");
    expect(await second).toBe(0n);
  });

  it("different accounts do not wait for each other", async () => {
    const nonces = new NonceManager();
    const api = chain(0n);
    let release: () => void = () => {};
    const blocked = nonces.withNextNonce(api, "ST1", async (n) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return consumed(n);
    });
    expect(await nonces.withNextNonce(api, "ST2", async (n) => consumed(n))).toBe(0n);
    release();
    await blocked;
  });
});
