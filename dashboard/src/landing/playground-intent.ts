/** SPEC.md §9: the playground's assumed BTC price, its delay and the fabricated intent's lifetime. */
export const PLAYGROUND_USD_PER_BTC = 110_000;
export const PLAYGROUND_DELAY_MS = 1000;
export const PLAYGROUND_EXPIRY_SECONDS = 300;

export interface PlaygroundIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: "usd";
  amount_sbtc: number;
  status: "requires_payment_method";
  created_at: number;
  expires_at: number;
  livemode: false;
}

/** A payment intent made up in the browser: the playground calls nothing (SPEC.md §7). */
export function fabricateIntent(
  amountCents: number,
  now = Date.now(),
  random = Math.random,
): PlaygroundIntent {
  const dollars = amountCents / 100;
  const createdAt = Math.floor(now / 1000);
  const id = `pi_demo_${Math.floor(random() * 36 ** 10)
    .toString(36)
    .padStart(10, "0")}`;
  return {
    id,
    object: "payment_intent",
    amount: amountCents,
    currency: "usd",
    amount_sbtc: Math.ceil((dollars / PLAYGROUND_USD_PER_BTC) * 1e8),
    status: "requires_payment_method",
    created_at: createdAt,
    expires_at: createdAt + PLAYGROUND_EXPIRY_SECONDS,
    livemode: false,
  };
}
