import { apiRequest } from "./http.ts";

/** SPEC.md §7: the landing page's newsletter signup. */
export function signUpForUpdates(email: string): Promise<unknown> {
  return apiRequest("/v1/email-signups", { method: "POST", body: { email, source: "landing_page" } });
}

/** Sandbox payment intents of the last `days` days (the landing page's counter). */
export async function testPaymentCount(days = 7): Promise<number> {
  return (await apiRequest<{ test_payments: number }>(`/v1/stats/payments?days=${days}`)).test_payments;
}
