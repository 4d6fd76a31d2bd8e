/**
 * An agent paying with Coinbase's `@x402/fetch` and sPay's Stacks scheme
 * (`@spay/sdk/x402/exact-stacks`): one call to each URL in turn, printing each answer and its
 * decoded `payment-response` as a JSON line.
 *
 *   PAYER_PRIVATE_KEY=… STACKS_API_URL=… URLS=http://127.0.0.1:4021/weather,… npx tsx pay-with-x402-fetch.ts
 */
import { registerExactStacksScheme } from "@spay/sdk/x402/exact-stacks";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";

const privateKey = process.env.PAYER_PRIVATE_KEY;
const urls = process.env.URLS?.split(",").filter(Boolean) ?? [];
if (!privateKey || urls.length === 0) throw new Error("Set PAYER_PRIVATE_KEY and URLS");

const client = registerExactStacksScheme(new x402Client(), {
  privateKey,
  // Default: Hiro's API for the requirement's network.
  ...(process.env.STACKS_API_URL ? { stacksApiUrl: process.env.STACKS_API_URL } : {}),
});
const paidFetch = wrapFetchWithPayment(fetch, client);
for (const url of urls) {
  const res = await paidFetch(url);
  const header = res.headers.get("payment-response");
  console.log(
    JSON.stringify({
      url,
      status: res.status,
      body: await res.json(),
      receipt: header ? decodePaymentResponseHeader(header) : null,
    }),
  );
}
