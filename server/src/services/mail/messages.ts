/** The texts of receipt mails: one source, filled in by render.ts (which escapes them for HTML). */
export const MAIL_MESSAGES = {
  paymentSubject: (merchant: string) => `Your receipt from ${merchant}`,
  refundSubject: (merchant: string) => `Your refund from ${merchant}`,
  paymentIntro: (merchant: string) => `${merchant} received your payment. Thank you!`,
  refundIntro: (merchant: string) => `${merchant} refunded part or all of your payment.`,
  amountLabel: "Amount",
  valueLabel: "Value",
  paymentLabel: "Payment",
  refundLabel: "Refund",
  transactionLabel: "Transaction",
  viewOnExplorer: "View on explorer",
  pendingTransaction: "not yet known",
  footer: "Sent by sPay on behalf of the merchant. sPay never holds your funds.",
  notificationSubject: (amount: string) => `New payment: ${amount}`,
  notificationIntro: (merchant: string) => `${merchant} received a new payment.`,
  payerLabel: "Payer",
  noPayerEmail: "not given",
  notificationFooter:
    "Sent by sPay because this address is set to receive an email for every settled payment.",
  /** Mail about a payment of the `test` environment: its subject starts with this, and it says so. */
  testModeSubjectPrefix: "[Test] ",
  testModeNotice: "This was a test-mode payment: no real money moved.",
} as const;
