/**
 * An agent that calls the example API: the free route as is, the paid one through
 * `wrapFetchWithPayment`, which answers the 402 by signing a $0.001 USDC transfer (memo = the
 * requirement's nonce) and retrying once. It prints what it paid.
 *
 *   AGENT_PRIVATE_KEY=… STACKS_API_URL=http://localhost:3999 API_URL=http://127.0.0.1:4021 pnpm agent
 */
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";

const privateKey = process.env.AGENT_PRIVATE_KEY;
if (!privateKey) throw new Error("Set AGENT_PRIVATE_KEY to a funded devnet/testnet account's private key");
const apiUrl = process.env.API_URL ?? "http://127.0.0.1:4021";

const paidFetch = wrapFetchWithPayment(fetch, {
  privateKey,
  network: "testnet",
  stacksApiUrl: process.env.STACKS_API_URL ?? "http://localhost:3999",
  // Never pay more than one cent of USDC for a call.
  maxAmount: { usdc: 10_000n },
});

const free = await fetch(`${apiUrl}/free`);
console.log(`GET /free → ${free.status} ${JSON.stringify(await free.json())}`);

const calls = Number(process.env.CALLS ?? 3);
for (let i = 0; i < calls; i++) {
  const res = await paidFetch(`${apiUrl}/joke`);
  const payment = getPayment(res);
  console.log(`GET /joke → ${res.status} ${JSON.stringify(await res.json())}`);
  if (payment?.status === "paid") {
    const usd = Number(payment.amount) / 1e6;
    console.log(
      `  paid ${payment.amount} USDC units ($${usd.toFixed(3)}) + fee ${payment.fee} µSTX, form ${payment.form}, txid ${payment.txid}`,
    );
  } else {
    console.log(`  not paid: ${payment?.rejectionReason ?? "no payment"}`);
    process.exitCode = 1;
  }
}
