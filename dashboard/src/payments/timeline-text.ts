import { fulfillmentLabel, statusLabel } from "@spay/protocol";
import type { PaymentEvent } from "../api/types.ts";

/** Why a transfer did not pay the payment (server domain/transfer-check.ts RejectionReason). */
const REJECTIONS: Record<string, string> = {
  wrong_token: "it sent a different token",
  wrong_function: "it called a different contract function",
  wrong_recipient: "it did not pay the merchant's address",
  memo_mismatch: "its memo names a different payment",
  not_a_contract_call: "it is not a token transfer",
  not_an_stx_transfer: "it is not an STX transfer",
  // A refund's transfer (server services/refunds.ts).
  wrong_amount: "it moved a different amount than the refund",
  txid_already_counted: "that transaction already paid another refund",
};

/** Why a transfer was not counted, in plain words (`transfer_rejected:<detail>`). */
export function rejectionText(detail: string): string {
  return REJECTIONS[detail] ?? "it does not match";
}

/** Chain statuses of a failed transaction (Hiro `tx_status`). */
const FAILURES: Record<string, string> = {
  abort_by_response: "the contract refused it",
  abort_by_post_condition: "a post-condition stopped it",
  dropped_replace_by_fee: "it was replaced by another transaction",
  dropped_replace_across_fork: "it was replaced after a chain reorganization",
  dropped_too_expensive: "its fee was too low",
  dropped_stale_garbage_collect: "it waited too long in the mempool",
  dropped_problematic: "the network refused it",
};

/** Cancellation reasons (API `cancellation_reason`). */
const CANCELLATIONS: Record<string, string> = {
  canceled: "Canceled",
  duplicate: "Canceled as a duplicate",
  fraudulent: "Canceled as fraudulent",
  requested_by_customer: "Canceled at the customer's request",
  abandoned: "Canceled: abandoned by the customer",
};

const EXACT: Record<string, string> = {
  created: "",
  in_mempool: "Transaction seen in the mempool, waiting for a block",
  txid_submitted: "The customer's wallet sent the transaction",
  txid_reported: "The customer's wallet sent a transaction the chain does not show yet",
  paid: "Paid in full",
  overpaid: "Paid more than the amount due",
  underpaid: "Paid less than the amount due; waiting for the rest",
  paid_late: "Paid after the payment had expired",
  expired_unpaid: "Expired before it was paid",
  assigned_by_merchant: "You assigned a transfer to this payment",
  late_transaction_reported: "A transaction was reported after the payment had expired",
  reconfirmed: "Confirmed again after a chain reorganization",
  transaction_dropped: "The transaction was dropped from the mempool",
  dropped: "The transaction was dropped from the mempool",
  ...CANCELLATIONS,
};

/** A fallback for a reason this dashboard does not know yet: its words, without underscores. */
export function humanize(reason: string): string {
  const words = reason.replace(/[_:]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The plain-words explanation of a payment event's `reason` (protocol/src/transitions.ts); "" for none. */
export function reasonText(reason: string | null): string {
  if (!reason) return "";
  const exact = EXACT[reason];
  if (exact !== undefined) return exact;
  const [kind = "", detail = ""] = reason.split(/:(.*)/s);
  switch (kind) {
    case "block_orphaned":
      return `The block holding this payment was replaced by a chain reorganization (block ${detail}); re-checking`;
    case "transfer_reversed":
      return "The payment did not make it into the new chain after a reorganization";
    case "confirmations": {
      const [seen, required] = detail.split("/");
      return `${seen} of ${required} confirmations`;
    }
    case "refunded":
      // The total refunded so far, in the asset's smallest unit (sats, micro-USDC): the refund's own page has the amount in the asset.
      return `Money sent back to the payer on chain (refunded so far: ${detail} in the asset's smallest unit)`;
    case "transaction_failed":
      return `The transaction failed on chain: ${FAILURES[detail] ?? "the network did not accept it"}`;
    case "transfer_rejected":
      return `The transaction does not pay this payment: ${REJECTIONS[detail] ?? "it does not match the payment"}`;
  }
  return humanize(reason);
}

/** One timeline line: a status change ('Awaiting Payment → Paid'), or a fulfillment step, with its reason in plain words. */
export function timelineText(event: PaymentEvent): string {
  const fulfillment = event.reason?.match(/^fulfillment_(\w+)$/)?.[1];
  if (fulfillment) return `Fulfillment: ${fulfillmentLabel(fulfillment)}`;
  const to = statusLabel(event.to_status);
  const text =
    event.from_status && event.from_status !== event.to_status
      ? `${statusLabel(event.from_status)} → ${to}`
      : to;
  const why = reasonText(event.reason);
  return why ? `${text} — ${why}` : text;
}
