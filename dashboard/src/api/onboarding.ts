import type { SignedChallenge } from "./auth.ts";
import { apiRequest } from "./http.ts";
import type { ApiKey, OnboardingStatus, OnboardingWebhook } from "./types.ts";

export function onboardingStatus(token: string, workspaceId: string): Promise<OnboardingStatus> {
  return apiRequest("/onboarding/status", { token, workspaceId });
}

export async function workspaceApiKeys(token: string, workspaceId: string): Promise<ApiKey[]> {
  const path = `/v1/workspaces/${encodeURIComponent(workspaceId)}/api-keys`;
  return (await apiRequest<{ data: ApiKey[] }>(path, { token })).data;
}

export interface PayoutWalletVerified {
  wallet: { stacks_address: string; verified_at: string };
  api_keys: ApiKey[];
}

/** The payout wallet's signature is checked by the server; it answers with the workspace's test keys. */
export function verifyPayoutWallet(
  token: string,
  workspaceId: string,
  signed: SignedChallenge,
): Promise<PayoutWalletVerified> {
  return apiRequest("/onboarding/wallet/verify", { method: "POST", token, workspaceId, body: signed });
}

/**
 * The webhook step: the server registers the URL as a sandbox endpoint of the workspace (or reuses
 * the one it already is) and sends it the signed sandbox test.
 */
export function connectOnboardingWebhook(
  token: string,
  workspaceId: string,
  url: string,
): Promise<OnboardingWebhook> {
  return apiRequest("/onboarding/webhook", { method: "POST", token, workspaceId, body: { url } });
}
