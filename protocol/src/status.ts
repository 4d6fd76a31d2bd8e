/** SPEC.md §4 payment status values, in the order a payment moves through them. */
export const PAYMENT_STATUSES = [
  "requires_payment_method",
  "payment_initiated",
  "transaction_broadcast",
  "transaction_pending",
  "transaction_confirmed",
  "payment_settled",
  "partially_refunded",
  "refunded",
  "failed",
  "canceled",
  "expired",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** SPEC.md §4's labels: the one text every screen shows for a status. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  requires_payment_method: "Awaiting Payment",
  payment_initiated: "Payment Started",
  transaction_broadcast: "Tx Broadcast",
  transaction_pending: "Confirming",
  transaction_confirmed: "Confirmed",
  payment_settled: "Paid",
  partially_refunded: "Partially Refunded",
  refunded: "Refunded",
  failed: "Failed",
  canceled: "Canceled",
  expired: "Expired",
};

/** Nothing moves an intent out of these (a late payment is recorded, the status stays). */
export const TERMINAL_STATUSES: readonly PaymentStatus[] = [
  "payment_settled",
  "partially_refunded",
  "refunded",
  "failed",
  "canceled",
  "expired",
];

/** Waiting for money: a transaction carrying the memo starts to be tracked; cancel and expiry apply. */
export const OPEN_STATUSES: readonly PaymentStatus[] = ["requires_payment_method", "payment_initiated"];

/** A transaction is under way: the intent follows it until it counts, fails or is dropped. */
export const TRACKING_STATUSES: readonly PaymentStatus[] = [
  "transaction_broadcast",
  "transaction_pending",
  "transaction_confirmed",
];

/** Closed without payment: a transfer arriving now is recorded as paid late, the status stays. */
export const LATE_STATUSES: readonly PaymentStatus[] = ["expired", "canceled"];

/**
 * Paid: the payment settled, and may since have been refunded in part or in full. The
 * chain no longer moves these, but for money received after a full refund (refunded → partially
 * refunded); a refund that succeeds does (`decide`, kind "refunded").
 */
export const PAID_STATUSES: readonly PaymentStatus[] = ["payment_settled", "partially_refunded", "refunded"];

/** A payment that can take a refund: paid, and not refunded in full yet. */
export const REFUNDABLE_STATUSES: readonly PaymentStatus[] = ["payment_settled", "partially_refunded"];

/** Refund statuses: created pending, then the merchant's transfer counts or it fails. */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a merchant refunds (Stripe's reasons). */
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent", "other"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** An intent can be canceled until money is on its way. */
export const CANCELABLE_STATUSES: readonly PaymentStatus[] = OPEN_STATUSES;

/** SPEC.md §4 "Filters": Pending = still in flight (open or tracking); Failed = ended unpaid. */
export const PENDING_STATUSES: readonly PaymentStatus[] = [...OPEN_STATUSES, ...TRACKING_STATUSES];
export const FAILED_STATUSES: readonly PaymentStatus[] = ["failed", "canceled", "expired"];

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function isTerminal(status: PaymentStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** The label of a status; an unknown value (a newer server) shows as itself. */
export function statusLabel(status: string): string {
  return isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : status;
}

export const FULFILLMENT_STATUSES = [
  "not_required",
  "processing",
  "shipped",
  "delivered",
  "completed",
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const FULFILLMENT_LABELS: Record<FulfillmentStatus, string> = {
  not_required: "Not required",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
};

/** The label of a fulfillment status; an unknown value shows as itself. */
export function fulfillmentLabel(status: string): string {
  return (FULFILLMENT_STATUSES as readonly string[]).includes(status)
    ? FULFILLMENT_LABELS[status as FulfillmentStatus]
    : status;
}

/** Fulfillment still to do (SPEC.md §4 "Filters": not not_required, not yet delivered or completed). */
export const OPEN_FULFILLMENT_STATUSES: readonly FulfillmentStatus[] = ["processing", "shipped"];

export const PAYMENT_METHODS = ["wallet", "qr", "x402"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The dashboard's figures, defined once (the server computes them, the docs quote these words):
 * - Transactions: payments a customer sent money for — paid, under way on chain, or whose
 *   transfer failed. A checkout opened and left, or one still waiting, is not a transaction.
 * - Success Rate: paid ÷ (paid + failed), rounded to a whole percent; transfers still under way
 *   are not decided yet and count in neither; none decided reads "--%".
 * - Active Customers: distinct customer emails with at least one paid payment in the range —
 *   the people Customers lists.
 */
export const TRANSACTION_STATUSES: readonly PaymentStatus[] = [
  ...TRACKING_STATUSES,
  ...PAID_STATUSES,
  "failed",
];
