/**
 * A browser agent: the page's own fetch wrapped with `wrapFetchWithPayment` from the built
 * `@spay/sdk/x402`, paying the paywalled route with a key the test hands it.
 */
import { getPayment, wrapFetchWithPayment } from "@spay/sdk/x402";

declare global {
  interface Window {
    payThreeTimes(
      privateKey: string,
    ): Promise<{ status: number; body: unknown; paid: string | undefined; txid: string | undefined }[]>;
  }
}

window.payThreeTimes = async (privateKey) => {
  const paidFetch = wrapFetchWithPayment(fetch, {
    privateKey,
    network: "testnet",
    stacksApiUrl: `${location.origin}/chain`,
    maxAmount: { usdc: 10_000n },
  });
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const res = await paidFetch("/paid");
    const payment = getPayment(res);
    answers.push({ status: res.status, body: await res.json(), paid: payment?.status, txid: payment?.txid });
  }
  return answers;
};
