import type { Chain, Env } from "@spay/protocol";
import { apiRequest } from "./http.ts";

/** The chain each key environment's payments settle on, as the gateway runs (GET /v1/chains). */
export type ChainsByEnv = Record<Env, Chain>;

export function chainsByEnv(signal?: AbortSignal): Promise<ChainsByEnv> {
  return apiRequest<ChainsByEnv>("/v1/chains", { signal });
}

/** SPEC.md §7: the landing page's newsletter signup. */
export function signUpForUpdates(email: string): Promise<unknown> {
  return apiRequest("/v1/email-signups", { method: "POST", body: { email, source: "landing_page" } });
}

/** Sandbox payment intents of the last `days` days (the landing page's counter). */
export async function testPaymentCount(days = 7): Promise<number> {
  return (await apiRequest<{ test_payments: number }>(`/v1/stats/payments?days=${days}`)).test_payments;
}
