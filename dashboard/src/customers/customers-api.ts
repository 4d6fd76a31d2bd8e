import type { ApiSchema } from "@spay/protocol";
import { apiRequest } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";

/**
 * A customer as the API sends it: money as exact micro-dollars (`*_micros`) beside whole cents,
 * times in unix seconds.
 */
export type Customer = ApiSchema<"Customer">;

const opts = (auth: WorkspaceAuth) => ({ token: auth.token, workspaceId: auth.workspaceId });

/** One page of customers; `search` matches the email (case-insensitive). */
export function listCustomers(
  auth: WorkspaceAuth,
  options: { search?: string; startingAfter?: string | undefined; limit?: number; signal?: AbortSignal },
): Promise<Page<Customer>> {
  const query = new URLSearchParams({ limit: String(options.limit ?? 50) });
  if (options.search) query.set("search", options.search);
  if (options.startingAfter) query.set("starting_after", options.startingAfter);
  return apiRequest(`/v1/customers?${query}`, { ...opts(auth), signal: options.signal });
}

export function getCustomer(auth: WorkspaceAuth, id: string, signal?: AbortSignal): Promise<Customer> {
  return apiRequest(`/v1/customers/${encodeURIComponent(id)}`, { ...opts(auth), signal });
}
