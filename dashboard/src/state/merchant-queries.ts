import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { createApiKey, revokeApiKey, rollApiKey } from "../api/api-keys.ts";
import { onboardingStatus, workspaceApiKeys } from "../api/onboarding.ts";
import {
  createOrganization,
  createWorkspace,
  loadTenancy,
  updateWorkspaceSettings,
  type WorkspaceSettings,
} from "../api/tenancy.ts";
import type {
  ApiKey,
  BusinessProfile,
  OnboardingStatus,
  Organization,
  Workspace,
  WorkspaceAuth,
} from "../api/types.ts";
import { isSecret } from "../integrations/key-rules.ts";

/**
 * The merchant's account-wide and workspace-wide server state. Organizations and workspaces belong
 * to the signed-in account (one key for the session: signing out clears the whole cache); API keys
 * and onboarding belong to a workspace, not to one of its environments, so their keys start with
 * the workspace only (as the environments list does) and switching workspace never shows another
 * one's keys or progress.
 */
export const merchantKeys = {
  tenancy: () => ["account", "tenancy"] as const,
  apiKeys: (workspaceId: string) => ["workspace", workspaceId, "api-keys"] as const,
  onboarding: (workspaceId: string) => ["workspace", workspaceId, "onboarding"] as const,
};

export interface Tenancy {
  organizations: Organization[];
  workspaces: Workspace[];
}

export const tenancyQuery = (token: string | null) =>
  queryOptions({
    queryKey: merchantKeys.tenancy(),
    queryFn: token ? () => loadTenancy(token) : skipToken,
  });

export const apiKeysQuery = (auth: WorkspaceAuth | null) =>
  queryOptions({
    queryKey: merchantKeys.apiKeys(auth?.workspaceId ?? ""),
    queryFn: auth ? () => workspaceApiKeys(auth.token, auth.workspaceId) : skipToken,
  });

export const onboardingQuery = (auth: WorkspaceAuth | null) =>
  queryOptions({
    queryKey: merchantKeys.onboarding(auth?.workspaceId ?? ""),
    queryFn: auth ? () => onboardingStatus(auth.token, auth.workspaceId) : skipToken,
  });

/** A key as the list holds it: a secret's full value is never kept in the cache (shown once, elsewhere). */
export function listedKey(key: ApiKey): ApiKey {
  if (!isSecret(key)) return key;
  const { key: _secret, ...listed } = key;
  return listed;
}

/** A created (or rolled-in) key joins the cached list, replacing one with its id. */
export function withKey(list: readonly ApiKey[] | undefined, key: ApiKey): ApiKey[] {
  const listed = listedKey(key);
  if (!list) return [listed];
  return list.some((k) => k.id === key.id)
    ? list.map((k) => (k.id === key.id ? listed : k))
    : [...list, listed];
}

/** A revoked key stays in the cached list, marked revoked (the screens leave revoked keys out). */
export function withRevokedKey(list: readonly ApiKey[] | undefined, id: string): ApiKey[] | undefined {
  return list?.map((k) => (k.id === id ? { ...k, is_active: false, state: "revoked" as const } : k));
}

/** Writes `patch` into a workspace's cached onboarding status (after a step the server confirmed). */
export function patchOnboarding(
  client: QueryClient,
  workspaceId: string,
  patch: {
    walletVerified?: boolean;
    walletAddress?: string;
    webhookTested?: boolean;
    testPaymentCompleted?: boolean;
    /** The business profile the server saved (its fields as the server answered them). */
    businessInfo?: Partial<BusinessProfile>;
  },
): void {
  client.setQueryData<OnboardingStatus>(merchantKeys.onboarding(workspaceId), (status) => {
    if (!status) return status;
    const flags = status.onboarding_status;
    return {
      ...status,
      onboarding_status: {
        ...flags,
        wallet_verified: patch.walletVerified ?? flags.wallet_verified,
        webhook_tested: patch.webhookTested ?? flags.webhook_tested,
        test_payment_completed: patch.testPaymentCompleted ?? flags.test_payment_completed,
      },
      payout_wallet: {
        ...status.payout_wallet,
        address: patch.walletAddress ?? status.payout_wallet.address,
      },
      business_info: { ...status.business_info, ...patch.businessInfo },
    };
  });
}

/** After a key write: the list from the server again (the cache already shows the change meanwhile). */
function refetchKeys(client: QueryClient, workspaceId: string) {
  void client.invalidateQueries({ queryKey: merchantKeys.apiKeys(workspaceId) });
}

/** API key writes of a workspace: each updates the cached list at once, then refetches it. */
export function useApiKeyMutations(auth: WorkspaceAuth | null) {
  const client = useQueryClient();
  const workspaceId = auth?.workspaceId ?? "";
  const key = merchantKeys.apiKeys(workspaceId);
  const need = () => {
    if (!auth) throw new Error("no workspace");
    return auth;
  };
  const create = useMutation({
    mutationFn: (input: { type: "pk" | "sk"; name: string }) => {
      const a = need();
      return createApiKey(a.token, a.workspaceId, input);
    },
    onSuccess: (created) => {
      client.setQueryData<ApiKey[]>(key, (list) => withKey(list, created));
      refetchKeys(client, workspaceId);
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(need().token, id),
    onSuccess: (_answer, id) => {
      client.setQueryData<ApiKey[]>(key, (list) => withRevokedKey(list, id));
      refetchKeys(client, workspaceId);
    },
  });
  const roll = useMutation({
    mutationFn: (input: { id: string; expiresInSeconds: number }) =>
      rollApiKey(need().token, input.id, input.expiresInSeconds),
    onSuccess: (rolled) => {
      client.setQueryData<ApiKey[]>(key, (list) => withKey(list, rolled));
      refetchKeys(client, workspaceId);
    },
  });
  return { create, revoke, roll };
}

/** Organization and workspace creation: the new one joins the cached lists at once, then they are refetched. */
export function useTenancyMutations(token: string | null) {
  const client = useQueryClient();
  const need = () => {
    if (!token) throw new Error("no session");
    return token;
  };
  const written = (patch: (t: Tenancy) => Tenancy) => {
    client.setQueryData<Tenancy>(merchantKeys.tenancy(), (t) => (t ? patch(t) : t));
    void client.invalidateQueries({ queryKey: merchantKeys.tenancy() });
  };
  const organization = useMutation({
    mutationFn: (input: { name: string; slug: string; description?: string }) =>
      createOrganization(need(), input),
    onSuccess: (org) =>
      written((t) => ({
        ...t,
        organizations: [...t.organizations.filter((o) => o.id !== org.id), org],
      })),
  });
  const workspace = useMutation({
    mutationFn: ({ organizationId, ...input }: { organizationId: string; name: string; slug?: string }) =>
      createWorkspace(need(), organizationId, input),
    onSuccess: (ws) =>
      written((t) => ({ ...t, workspaces: [...t.workspaces.filter((w) => w.id !== ws.id), ws] })),
  });
  return { organization, workspace };
}

/**
 * A workspace setting saved (Settings → Checkout pricing, Mail): the workspace the server answers
 * with replaces the cached one, so every screen reading the workspace list sees it at once.
 */
export function useWorkspaceSettings(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, settings }: { workspaceId: string; settings: WorkspaceSettings }) => {
      if (!token) throw new Error("no session");
      return updateWorkspaceSettings(token, workspaceId, settings);
    },
    onSuccess: (saved) =>
      client.setQueryData<Tenancy>(merchantKeys.tenancy(), (t) =>
        t ? { ...t, workspaces: t.workspaces.map((w) => (w.id === saved.id ? { ...w, ...saved } : w)) } : t,
      ),
  });
}
