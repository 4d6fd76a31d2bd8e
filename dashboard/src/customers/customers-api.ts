import { apiRequest } from "../api/http.ts";
import type { Page, WorkspaceAuth } from "../api/types.ts";

/** A customer (server routes/customers.ts): money in cents, times in unix seconds. */
export interface Customer {
  id: string;
  object: "customer";
  email: string | null;
  address: string | null;
  lifetime_value: number;
  total_paid: number;
  total_refunded: number;
  payments_count: number;
  refunds_count: number;
  first_payment_at: number | null;
  last_payment_at: number | null;
}

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
