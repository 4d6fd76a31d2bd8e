import type { SignedChallenge } from "./auth.ts";
import { apiRequest } from "./http.ts";
import type { ApiKey, OnboardingStatus } from "./types.ts";

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
