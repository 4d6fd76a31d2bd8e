/**
 * An agent paying with x402-stacks' client (axios with its payment interceptor) on testnet: one
 * call to each URL in turn, printing each answer and its decoded `payment-response` as a JSON line.
 *
 *   PAYER_PRIVATE_KEY=… URLS=http://127.0.0.1:4021/weather,… npx tsx pay-with-x402-stacks.ts
 */
import { createPaymentClient, decodePaymentResponse, privateKeyToAccount } from "x402-stacks";

const privateKey = process.env.PAYER_PRIVATE_KEY;
const urls = process.env.URLS?.split(",").filter(Boolean) ?? [];
if (!privateKey || urls.length === 0) throw new Error("Set PAYER_PRIVATE_KEY and URLS");

const account = privateKeyToAccount(privateKey, "testnet");
for (const url of urls) {
  const { origin, pathname } = new URL(url);
  const res = await createPaymentClient(account, { baseURL: origin }).get(pathname);
  const receipt = decodePaymentResponse(res.headers["payment-response"]);
  console.log(JSON.stringify({ url, status: res.status, body: res.data, receipt }));
}
