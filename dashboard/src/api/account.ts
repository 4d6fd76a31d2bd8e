import { apiRequest } from "./http.ts";

/** SPEC.md §7: deletes the signed-in account with all its data, named by email or merchant id. */
export function deleteAccount(token: string, identity: { email: string } | { id: string }): Promise<unknown> {
  return apiRequest("/api/merchants/delete", { method: "DELETE", token, body: identity });
}
