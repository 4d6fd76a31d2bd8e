/**
 * An agent paying one call with Coinbase's `@x402/fetch` and sPay's Stacks scheme
 * (`@spay/sdk/x402/exact-stacks`); prints the answer and the decoded `payment-response` as one
 * JSON line.
 *
 *   PAYER_PRIVATE_KEY=… STACKS_API_URL=… URL=http://127.0.0.1:4021/weather npx tsx pay-with-x402-fetch.ts
 */
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";

const privateKey = process.env.PAYER_PRIVATE_KEY;
const url = process.env.URL;
if (!privateKey || !url) throw new Error("Set PAYER_PRIVATE_KEY and URL");

const client = registerExactStacksScheme(new x402Client(), {
  privateKey,
  // Default: Hiro's API for the requirement's network.
  ...(process.env.STACKS_API_URL ? { stacksApiUrl: process.env.STACKS_API_URL } : {}),
});
const res = await wrapFetchWithPayment(fetch, client)(url);
const header = res.headers.get("payment-response");
console.log(
  JSON.stringify({
    status: res.status,
    body: await res.json(),
    receipt: header ? decodePaymentResponseHeader(header) : null,
  }),
);
