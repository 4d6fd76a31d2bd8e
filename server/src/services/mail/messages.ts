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
  refundNotificationSubject: (amount: string) => `Refund sent: ${amount}`,
  refundNotificationIntro: (merchant: string) => `${merchant} refunded a payment.`,
  payerLabel: "Payer",
  noPayerEmail: "not given",
  notificationFooter:
    "Sent by sPay because this address is set to receive an email for every settled payment.",
  /** Mail about a payment of the `test` environment: its subject starts with this, and it says so. */
  testModeSubjectPrefix: "[Test] ",
  testModeNotice: "This was a test-mode payment: no real money moved.",
} as const;

/** The texts of mail about a person's account: invitations and security alerts. */
export const ACCOUNT_MAIL_MESSAGES = {
  invitationSubject: (organization: string) => `You are invited to join ${organization} on sPay`,
  invitationIntro: (inviter: string, organization: string, role: string) =>
    `${inviter} invited you to join ${organization} on sPay as ${role}.`,
  invitationAction: "Accept the invitation",
  invitationExpiry: (date: string) => `The invitation can be accepted until ${date} (UTC), once.`,
  invitationIgnore: "If you did not expect it, ignore this mail: nothing happens without you.",
  accountFooter: "Sent by sPay about your account.",
  memberJoinedSubject: (organization: string) => `A new member joined ${organization}`,
  memberJoinedIntro: (member: string, organization: string, role: string) =>
    `${member} accepted an invitation and joined ${organization} as ${role}.`,
  memberJoinedReview: "Owners and admins can change their role or remove them on the Team page.",
  alertSubject: "Security alert for your sPay account",
  newSignIn: (device: string, ip: string) =>
    `Your account was signed in to from a new device: ${device}, from ${ip}.`,
  twoFactorEnabled: "Two-factor authentication was turned on for your account.",
  twoFactorDisabled: "Two-factor authentication was turned off for your account.",
  passkeyAdded: (name: string) => `A passkey (${name}) was added to your account: it can sign you in.`,
  passkeyRemoved: (name: string) => `The passkey ${name} was removed from your account.`,
  apiKeyRolled: (key: string, workspace: string) =>
    `The API key ${key} of ${workspace} was rolled: a new secret replaces it.`,
  unknownDevice: "an unrecognised device",
  unknownAddress: "an unknown address",
  notYou:
    "If this was not you, change your password, sign out your other sessions in Settings and check your API keys.",
  reviewSessions: "Review your sessions",
} as const;

/** The texts of the mail telling a member their data export is ready (services/exports/worker.ts). */
export const EXPORT_MAIL_MESSAGES = {
  readySubject: (workspace: string) => `Your export of ${workspace} is ready`,
  readyIntro: (workspace: string, from: string, to: string) =>
    `The export of ${workspace} you asked for, from ${from} to ${to} (UTC), is ready.`,
  readyCounts: (counts: {
    payments: number;
    refunds: number;
    customers: number;
    events: number;
    audit_log: number;
  }) =>
    `It holds ${counts.payments} payments, ${counts.refunds} refunds, ${counts.customers} customers, ${counts.events} events and ${counts.audit_log} audit log entries, as CSV files in one ZIP file.`,
  readyLinkExpiry: (linkUntil: string, fileUntil: string) =>
    `The link below works until ${linkUntil} (UTC). After that, sign in to sPay and open the export again for a new link; the file is kept until ${fileUntil} (UTC).`,
  readyCare:
    "The file holds your customers' email addresses and payment details: keep it safe, and delete it when you are done with it.",
  readyAction: "Download the export",
} as const;
