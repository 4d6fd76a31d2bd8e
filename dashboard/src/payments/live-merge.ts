import type { PaymentIntent } from "@spay/sdk";
import type { Page, PaymentFilter } from "../api/types.ts";
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
  next.splice(at < 0 ? list.length : at, 0, pi);
  return next;
}

/**
 * {@link mergeLivePayment} over the server pages loaded so far: a known payment is replaced in its
 * page; a new one goes into the page of the first older payment, or at the end of the last page
 * when no more pages exist (else it arrives with a later page, in order).
 */
export function mergeLivePaymentIntoPages<P extends Page<PaymentIntent>>(
  pages: readonly P[],
  pi: PaymentIntent,
  filter: PaymentFilter,
): P[] {
  const known = pages.findIndex((p) => p.data.some((x) => x.id === pi.id));
  let at = known;
  if (at < 0 && matchesFilter(pi, filter)) {
    at = pages.findIndex((p) => p.data.some((x) => x.created_at < pi.created_at));
    const last = pages.length - 1;
    if (at < 0 && last >= 0 && !pages[last]?.has_more) at = last;
  }
  if (at < 0) return pages.slice();
  return pages.map((p, i) => (i === at ? { ...p, data: mergeLivePayment(p.data, pi, filter) } : p));
}
