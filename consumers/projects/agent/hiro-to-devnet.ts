/**
 * Test harness only: x402-stacks signs through `@stacks/network` 6, which asks Hiro's public
 * testnet API at a hard-coded address. This preload (`tsx --import ./hiro-to-devnet.ts …`) sends
 * those calls to the devnet at `DEVNET_URL`; a real agent talks to Hiro.
 */
const HIRO_TESTNET = "https://api.testnet.hiro.so";
const devnet = process.env.DEVNET_URL;
if (!devnet) throw new Error("Set DEVNET_URL");

const original = globalThis.fetch;
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(HIRO_TESTNET)) return original(input, init);
  const target = `${devnet}${url.slice(HIRO_TESTNET.length)}`;
  return input instanceof Request ? original(new Request(target, input), init) : original(target, init);
};
