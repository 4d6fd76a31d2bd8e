/**
 * An agent paying one call with x402-stacks' client (axios with its payment interceptor) on
 * testnet; prints the answer and the decoded `payment-response` as one JSON line.
 *
 *   PAYER_PRIVATE_KEY=… URL=http://127.0.0.1:4021/weather npx tsx pay-with-x402-stacks.ts
 */
import { createPaymentClient, decodePaymentResponse, privateKeyToAccount } from "x402-stacks";

const privateKey = process.env.PAYER_PRIVATE_KEY;
const url = process.env.URL;
if (!privateKey || !url) throw new Error("Set PAYER_PRIVATE_KEY and URL");

const { origin, pathname } = new URL(url);
const client = createPaymentClient(privateKeyToAccount(privateKey, "testnet"), { baseURL: origin });
const res = await client.get(pathname);
const receipt = decodePaymentResponse(res.headers["payment-response"]);
console.log(JSON.stringify({ status: res.status, body: res.data, receipt }));
