/**
 * x402-stacks (npm `x402-stacks` 2.0.3, unpatched) as the pairings meet it: its client, bounded,
 * and an Express API selling `GET /quote` through its `paymentMiddleware` with the merchant's
 * public facilitator as its only sPay setting.
 */
import express from "express";
import { createPaymentClient, paymentMiddleware, privateKeyToAccount } from "x402-stacks";
import { type InteropStack, onLoopback } from "./stack.ts";

export interface X402StacksSeller {
  url: string;
  /** How many times the route's handler ran (it runs once per settled payment). */
  served(): number;
  close(): Promise<void>;
}

/**
 * Sells `/quote` for `amount` atomic units of `asset` (x402-stacks' default, STX, when no asset is
 * given), paying the merchant's verified payout address and settling through sPay.
 */
export async function startX402StacksSeller(
  stack: InteropStack,
  price: { amount: string; asset?: string; description: string },
): Promise<X402StacksSeller> {
  let served = 0;
  const app = express();
  app.get(
    "/quote",
    paymentMiddleware({
      network: "testnet",
      amount: price.amount,
      ...(price.asset ? { asset: price.asset } : {}),
      payTo: stack.merchant.wallet.address,
      facilitatorUrl: stack.facilitatorUrl,
      description: price.description,
    }),
    (_req, res) => {
      served += 1;
      res.json({ quote: "Stay hungry" });
    },
  );
  const api = await onLoopback(app.listen(0, "127.0.0.1"));
  return { url: api.url, served: () => served, close: api.close };
}

/**
 * x402-stacks' client paying from `privateKey` on testnet. It pays again whenever a paid retry
 * answers 402 with a new requirement (its once-only guard never fires), without bound: this one
 * stops at the third request and says what the server answered.
 */
export function boundedX402StacksClient(privateKey: string, baseURL: string) {
  const client = createPaymentClient(privateKeyToAccount(privateKey, "testnet"), { baseURL });
  const answers: string[] = [];
  let requests = 0;
  client.interceptors.request.use((config) => {
    if (++requests > 2) throw new Error(`x402-stacks kept paying: ${answers.join(" | ")}`);
    return config;
  });
  client.interceptors.response.use(undefined, (error) => {
    const res = error?.response;
    if (res) answers.push(`${res.status} ${JSON.stringify(res.data).slice(0, 300)}`);
    return Promise.reject(error);
  });
  return client;
}
