/**
 * The third-party server most pairings meet: an Express API selling `GET /quote` through
 * x402-stacks' `paymentMiddleware` (npm `x402-stacks` 2.0.3, unpatched), with the merchant's
 * public facilitator as its only sPay setting.
 */
import express from "express";
import { paymentMiddleware } from "x402-stacks";
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
