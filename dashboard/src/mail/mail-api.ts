import { apiRequest } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";

export type MailStatus = "pending" | "sent" | "kept" | "failed";

/** A receipt mail (server routes/mail.ts): times in unix seconds. */
export interface Mail {
  id: string;
  object: "mail";
  kind: "payment_receipt" | "refund_receipt" | "payment_notification";
  event: string;
  to: string;
  from: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  env: "test" | "live";
  created_at: number;
  sent_at: number | null;
}

/** One page of the environment's mail, newest first; `status` filters. */
export function listMail(
  auth: WorkspaceAuth,
  options: { status?: MailStatus; startingAfter?: string | undefined; limit?: number; signal?: AbortSignal },
): Promise<Page<Mail>> {
  const query = new URLSearchParams({ limit: String(options.limit ?? 50) });
  if (options.status) query.set("status", options.status);
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`/v1/mail?${query}`, {
    token: auth.token,
    workspaceId: auth.workspaceId,
    signal: options.signal,
  });
}

/** Sends a failed mail again: it goes back to `pending` (409 `mail_unexpected_state` unless failed). */
export function retryMail(auth: WorkspaceAuth, id: string): Promise<Mail> {
  return apiRequest(`/v1/mail/${encodeURIComponent(id)}/retry`, {
    method: "POST",
    token: auth.token,
    workspaceId: auth.workspaceId,
  });
}
