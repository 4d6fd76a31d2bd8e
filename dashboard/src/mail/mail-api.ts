import type { components } from "@spay/protocol";
import { apiRequest } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";

/** A receipt or notification mail as the API returns it (server routes/mail.ts): times in unix seconds. */
export type Mail = components["schemas"]["Mail"];
export type MailStatus = Mail["status"];

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
