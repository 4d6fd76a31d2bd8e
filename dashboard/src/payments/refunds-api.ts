import { SYMBOLS } from "@spay/protocol";
import { loadWallet, type PaymentIntent } from "@spay/sdk";
import { apiRequest } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";

/** A refund (server routes/refunds.ts): `amount` in the payment asset's atomic units. */
export interface Refund {
  id: string;
  object: "refund";
  payment_intent: string;
  customer: string | null;
  source: string;
  destination: string;
  memo: string;
  asset: PaymentIntent["asset"];
  token_contract: string;
  amount: string;
  amount_minor: number;
  /** The dollars it returns, exact (micro-dollars). */
  amount_micros: string;
  reason: RefundReason;
  status: "pending" | "succeeded" | "failed";
  status_reason: string | null;
  txid: string | null;
  created_at: number;
}

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent", "other"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The intent as the server sends it now (the SDK type predates `amount_refunded`). */
export type RefundableIntent = PaymentIntent & { amount_refunded?: string | number | null };

const opts = (auth: WorkspaceAuth) => ({ token: auth.token, workspaceId: auth.workspaceId });

export async function listRefunds(auth: WorkspaceAuth, paymentId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ payment_intent: paymentId, limit: "100" });
  return (await apiRequest<Page<Refund>>(`/v1/refunds?${query}`, { ...opts(auth), signal })).data;
}

export function createRefund(
  auth: WorkspaceAuth,
  params: { payment_intent: string; reason: RefundReason } & ({ amount: string } | { amount_minor: number }),
): Promise<Refund> {
  return apiRequest("/v1/refunds", { ...opts(auth), method: "POST", body: params });
}

export function cancelRefund(auth: WorkspaceAuth, id: string): Promise<Refund> {
  return apiRequest(`/v1/refunds/${encodeURIComponent(id)}/cancel`, { ...opts(auth), method: "POST" });
}

/**
 * The merchant's wallet pays the refund with the SDK's own payment call: a SIP-010 `transfer` (or
 * an STX transfer) of `amount` from `source` to `destination`, memo = the refund id, guarded by a
 * `willSendEq` post-condition in deny mode. `source` is the address the payment was paid to (the
 * payout address then): the wallet must be on that account.
 */
export async function payRefund(refund: Refund, env: PaymentIntent["env"]): Promise<{ txid: string }> {
  const wallet = await loadWallet();
  return wallet.payIntent(
    {
      asset: refund.asset,
      amount_asset: refund.amount,
      token_contract: refund.token_contract,
      recipient: refund.destination,
      memo: refund.memo || refund.id,
      env,
    },
    undefined,
    // Only from the address the payment was paid to: a wallet on another account is stopped here,
    // before it signs a transfer sPay would not count (or an sBTC/USDC one that aborts).
    { from: refund.source },
  );
}

/** `"0.00025"` in an asset of `decimals` → atomic units; null when it is not such an amount. */
export function toAtomic(text: string, decimals: number): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const frac = match[2] ?? "";
  if (frac.length > decimals) return null;
  return BigInt(`${match[1] || "0"}${frac.padEnd(decimals, "0")}`);
}

/** Atomic units → the asset's units without trailing zeros (`25000`, 8 → `"0.00025"`). */
export function fromAtomic(atomic: bigint, decimals: number): string {
  const digits = atomic.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * What is still refundable, as the server decides it: what the payment received (an overpayment's
 * excess included, not just the price) less what was refunded and what pending refunds hold.
 */
export function refundableAtomic(pi: RefundableIntent, refunds: readonly Refund[]): bigint {
  const paid = BigInt(pi.amount_received || 0);
  const refunded = BigInt(pi.amount_refunded ?? 0);
  const pending = refunds.filter((r) => r.status === "pending").reduce((s, r) => s + BigInt(r.amount), 0n);
  const left = paid - refunded - pending;
  return left > 0n ? left : 0n;
}

/** An atomic amount of the payment's asset in its units: `0.00025 sBTC`. */
export function refundAmount(atomic: string | bigint, pi: Pick<RefundableIntent, "asset" | "decimals">) {
  return `${fromAtomic(BigInt(atomic), pi.decimals)} ${SYMBOLS[pi.asset]}`;
}

/** The amount refunded so far, atomic; 0 for a payment without refunds. */
export function refundedAtomic(pi: RefundableIntent): bigint {
  return BigInt(pi.amount_refunded ?? 0);
}

/** `"5.25"` dollars → 525 cents; null unless it is a positive amount with at most two decimals. */
export function usdToCents(text: string): number | null {
  const match = /^\$?(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** The dollars still refundable: what the payment was worth less what refunds pending or succeeded hold. */
export function refundableMicros(pi: RefundableIntent, refunds: readonly Refund[]): bigint {
  const held = refunds
    .filter((r) => r.status !== "failed")
    .reduce((sum, r) => sum + BigInt(r.amount_micros), 0n);
  const left = BigInt(pi.amount_micros) - held;
  return left > 0n ? left : 0n;
}
