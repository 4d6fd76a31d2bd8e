import { type Asset, type Chain, DECIMALS, SYMBOLS, usdDecimal } from "@spay/protocol";
import type { MailOutboxRow } from "../../db/schema.ts";
import { MAIL_MESSAGES as M } from "./messages.ts";

/** What a receipt reports: read from the event's object and the merchant's workspace. */
export interface ReceiptInput {
  kind: MailOutboxRow["kind"];
  merchantName: string;
  /** The payment intent (payment) or the refund (refund) id. */
  objectId: string;
  asset: Asset;
  /** Atomic units of `asset`. */
  amountAtomic: string;
  /** Micro-dollars (exact below a cent), and their currency, for the fiat value line. */
  amountMicros: string;
  currency: string;
  txid: string | null;
  env: "test" | "live";
  /**
   * The chain the payment's environment settles on (settlement/chains.ts's `chainsByEnv`, as
   * `GET /v1/chains` answers): it decides whether the transaction has an explorer page to link.
   */
  chain: Chain;
  /** The payer's email, shown to the merchant in a payment notification. */
  payerEmail?: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** `1234500` µUSDC → `1.2345`: the atomic amount in whole units, trailing zeros dropped. */
export function formatAtomic(atomic: string, decimals: number): string {
  const digits = atomic.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * The block explorer page of a transaction on `chain`: Hiro's explorer for mainnet and testnet;
 * none on the devnet, whose transactions no public explorer has and which serves no page of its
 * own — a payer following a testnet link would land on "transaction not found".
 */
export function explorerTxUrl(txid: string, chain: Chain): string | null {
  if (chain === "devnet") return null;
  const id = txid.startsWith("0x") ? txid : `0x${txid}`;
  return `https://explorer.hiro.so/txid/${encodeURIComponent(id)}?chain=${chain}`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Every interpolated text of the HTML part goes through this (attribute values included). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** A header must stay one line: control characters (CR, LF…) of a merchant's name become spaces. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** One line of the receipt's table; `link` is the explorer page, `code` a value to copy exactly. */
interface Row {
  label: string;
  value: string;
  link?: string | null;
  code?: boolean;
}

export function renderReceipt(input: ReceiptInput): RenderedMail {
  const merchant = oneLine(input.merchantName);
  const refund = input.kind === "refund_receipt" || input.kind === "refund_notification";
  const notification = input.kind === "payment_notification" || input.kind === "refund_notification";
  const amount = `${formatAtomic(input.amountAtomic, DECIMALS[input.asset])} ${SYMBOLS[input.asset]}`;
  const test = input.env === "test";
  const title = notification
    ? refund
      ? M.refundNotificationSubject(amount)
      : M.notificationSubject(amount)
    : refund
      ? M.refundSubject(merchant)
      : M.paymentSubject(merchant);
  const subject = test ? `${M.testModeSubjectPrefix}${title}` : title;
  const intro = notification
    ? refund
      ? M.refundNotificationIntro(merchant)
      : M.notificationIntro(merchant)
    : refund
      ? M.refundIntro(merchant)
      : M.paymentIntro(merchant);
  const footer = notification ? M.notificationFooter : M.footer;
  const value = `${usdDecimal(input.amountMicros)} ${input.currency.toUpperCase()}`;
  const url = input.txid ? explorerTxUrl(input.txid, input.chain) : null;
  const payer: Row[] = notification
    ? [{ label: M.payerLabel, value: oneLine(input.payerEmail ?? "") || M.noPayerEmail }]
    : [];
  // Without an explorer page (the devnet) the transaction id is all the payer can look up: shown
  // whole, in monospace, so it can be copied exactly.
  const transaction: Row = input.txid
    ? { label: M.transactionLabel, value: input.txid, link: url, code: url === null }
    : { label: M.transactionLabel, value: M.pendingTransaction };
  const rows: Row[] = [
    { label: M.amountLabel, value: amount },
    { label: M.valueLabel, value },
    ...payer,
    { label: refund ? M.refundLabel : M.paymentLabel, value: input.objectId },
    transaction,
  ];
  const text = [
    intro,
    "",
    ...(test ? [M.testModeNotice, ""] : []),
    ...rows.map(
      ({ label, value: v, link }) => `${label}: ${v}${link ? `\n${M.viewOnExplorer}: ${link}` : ""}`,
    ),
    "",
    footer,
    "",
  ].join("\n");
  const cell = ({ value: v, link, code }: Row) => {
    const shown = code ? `<code style="font-family:monospace">${escapeHtml(v)}</code>` : escapeHtml(v);
    return link ? `<a href="${escapeHtml(link)}">${shown}</a>` : shown;
  };
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;color:#111">',
    `<p>${escapeHtml(intro)}</p>`,
    ...(test ? [`<p style="color:#92400e"><strong>${escapeHtml(M.testModeNotice)}</strong></p>`] : []),
    "<table>",
    ...rows.map((row) => `<tr><th align="left">${escapeHtml(row.label)}</th><td>${cell(row)}</td></tr>`),
    "</table>",
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    "</body></html>",
    "",
  ].join("\n");
  return { subject, text, html };
}
