import {
  type Chain,
  type Env,
  FAILED_STATUSES,
  formatUsdMicros,
  fulfillmentLabel,
  OPEN_FULFILLMENT_STATUSES,
  PAID_STATUSES,
  PENDING_STATUSES,
} from "@spay/protocol";
import { formatSbtc, formatStx, formatUsdc, type PaymentIntent } from "@spay/sdk";
import type { PaymentFilter } from "../api/types.ts";
import { PAYMENTS } from "./messages.ts";

export const PAYMENT_FILTERS: readonly PaymentFilter[] = ["all", "paid", "pending", "fulfillment", "failed"];

const PAID = new Set<string>(PAID_STATUSES);
const PENDING = new Set<string>(PENDING_STATUSES);
const FAILED = new Set<string>(FAILED_STATUSES);
const OPEN_FULFILLMENT = new Set<string>(OPEN_FULFILLMENT_STATUSES);

/** SPEC.md §4 "Filters" — the same rule the server's `/v1/payments?filter=` applies (paid = settled, partially refunded or refunded). */
export function matchesFilter(
  pi: Pick<PaymentIntent, "status" | "fulfillment_status">,
  filter: PaymentFilter,
) {
  switch (filter) {
    case "all":
      return true;
    case "paid":
      return PAID.has(pi.status);
    case "pending":
      return PENDING.has(pi.status);
    case "failed":
      return FAILED.has(pi.status);
    case "fulfillment":
      return PAID.has(pi.status) && OPEN_FULFILLMENT.has(pi.fulfillment_status);
  }
}

export type BadgeTone = "success" | "danger" | "warning" | "neutral";

export function statusTone(status: string): BadgeTone {
  if (status === "payment_settled" || status === "partially_refunded") return "success";
  if (status === "refunded") return "neutral";
  if (FAILED.has(status)) return "danger";
  return "warning";
}

/** The fulfillment badge, hidden for `not_required` (SPEC.md §4). */
export function fulfillmentBadge(status: string): string | null {
  if (!status || status === "not_required") return null;
  return fulfillmentLabel(status);
}

/** Fulfillment statuses a merchant may set (server services/fulfillment.ts; `not_required` is only the initial value). */
export const SETTABLE_FULFILLMENT = ["processing", "shipped", "delivered", "completed"] as const;

/**
 * The fulfillment dropdown's options: the payment's current status first as it really is (so
 * `not_required` never shows as "Processing"), then every status the merchant may set.
 */
export function fulfillmentOptions(current: string): { value: string; label: string; disabled: boolean }[] {
  const settable = (SETTABLE_FULFILLMENT as readonly string[]).includes(current);
  const options = SETTABLE_FULFILLMENT.map((s) => ({
    value: s as string,
    label: fulfillmentLabel(s),
    disabled: false,
  }));
  return settable
    ? options
    : [{ value: current, label: fulfillmentLabel(current), disabled: true }, ...options];
}

/** SPEC.md §2: the sBTC amount, or 'Pending' when there is none yet (USDC intents show dollars). */
export function assetAmount(pi: Pick<PaymentIntent, "asset" | "amount_sbtc" | "amount_asset" | "decimals">) {
  if (pi.asset === "usdc") return `${formatUsdc(pi.amount_asset, pi.decimals)} USDC`;
  if (pi.asset === "stx") return formatStx(pi.amount_asset, pi.decimals);
  return pi.amount_sbtc ? formatSbtc(pi.amount_sbtc) : PAYMENTS.pendingAmount;
}

/**
 * A dollar amount from its exact micro-dollars (the API's `*_micros` strings): two decimals, more
 * only when the amount has them — a $0.001 x402 call reads "$0.001", never "$0.00".
 */
export function usd(micros: string): string {
  return formatUsdMicros(micros);
}

/**
 * The block explorer page of a transaction on `chain`: Hiro's explorer for mainnet and testnet;
 * none on the devnet, whose transactions no public explorer has and which serves no page of its
 * own (only the API's JSON) — there the transaction id is shown with a copy button instead.
 */
export function explorerTxUrl(txid: string, chain: Chain): string | null;
/**
 * @deprecated An environment alone cannot tell the devnet from testnet (test payments link to
 * testnet's explorer): pass the chain, from the gateway's GET /v1/chains.
 */
export function explorerTxUrl(txid: string, env: Env): string;
export function explorerTxUrl(txid: string, where: Chain | Env): string | null {
  const chain: Chain = where === "live" ? "mainnet" : where === "test" ? "testnet" : where;
  if (chain === "devnet") return null;
  const id = txid.startsWith("0x") ? txid : `0x${txid}`;
  return `https://explorer.hiro.so/txid/${id}?chain=${chain}`;
}

/** SPEC.md §9: unix seconds × 1000 for display. */
export function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** 'No {filter} found' names the chip in lower case ('No paid payments found'). */
export function emptyFilterText(filter: PaymentFilter): string {
  const noun =
    filter === "fulfillment"
      ? "payments awaiting fulfillment"
      : `${PAYMENTS.filters[filter].toLowerCase()} payments`;
  return PAYMENTS.emptyFilter(filter === "all" ? "payments" : noun);
}
