/**
 * The secret-key client on your server: list what was paid today, newest first.
 *
 *   SPAY_SECRET_KEY=sk_test_… npx tsx server-client.ts
 */
import { SPayServerClient } from "@spay/sdk/server";

const spay = new SPayServerClient({
  apiKey: process.env.SPAY_SECRET_KEY ?? "",
  apiUrl: process.env.SPAY_API_URL ?? "http://localhost:8787",
});

const startOfDay = Math.floor(new Date().setUTCHours(0, 0, 0, 0) / 1000);
const { data } = await spay.listPaymentIntents({ status: "payment_settled", limit: 100 });
for (const intent of data.filter((pi) => pi.created_at >= startOfDay)) {
  console.log(`${intent.id}  ${intent.amount_minor} cents  ${intent.asset}  ${intent.customer_email ?? ""}`);
}
console.log(`${data.length} settled payment(s) in the latest page`);
