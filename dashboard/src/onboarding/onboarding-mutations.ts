import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { connectOnboardingWebhook, verifyPayoutWallet } from "../api/onboarding.ts";
import { createPayment } from "../api/payments.ts";
import { updateBusinessProfile } from "../api/tenancy.ts";
import type { BusinessProfile, WebhookEndpoint, WorkspaceAuth } from "../api/types.ts";
import { signWalletChallenge } from "../auth/wallet-signature.ts";
import { webhookEndpointsKey, withSavedEndpoint } from "../integrations/useWebhookEndpoints.ts";
import { useMerchant } from "../state/merchant.tsx";
import { merchantKeys, patchOnboarding, withKey } from "../state/merchant-queries.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";

/**
 * The onboarding steps' writes. Each writes what the server confirmed into the workspace's cached
 * onboarding status (state/merchant-queries.ts) at once; the wallet and the test payment then
 * refetch the status and the keys (the server's flags follow from them).
 */

/** SPEC.md §7/§9: the onboarding test payment is $1 (100 minor units), tagged as coming from onboarding. */
export const SANDBOX_PAYMENT = {
  amount_minor: 100,
  currency: "usd",
  metadata: { source: "onboarding" },
} as const;

function need(auth: WorkspaceAuth | null): WorkspaceAuth {
  if (!auth) throw new Error("no workspace");
  return auth;
}

/** The workspace's onboarding status and keys from the server again. */
function refetchOnboarding(client: QueryClient, workspaceId: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: merchantKeys.onboarding(workspaceId) }),
    client.invalidateQueries({ queryKey: merchantKeys.apiKeys(workspaceId) }),
  ]);
}

/**
 * Step 2: the wallet signs the server's challenge and the server verifies it. The verified wallet
 * and the test keys it created go into the cache (their secrets shown once, never cached); pending
 * until the status and keys are refetched. `guard` sends the signed answer (security/useStepUp.tsx:
 * the payout wallet may need the second factor first; the signature is asked for once).
 */
export function useVerifyWallet(
  auth: WorkspaceAuth | null,
  guard: <T>(send: () => Promise<T>) => Promise<T> = (send) => send(),
) {
  const client = useQueryClient();
  const { revealKeys } = useMerchant();
  return useMutation({
    mutationFn: async () => {
      const a = need(auth);
      const signed = await signWalletChallenge("payout_wallet");
      return guard(() => verifyPayoutWallet(a.token, a.workspaceId, signed));
    },
    onSuccess: (verified) => {
      const workspaceId = need(auth).workspaceId;
      revealKeys(verified.api_keys);
      patchOnboarding(client, workspaceId, {
        walletVerified: true,
        walletAddress: verified.wallet.stacks_address,
      });
      client.setQueryData(merchantKeys.apiKeys(workspaceId), (list: ApiKeyList) =>
        verified.api_keys.reduce<ApiKeyList>((keys, key) => withKey(keys, key), list),
      );
      return refetchOnboarding(client, workspaceId);
    },
  });
}
type ApiKeyList = Parameters<typeof withKey>[0];

/** Step 3: one business profile field saved (trimmed); the cache takes the profile the server answers. */
export function useSaveBusinessProfile(auth: WorkspaceAuth | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: Partial<BusinessProfile>) => {
      const a = need(auth);
      return updateBusinessProfile(a.token, a.workspaceId, profile);
    },
    onSuccess: (workspace) =>
      patchOnboarding(client, workspace.id, { businessInfo: workspace.business_profile }),
  });
}

/**
 * Step 4: the server registers the URL as a sandbox endpoint (or reuses the one it is) and tests
 * it. The endpoint joins Integrations' cached list as its Add Webhook does (the signing secret
 * left out: the step shows it once); a delivered test marks the step in the cached status.
 */
export function useConnectWebhook(auth: WorkspaceAuth | null) {
  const client = useQueryClient();
  const environmentId = useCurrentEnvironmentId();
  return useMutation({
    mutationFn: (url: string) => {
      const a = need(auth);
      return connectOnboardingWebhook(a.token, a.workspaceId, url);
    },
    onSuccess: ({ endpoint, test }) => {
      const a = need(auth);
      const endpointsKey = webhookEndpointsKey({ auth: a, environmentId });
      client.setQueryData<WebhookEndpoint[]>(endpointsKey, (list) => withSavedEndpoint(list, endpoint));
      void client.invalidateQueries({ queryKey: endpointsKey });
      if (test.ok) patchOnboarding(client, a.workspaceId, { webhookTested: true });
      return refetchOnboarding(client, a.workspaceId);
    },
  });
}

/**
 * Step 5: the $1 test intent, created with the session (a publishable key may not set its own
 * amount); `paid` records the checkout's success in the cache and refetches the status.
 */
export function useSandboxPayment(auth: WorkspaceAuth | null) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      createPayment(need(auth), { ...SANDBOX_PAYMENT, metadata: { ...SANDBOX_PAYMENT.metadata } }),
  });
  const paid = () => {
    if (!auth) return;
    patchOnboarding(client, auth.workspaceId, { testPaymentCompleted: true });
    void refetchOnboarding(client, auth.workspaceId);
  };
  return { create, paid };
}
