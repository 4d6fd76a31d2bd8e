/**
 * The payment intent state machine: which status may move to which (the table), and what each
 * observation of the chain, the clock or the merchant means for an intent (`decide`). The server
 * writes a status only through a change `decide` returned, and refuses any move the table lacks.
 */
import { INTENT_EVENT, type IntentEventType } from "./events.ts";
import {
  LATE_STATUSES,
  OPEN_STATUSES,
  PAID_STATUSES,
  type PaymentStatus,
  TRACKING_STATUSES,
} from "./status.ts";

/**
 * Why the transfer an intent followed did not pay it, as the start of its `status_reason` (the
 * rest, after a colon, is the chain's answer: `transaction_failed:abort_by_response`). The intent
 * goes back to waiting for payment, so a checkout reads these to tell the customer their transfer
 * failed and to offer another try.
 */
export const TRANSFER_FAILURES = {
  failed: "transaction_failed",
  rejected: "transfer_rejected",
  dropped: "transaction_dropped",
} as const;

/** True when the reason says the last transfer failed, was rejected or was dropped from the mempool. */
export function isTransferFailure(reason: string | null | undefined): boolean {
  if (!reason) return false;
  const kind = reason.split(":", 1)[0];
  return Object.values(TRANSFER_FAILURES).some((failure) => failure === kind);
}

/**
 * Every allowed move. Staying in the same status is always allowed (a reason or amount changes).
 * `payment_initiated` is a reported transfer the chain does not show yet; `failed` has no way in
 * today: a failed or dropped transaction returns the intent to `requires_payment_method`, so the
 * customer can pay again.
 */
export const TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  requires_payment_method: [
    "payment_initiated",
    "transaction_broadcast",
    "transaction_pending",
    "transaction_confirmed",
    "payment_settled",
    "canceled",
    "expired",
  ],
  payment_initiated: [
    "requires_payment_method",
    "transaction_broadcast",
    "transaction_pending",
    "transaction_confirmed",
    "payment_settled",
    "canceled",
    "expired",
  ],
  transaction_broadcast: [
    "requires_payment_method",
    "transaction_pending",
    "transaction_confirmed",
    "payment_settled",
  ],
  transaction_pending: ["requires_payment_method", "transaction_confirmed", "payment_settled"],
  // A fork can take the block of a confirmed-but-not-yet-final transfer away: it waits again.
  transaction_confirmed: ["requires_payment_method", "transaction_pending", "payment_settled"],
  // A refund that succeeds moves a paid intent; the chain's own evidence moves it only
  // when money arrives after a full refund: part of what was received is refundable again.
  payment_settled: ["partially_refunded", "refunded"],
  partially_refunded: ["refunded"],
  refunded: ["partially_refunded"],
  failed: [],
  canceled: [],
  expired: [],
};

/** The statuses an intent is created in: by the API, or already broadcast by the x402 facilitator. */
export const INITIAL_STATUSES: readonly PaymentStatus[] = [
  "requires_payment_method",
  "transaction_broadcast",
];

export function canMove(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** A status write the table forbids: a bug in the caller, never the client's fault. */
export class TransitionError extends Error {
  readonly from: PaymentStatus;
  readonly to: PaymentStatus;

  constructor(from: PaymentStatus, to: PaymentStatus, intentId?: string) {
    super(`Illegal payment status change ${from} → ${to}${intentId ? ` for ${intentId}` : ""}`);
    this.name = "TransitionError";
    this.from = from;
    this.to = to;
  }
}

export function assertMove(from: PaymentStatus, to: PaymentStatus, intentId?: string): void {
  if (!canMove(from, to)) throw new TransitionError(from, to, intentId);
}

/** The intent fields a decision reads. */
export interface IntentState {
  status: PaymentStatus;
  /** The transaction the intent currently follows. */
  txid: string | null;
  /** What is due, in atomic units of the asset. */
  amount_asset: string;
  /** What the refunds that succeeded returned, atomic units; absent when nothing was refunded. */
  amount_refunded?: string | undefined;
  expires_at: number;
  payment_method: string | null;
}

/** What to write: fields left undefined stay as they are. */
export interface IntentChange {
  status?: PaymentStatus;
  reason?: string | null;
  txid?: string | null;
  amount_received?: string;
  payment_method?: string | null;
  canceled_at?: number;
  cancellation_reason?: string | null;
  /** What the refunds that succeeded returned, in atomic units of the asset. */
  amount_refunded?: string;
  /** The webhook event to emit; null emits none (and a change that keeps the status records no timeline entry). */
  event: IntentEventType | null;
  /** The transaction the timeline entry names; by default the intent's txid after the change. */
  eventTxid?: string | null;
  /**
   * Record a timeline entry although neither the status changes nor an event is emitted: what the
   * chain did to a settled payment (a fork took its block away, or gave it back) must be visible.
   */
  record?: boolean;
}

/** What was seen about an intent. `txid` is the transfer observed. */
export type Observation =
  /** The chain still does not know a submitted transaction after the drop window. */
  | { kind: "dropped"; txid: string }
  /** The transaction is in the mempool. */
  | { kind: "pending"; txid: string }
  /** The transaction was mined but aborted. */
  | { kind: "failed"; txid: string; reason: string }
  /** The transaction succeeded but does not pay this intent (wrong token, recipient, memo…). */
  | { kind: "rejected"; txid: string; reason: string }
  /**
   * The transaction pays the intent: `received` is everything counted for it once this transfer
   * counts too (it counts when it has the confirmations required).
   */
  | { kind: "paid"; txid: string; confirmations: number; required: number; received: bigint }
  /** The clock: intents unpaid past `expires_at` expire. */
  | { kind: "expired"; now: number }
  /** The merchant cancels. */
  | { kind: "canceled"; now: number; reason?: string | undefined }
  /** A checkout reported a transaction the chain does not show yet; it is looked up again. */
  | { kind: "report_pending"; txid: string }
  /**
   * A reported transaction the chain never showed (`reason` null: not found after the drop
   * window) or that turned out not to pay this intent (`reason` says why).
   */
  | { kind: "report_failed"; txid: string; reason: string | null }
  /** A transaction carrying the intent's memo was reported or discovered and is now tracked. */
  | { kind: "reported"; txid: string; paymentMethod?: string | undefined }
  /** The merchant assigned an unmatched transfer to the intent. */
  | { kind: "assigned"; txid: string }
  /** A fork took the block holding this transfer off the canonical chain; it is checked again. */
  | { kind: "orphaned"; txid: string; height: number }
  /**
   * A refund's transfer counted: `refunded` is everything the succeeded refunds returned, out of the
   * `received` the payment counted (atomic units); `txid` is the refund's transfer.
   */
  | { kind: "refunded"; txid: string; refunded: bigint; received: bigint };

/** A paying transfer counts once it has the confirmations the environment requires. */
export function counts(confirmations: number, required: number): boolean {
  return confirmations >= required;
}

const isOpen = (s: PaymentStatus) => OPEN_STATUSES.includes(s);
const isTracking = (s: PaymentStatus) => TRACKING_STATUSES.includes(s);
const isLate = (s: PaymentStatus) => LATE_STATUSES.includes(s);
const isPaid = (s: PaymentStatus) => PAID_STATUSES.includes(s);

/**
 * What an observation means for an intent: the change to write, or null when it changes nothing.
 * Pure: the caller reads the intent (locked) and the chain, and writes the change it gets.
 */
export function decide(intent: IntentState, observation: Observation): IntentChange | null {
  const { status } = intent;
  switch (observation.kind) {
    case "dropped":
    case "failed":
    case "rejected": {
      if (isPaid(status) && intent.txid === observation.txid) {
        // Only after a fork: the settling transfer did not make it into the new branch. Settled
        // stays final (the merchant may have delivered); the timeline says what the chain did.
        return {
          reason: `transfer_reversed:${observation.kind === "dropped" ? "dropped" : observation.reason}`,
          event: null,
          eventTxid: observation.txid,
          record: true,
        };
      }
      // A transfer for an intent still waiting, first seen already failed (mined and aborted
      // before the checkout's report, or before the chain showed it): the attempt failed, and
      // the intent says so — the customer may pay again. A drop of a transfer nobody followed
      // says nothing (a report that is never seen has its own way back, `report_failed`).
      if (isOpen(status) && observation.kind !== "dropped") {
        return {
          status: "requires_payment_method",
          reason: `${TRANSFER_FAILURES[observation.kind]}:${observation.reason}`,
          txid: null,
          event: INTENT_EVENT.failed,
          eventTxid: observation.txid,
        };
      }
      // Only the transaction the intent follows can take it back; the customer may pay again.
      if (!isTracking(status) || intent.txid !== observation.txid) return null;
      const reason =
        observation.kind === "dropped"
          ? TRANSFER_FAILURES.dropped
          : `${TRANSFER_FAILURES[observation.kind]}:${observation.reason}`;
      return {
        status: "requires_payment_method",
        reason,
        txid: null,
        event: INTENT_EVENT.failed,
        eventTxid: observation.txid,
      };
    }
    case "pending":
      if (!isOpen(status) && status !== "transaction_broadcast") return null;
      return { status: "transaction_pending", reason: "in_mempool", txid: observation.txid, event: null };
    case "paid":
      return decidePaid(intent, observation);
    case "expired":
      if (!isOpen(status) || intent.expires_at > observation.now) return null;
      return { status: "expired", reason: "expired_unpaid", event: INTENT_EVENT.expired };
    case "canceled":
      if (!isOpen(status)) return null;
      return {
        status: "canceled",
        reason: observation.reason ?? "canceled",
        canceled_at: observation.now,
        cancellation_reason: observation.reason ?? null,
        event: INTENT_EVENT.canceled,
      };
    case "report_pending":
      // The customer's checkout says it sent a transfer; until the chain shows it the payment is
      // started, so the checkout shows it under way rather than waiting for a payment.
      if (status !== "requires_payment_method") return null;
      return { status: "payment_initiated", reason: "txid_reported", event: null };
    case "report_failed":
      // Only a payment started by a report goes back. No webhook: the merchant never heard of
      // this transfer as processing, so there is no payment to call failed; the timeline tells.
      if (status !== "payment_initiated") return null;
      return {
        status: "requires_payment_method",
        reason:
          observation.reason === null
            ? TRANSFER_FAILURES.dropped
            : `${TRANSFER_FAILURES.rejected}:${observation.reason}`,
        event: null,
        eventTxid: observation.txid,
      };
    case "reported":
      if (isOpen(status)) {
        return {
          status: "transaction_broadcast",
          reason: "txid_submitted",
          txid: observation.txid,
          payment_method: observation.paymentMethod ?? intent.payment_method ?? "wallet",
          event: INTENT_EVENT.processing,
        };
      }
      if (isLate(status)) {
        return {
          reason: "late_transaction_reported",
          payment_method: intent.payment_method ?? observation.paymentMethod ?? "wallet",
          event: null,
          eventTxid: observation.txid,
        };
      }
      return null;
    case "assigned":
      if (isOpen(status)) {
        return {
          status: "transaction_broadcast",
          reason: "assigned_by_merchant",
          txid: observation.txid,
          event: INTENT_EVENT.processing,
        };
      }
      if (status === "expired")
        return { reason: "assigned_by_merchant", event: null, eventTxid: observation.txid };
      return null;
    case "orphaned":
      return decideOrphaned(intent, observation);
    case "refunded": {
      if (!isPaid(status) || observation.refunded <= 0n) return null;
      const to = observation.refunded >= observation.received ? "refunded" : "partially_refunded";
      if (status === "refunded" && to !== "refunded") return null;
      // Each refund is a timeline entry, also a second partial one that keeps the status.
      return {
        status: to,
        reason: `refunded:${observation.refunded}`,
        amount_refunded: observation.refunded.toString(),
        event: null,
        eventTxid: observation.txid,
        record: true,
      };
    }
  }
}

/**
 * A fork removed the block of a transfer the intent counted or was confirming. Nothing changes
 * silently: an intent still confirming goes back to waiting for the transaction; a settled (or
 * paid-late) one keeps its status — final by the confirmations its environment requires — and its
 * timeline records the fork. The transfer is checked again either way (see `decidePaid`).
 */
function decideOrphaned(
  intent: IntentState,
  orphaned: Extract<Observation, { kind: "orphaned" }>,
): IntentChange | null {
  const reason = `block_orphaned:${orphaned.height}`;
  if (isTracking(intent.status)) {
    if (intent.txid !== orphaned.txid) return null;
    return { status: "transaction_pending", reason, event: null };
  }
  if (isPaid(intent.status) || isLate(intent.status))
    return { reason, event: null, eventTxid: orphaned.txid, record: true };
  return null;
}

function decidePaid(intent: IntentState, paid: Extract<Observation, { kind: "paid" }>): IntentChange | null {
  const { status } = intent;
  if (!counts(paid.confirmations, paid.required)) {
    // Each new block updates the count an intent still confirming shows (`confirmations:2/3`).
    if (!isOpen(status) && !isTracking(status)) return null;
    return {
      status: "transaction_confirmed",
      reason: `confirmations:${paid.confirmations}/${paid.required}`,
      txid: paid.txid,
      event: null,
    };
  }
  const received = paid.received.toString();
  // After settlement a further transfer is an overpayment; the status stays, except that a
  // refunded payment receiving more than was refunded is partially refunded again (refundable).
  // Counting no more than is due can only be the settling transfer counted again after a fork.
  if (isPaid(status)) {
    const refundable = status === "refunded" && paid.received > BigInt(intent.amount_refunded ?? 0);
    const moved = refundable ? { status: "partially_refunded" as const } : {};
    if (paid.received <= BigInt(intent.amount_asset))
      return {
        ...moved,
        amount_received: received,
        reason: "reconfirmed",
        event: null,
        eventTxid: paid.txid,
        record: true,
      };
    return { ...moved, amount_received: received, reason: "overpaid", event: null, eventTxid: paid.txid };
  }
  // Money for an intent that ended unpaid is recorded as paid late; the status stays.
  if (isLate(status) || status === "failed") {
    return {
      amount_received: received,
      reason: "paid_late",
      event: INTENT_EVENT.paidLate,
      eventTxid: paid.txid,
    };
  }
  const due = BigInt(intent.amount_asset);
  if (paid.received >= due) {
    return {
      status: "payment_settled",
      reason: paid.received > due ? "overpaid" : "paid",
      txid: paid.txid,
      amount_received: received,
      event: INTENT_EVENT.succeeded,
    };
  }
  return {
    status: "requires_payment_method",
    reason: "underpaid",
    txid: null,
    amount_received: received,
    event: INTENT_EVENT.partiallyPaid,
    eventTxid: paid.txid,
  };
}
