/**
 * An agent paying per call: `wrapFetchWithPayment` answers a 402 by signing the SIP-010 transfer
 * the requirements ask for (memo = their nonce), retries once with the payment header, and
 * refuses anything above its cap. The agent pays the network fee (3000 µSTX by default).
 *
 *   AGENT_PRIVATE_KEY=… STACKS_API_URL=http://localhost:3999 API_URL=http://127.0.0.1:4021 npx tsx agent.ts
 */
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";

const privateKey = process.env.AGENT_PRIVATE_KEY;
if (!privateKey) throw new Error("Set AGENT_PRIVATE_KEY to a funded account's private key (hex)");

const paidFetch = wrapFetchWithPayment(fetch, {
  privateKey,
  network: "testnet", // "mainnet" with live keys
  stacksApiUrl: process.env.STACKS_API_URL, // default: Hiro's API for the network
  maxAmount: { usdc: 10_000n }, // never more than $0.01 per call
});

const res = await paidFetch(`${process.env.API_URL ?? "http://127.0.0.1:4021"}/forecast`);
console.log(res.status, await res.json());

const payment = getPayment(res);
if (payment?.status === "paid") {
  console.log(`paid ${payment.amount} USDC units + ${payment.fee} µSTX fee, txid ${payment.txid}`);
} else {
  console.log(`not paid: ${payment?.rejectionReason ?? "the server did not ask for payment"}`);
  process.exitCode = 1;
}
