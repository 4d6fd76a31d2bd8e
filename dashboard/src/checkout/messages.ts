/** The texts of the payment link page and the hosted checkout (SPEC.md quoted texts kept exactly); shared texts are in ../messages.ts. */
import { ERRORS } from "@spay/protocol";

export const PAYMENT_LINK = {
  notFoundTitle: "Payment Link Not Found",
  notFound: ERRORS.payment_link_not_found.message,
  expired: ERRORS.payment_link_expired.message,
  disabled: ERRORS.payment_link_disabled.message,
  failed: "Failed to load payment link. Please try again.",
  invalidConfig: "Invalid payment link configuration",
  soldOutTitle: "Sold out",
  soldOut: "This product is sold out. Please check back later or contact the merchant.",
  goHome: "Go to Homepage",
  loading: "Loading payment link...",
  receiptTitle: "Payment confirmed",
  receiptLead: "Thank you! Keep this confirmation for your records.",
  receiptProduct: "Product",
  receiptAmount: "Amount",
  receiptPaid: "Paid",
  receiptDate: "Date",
  receiptPayment: "Payment ID",
  receiptTx: "Transaction",
  receiptMerchant: "Merchant",
  viewOnExplorer: "View on explorer",
  print: "Print receipt",
} as const;

export const HOSTED_CHECKOUT = {
  title: "Checkout",
  loading: "Loading payment...",
  notFoundTitle: "Payment Not Found",
  notFound: "This payment does not exist or has been removed.",
  failed: "Failed to load payment. Please try again.",
  payWithWallet: "Pay with Wallet",
  showQr: "Show QR Code",
  status: "Status",
  amount: "Amount",
  expiresAt: (time: string) => `Expires at ${time}`,
  expired: "This payment has expired.",
  canceled: "This payment was canceled.",
  failedPayment: "This payment failed.",
  transferFailed:
    "Your last payment did not go through: the blockchain refused the transfer (for example, not enough funds), so this payment is still unpaid. You can try again.",
  tryAgain: "Try Again with Wallet",
  processing: "Payment sent — waiting for confirmation on chain...",
  paidBy: "Paying",
} as const;
