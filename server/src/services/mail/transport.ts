import nodemailer from "nodemailer";

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per queued mail (`<mail_…@host>`): a receiver can tell a resend from a new mail. */
  messageId: string;
}

/** Sends one message or throws a {@link MailSendError}. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A refused or failed send; `permanent` (an SMTP 5xx answer) is not retried. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailSendError";
  }
}

/** Seconds-scale limits so a send ends well within the worker's lease. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer, from `SPAY_SMTP_URL`. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...TIMEOUTS });
  return {
    async send(message) {
      try {
        await transporter.sendMail({ ...message, messageId: message.messageId });
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        const permanent = typeof code === "number" && code >= 500 && code < 600;
        // The error's text may quote the server; no credentials are in it (nodemailer masks them).
        const text = error instanceof Error ? error.message : String(error);
        throw new MailSendError(text.slice(0, 500), permanent);
      }
    },
    close() {
      transporter.close();
    },
  };
}
