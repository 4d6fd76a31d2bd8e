/**
 * Step 5: follow a payment intent until it is settled (or expires, fails, is canceled).
 * `waitForStatus` reads the intent's live stream and falls back to polling. A secret key follows
 * an intent by id; in a browser (publishable key) pass the intent's `client_secret` instead.
 *
 *   SPAY_SECRET_KEY=sk_test_… INTENT_ID=pi_… npx tsx 5-wait-for-status.ts
 */
import { PAYMENT_STATUS_LABELS, SPayClient } from "@spay/sdk";

const intentId = process.env.INTENT_ID;
if (!intentId) throw new Error("Set INTENT_ID to a payment intent id (pi_…)");

const spay = new SPayClient({
  apiKey: process.env.SPAY_SECRET_KEY ?? "",
  apiUrl: process.env.SPAY_API_URL ?? "http://localhost:8787",
});

const final = await spay.waitForStatus(intentId, {
  onUpdate: (pi) => console.log(`${pi.id}: ${pi.status} (${PAYMENT_STATUS_LABELS[pi.status]})`),
});

if (final.status === "payment_settled") {
  console.log(`paid: ${final.amount_received} received, txid ${final.txid}`);
  // Fulfil the order here — or, better, in your webhook handler (see Webhooks).
} else {
  console.log(`not paid: ${final.status}${final.status_reason ? ` (${final.status_reason})` : ""}`);
  process.exitCode = 1;
}
