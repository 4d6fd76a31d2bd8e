import { type Chain, SYMBOLS } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";
import { explorerTxUrl } from "../payments/payment-rules.ts";

/**
 * Size of the hosted page's QR code, as the SDK's 'Scan to Pay' overlay draws it
 * (sdk/src/ui/qr-overlay/QrCodeBody.tsx): one look for the same code wherever a customer meets it.
 */
export const HOSTED_QR = { width: 240, margin: 2 } as const;

/**
 * Atomic units as the decimal number a wallet's amount field takes: exact (never rounded, unlike
 * the display formats), no thousands separators, trailing zeros dropped — `3000`, 8 → `"0.00003"`.
 */
export function exactAssetAmount(atomic: string, decimals: number): string {
  if (!/^\d+$/.test(atomic)) throw new RangeError(`Not an amount in atomic units: '${atomic}'`);
  const value = BigInt(atomic);
  if (decimals <= 0) return value.toString();
  const unit = 10n ** BigInt(decimals);
  const fraction = (value % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${value / unit}${fraction ? `.${fraction}` : ""}`;
}

/** What a customer needs to pay an open intent without the page's wallet button. */
export interface PayDetails {
  /** What the QR encodes: the intent's `spay_url`, as the SDK's overlay encodes it. */
  qrText: string;
  /** The merchant's payout address the transfer must go to. */
  payTo: string;
  /** The exact amount in the asset (see {@link exactAssetAmount}) and the asset's symbol. */
  amount: string;
  symbol: string;
  /** The memo the transfer must carry: the gateway matches a transfer to its intent by it. */
  memo: string;
}

export function payDetails(
  intent: Pick<PaymentIntent, "spay_url" | "recipient" | "amount_asset" | "decimals" | "asset" | "memo">,
): PayDetails {
  return {
    qrText: intent.spay_url,
    payTo: intent.recipient,
    amount: exactAssetAmount(intent.amount_asset, intent.decimals),
    symbol: SYMBOLS[intent.asset],
    memo: intent.memo,
  };
}

/**
 * The explorer page of a paid intent's transaction, from the chain the gateway says its
 * environment settles on; none while that is unknown — a test payment may be on the devnet,
 * which no public explorer shows — and none on the devnet itself.
 */
export function receiptExplorerUrl(txid: string, chain: Chain | null): string | null {
  return chain ? explorerTxUrl(txid, chain) : null;
}
