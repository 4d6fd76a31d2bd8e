/**
 * Third-party Stacks code that asks Hiro's public testnet API at its hard-coded address (x402-stacks
 * signs through @stacks/network 6, which does) is sent to the devnet instead — in the bench
 * process only, as interop/src/stack.ts does in the conformance tests.
 */

/** The public API the ecosystem's Stacks libraries default to for testnet. */
export const HIRO_TESTNET = "https://api.testnet.hiro.so";

/** Sends global `fetch` calls for Hiro's testnet API to `devnetUrl`; returns the undo. */
export function redirectHiroTestnetTo(devnetUrl: string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(HIRO_TESTNET)) return original(input, init);
    const path = url.slice(HIRO_TESTNET.length);
    if (input instanceof Request) return original(new Request(`${devnetUrl}${path}`, input), init);
    return original(`${devnetUrl}${path}`, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
