import type { PaymentIntent } from "@spay/sdk";
import type { PaymentFilter } from "../api/types.ts";
import { matchesFilter } from "./payment-rules.ts";

/**
 * Applies a payment received live to the shown list: a known payment is replaced where it is;
 * a new one that belongs to the filter goes to the front (SPEC.md §4 "Payments list").
 */
export function mergeLivePayment(
  list: readonly PaymentIntent[],
  pi: PaymentIntent,
  filter: PaymentFilter,
): PaymentIntent[] {
  const index = list.findIndex((p) => p.id === pi.id);
  if (index >= 0) {
    const next = list.slice();
    next[index] = pi;
    return next;
  }
  if (!matchesFilter(pi, filter)) return list.slice();
  // Newest first: a late event for an older payment never jumps ahead of newer ones.
  const at = list.findIndex((p) => p.created_at < pi.created_at);
  const next = list.slice();
  next.splice(at < 0 ? (list.length === 0 ? 0 : list.length) : at, 0, pi);
  return next;
}
