/** SPEC.md §4 payment status values, in the order a payment moves through them. */
export const PAYMENT_STATUSES = [
  "requires_payment_method",
  "payment_initiated",
  "transaction_broadcast",
  "transaction_pending",
  "transaction_confirmed",
  "payment_settled",
  "failed",
  "canceled",
  "expired",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment_method: "Awaiting Payment",
  payment_initiated: "Payment Started",
  transaction_broadcast: "Tx Broadcast",
  transaction_pending: "Confirming",
  transaction_confirmed: "Confirmed",
  payment_settled: "Paid",
  failed: "Failed",
  canceled: "Canceled",
  expired: "Expired",
};

export const TERMINAL_STATUSES: readonly PaymentStatus[] = [
  "payment_settled",
  "failed",
  "canceled",
  "expired",
];

/** An intent can be canceled until money is on its way. */
export const CANCELABLE_STATUSES: readonly PaymentStatus[] = ["requires_payment_method", "payment_initiated"];

export const FULFILLMENT_STATUSES = [
  "not_required",
  "processing",
  "shipped",
  "delivered",
  "completed",
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const PAYMENT_METHODS = ["wallet", "qr", "x402"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isTerminal(status: PaymentStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
