import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { errorMessage } from "../api/http.ts";
import type { ApiKey, OnboardingStatus, Workspace } from "../api/types.ts";
import { isOnboardingDone, onboardingProgress } from "../onboarding/progress.ts";
import { organizationRole, roleAllows } from "../tenancy/role-rules.ts";
import {
  apiKeysQuery,
  merchantKeys,
  onboardingQuery,
  patchOnboarding,
  type Tenancy,
  tenancyQuery,
} from "./merchant-queries.ts";
import {
  EMPTY_MERCHANT_STATE,
  loadMerchantState,
  type MerchantState,
  saveMerchantState,
} from "./merchant-state.ts";
import { useSession } from "./session.tsx";

/** SPEC.md §9: isLive follows the completion of onboarding after 500 ms. */
export const GO_LIVE_DELAY_MS = 500;
export const GO_LIVE_EVENT = "spay:golive";

export interface Merchant {
  state: MerchantState;
  /**
   * True from the moment a session exists until the server answered for its organizations and the
   * current workspace's keys and onboarding (so a screen deciding from the state right after
   * sign-in or a reload waits for the server's answer), and while the organizations are refetched.
   */
  loading: boolean;
  error: string | null;
  /** Secret keys shown in full once, right after they were created (never stored). */
  revealedKeys: ApiKey[];
  update(patch: Partial<MerchantState>): void;
  /** Refetches organizations and workspaces, then the current workspace's keys and onboarding. */
  refresh(): Promise<void>;
  refreshWorkspace(workspaceId?: string): Promise<void>;
  selectWorkspace(workspaceId: string): Promise<void>;
  selectOrganization(organizationId: string): Promise<void>;
  revealKeys(keys: ApiKey[]): void;
}

const MerchantContext = createContext<Merchant | null>(null);

export function useMerchant(): Merchant {
  const merchant = useContext(MerchantContext);
  if (!merchant) throw new Error("useMerchant needs a MerchantProvider");
  return merchant;
}

/** The merchant outside the requirement of a provider: null where there is none (a screen rendered on its own). */
export function useMerchantIfAny(): Merchant | null {
  return useContext(MerchantContext);
}

/** Picks the key calls are made with: the first active publishable key, else the first active one. */
export function firstActiveKey(keys: ApiKey[]): ApiKey | undefined {
  const active = keys.filter((k) => k.is_active && k.state === "enabled");
  return active.find((k) => k.type === "pk" && k.key) ?? active[0];
}

/** The onboarding facts of one workspace, as the server reports them, in local-state fields. */
export function fieldsFromStatus(status: OnboardingStatus, keys: ApiKey[]): Partial<MerchantState> {
  const current = firstActiveKey(keys);
  return {
    walletVerified: status.onboarding_status.wallet_verified,
    walletAddress: status.payout_wallet.address ?? "",
    businessName: status.business_info.display_name ?? "",
    websiteUrl: status.business_info.website ?? "",
    businessDescription: status.business_info.description ?? "",
    webhookTested: status.onboarding_status.webhook_tested,
    testPaymentCompleted: status.onboarding_status.test_payment_completed,
    apiKeys: keys,
    currentApiKey: current ? (current.key ?? current.key_prefix) : "",
  };
}

/** No answer yet, and one is on its way (a first load, or a retry after a failure). */
function firstLoad(query: { data: unknown; isPending: boolean; isFetching: boolean }): boolean {
  return query.data === undefined && (query.isPending || query.isFetching);
}

/** The failure of a read that has no answer to show. */
function unanswered(query: { data: unknown; error: Error | null }): Error | null {
  return query.data === undefined ? query.error : null;
}

/** What a workspace switch resets of the local fields (the go-live flags are per workspace). */
const SWITCH_RESET: Partial<MerchantState> = { isLive: false, onboardingComplete: false };

/** Fields kept on this device only (the rest is the server's, read from the query cache). */
const LOCAL_FIELDS = [
  "currentOrganizationId",
  "currentWorkspaceId",
  "integrationMethod",
  "webhookUrl",
  "liveKeysGenerated",
  "onboardingComplete",
  "isLive",
  "payments",
  "products",
] as const satisfies readonly (keyof MerchantState)[];
type LocalState = Pick<MerchantState, (typeof LOCAL_FIELDS)[number]>;

function localPart(state: MerchantState): LocalState {
  return Object.fromEntries(LOCAL_FIELDS.map((f) => [f, state[f]])) as LocalState;
}

/** Business profile fields being typed (saved on blur): a draft over the server's values. */
const DRAFT_FIELDS = ["businessName", "websiteUrl", "businessDescription"] as const;
type Draft = Partial<Pick<MerchantState, (typeof DRAFT_FIELDS)[number]>>;

/**
 * The workspace to show: the chosen one if it exists, else the first of the chosen organization
 * (none when it has none yet), else the first of all.
 */
export function resolveWorkspace(
  { organizations, workspaces }: Tenancy,
  chosen: Pick<MerchantState, "currentWorkspaceId" | "currentOrganizationId">,
): Workspace | undefined {
  const found = workspaces.find((w) => w.id === chosen.currentWorkspaceId);
  if (found) return found;
  if (organizations.some((o) => o.id === chosen.currentOrganizationId)) {
    return workspaces.find((w) => w.organization_id === chosen.currentOrganizationId);
  }
  return workspaces[0];
}

/**
 * The merchant's organizations, workspaces, API keys and onboarding, read from the server-state
 * cache (state/merchant-queries.ts); this provider adds what is chosen on this device (the current
 * organization and workspace) and the local copy that survives reloads. `state` is the server's
 * answer merged with that choice: a workspace without its answer yet shows nothing of another one.
 */
export function MerchantProvider({ children }: { children: ReactNode }) {
  const { token, user, status } = useSession();
  const client = useQueryClient();
  const [local, setLocal] = useState<LocalState>(() => localPart(loadMerchantState()));
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [revealedKeys, setRevealedKeys] = useState<ApiKey[]>([]);
  const signedIn = status === "signed_in";

  const tenancy = useQuery(tenancyQuery(signedIn ? token : null));
  const tenancyData = signedIn ? tenancy.data : undefined;
  const current = tenancyData ? resolveWorkspace(tenancyData, local) : undefined;
  const workspaceId = tenancyData ? (current?.id ?? "") : signedIn ? local.currentWorkspaceId : "";
  const auth = useMemo(
    () => (signedIn && token && tenancyData && workspaceId ? { token, workspaceId } : null),
    [signedIn, token, tenancyData, workspaceId],
  );
  // A role without the developer tools (support) is refused the key list: it is not asked for.
  const role = tenancyData ? organizationRole(tenancyData.organizations, current?.organization_id) : null;
  const keysAuth = roleAllows(role, "developers.read") ? auth : null;
  const keys = useQuery(apiKeysQuery(keysAuth));
  const onboarding = useQuery(onboardingQuery(auth));

  // The resolved workspace becomes the chosen one (a deleted or unknown choice falls back).
  useEffect(() => {
    if (!tenancyData || workspaceId === local.currentWorkspaceId) return;
    setLocal((s) => ({
      ...s,
      ...SWITCH_RESET,
      currentWorkspaceId: workspaceId,
      currentOrganizationId: current?.organization_id ?? tenancyData.organizations[0]?.id ?? "",
    }));
  }, [tenancyData, workspaceId, current, local.currentWorkspaceId]);

  const state = useMemo<MerchantState>(() => {
    const keyList = keysAuth ? keys.data : undefined;
    const statusData = auth ? onboarding.data : undefined;
    return {
      ...EMPTY_MERCHANT_STATE,
      ...local,
      organizations: tenancyData?.organizations ?? [],
      workspaces: tenancyData?.workspaces ?? [],
      currentWorkspaceId: workspaceId,
      currentOrganizationId: current?.organization_id ?? local.currentOrganizationId,
      merchantId: user?.merchant_id ?? "",
      ...(statusData ? fieldsFromStatus(statusData, keyList ?? []) : {}),
      ...(keyList && !statusData ? { apiKeys: keyList } : {}),
      workspaceApiKeys: keyList && workspaceId ? { [workspaceId]: keyList } : {},
      ...(drafts[workspaceId] ?? {}),
    };
  }, [local, tenancyData, workspaceId, current, user, auth, keysAuth, keys.data, onboarding.data, drafts]);

  const saved = useRef<MerchantState | null>(null);
  useEffect(() => {
    if (status === "signed_out") return;
    saveMerchantState(state, saved.current);
    saved.current = state;
  }, [state, status]);

  const loading =
    status === "validating" ||
    (signedIn &&
      (firstLoad(tenancy) ||
        (auth !== null && ((keysAuth !== null && firstLoad(keys)) || firstLoad(onboarding)))));
  const failure =
    (signedIn && unanswered(tenancy)) ||
    (auth && (unanswered(onboarding) || (keysAuth && unanswered(keys)))) ||
    null;
  const error = failure ? errorMessage(failure) : null;

  const update = useCallback(
    (patch: Partial<MerchantState>) => {
      const { workspaces, walletVerified, walletAddress, webhookTested, testPaymentCompleted } = patch;
      if (workspaces) {
        client.setQueryData<Tenancy>(merchantKeys.tenancy(), (t) => (t ? { ...t, workspaces } : t));
      }
      if (workspaceId) {
        patchOnboarding(client, workspaceId, {
          ...(walletVerified === undefined ? {} : { walletVerified }),
          ...(walletAddress === undefined ? {} : { walletAddress }),
          ...(webhookTested === undefined ? {} : { webhookTested }),
          ...(testPaymentCompleted === undefined ? {} : { testPaymentCompleted }),
        });
        const draft = Object.fromEntries(DRAFT_FIELDS.filter((f) => f in patch).map((f) => [f, patch[f]]));
        if (Object.keys(draft).length > 0) {
          setDrafts((d) => ({ ...d, [workspaceId]: { ...d[workspaceId], ...draft } }));
        }
      }
      const localPatch = Object.fromEntries(LOCAL_FIELDS.filter((f) => f in patch).map((f) => [f, patch[f]]));
      if (Object.keys(localPatch).length > 0) setLocal((s) => ({ ...s, ...localPatch }));
    },
    [client, workspaceId],
  );

  const refreshWorkspace = useCallback(
    async (id = workspaceId) => {
      if (!id) return;
      await Promise.all([
        client.invalidateQueries({ queryKey: merchantKeys.onboarding(id) }),
        client.invalidateQueries({ queryKey: merchantKeys.apiKeys(id) }),
      ]);
    },
    [client, workspaceId],
  );

  const refresh = useCallback(async () => {
    if (!token) return;
    await client.refetchQueries({ queryKey: merchantKeys.tenancy() });
    await refreshWorkspace();
  }, [client, token, refreshWorkspace]);

  /** Waits for a workspace's keys and onboarding (a failure shows through `error`). */
  const prefetch = useCallback(
    async (id: string) => {
      if (!token) return;
      const a = { token, workspaceId: id };
      const t = client.getQueryData<Tenancy>(merchantKeys.tenancy());
      const ws = t?.workspaces.find((w) => w.id === id);
      const readsKeys = roleAllows(
        organizationRole(t?.organizations ?? [], ws?.organization_id),
        "developers.read",
      );
      await Promise.all([
        readsKeys ? client.prefetchQuery(apiKeysQuery(a)) : undefined,
        client.prefetchQuery(onboardingQuery(a)),
      ]);
    },
    [client, token],
  );

  const selectWorkspace = useCallback(
    async (id: string) => {
      const ws = client.getQueryData<Tenancy>(merchantKeys.tenancy())?.workspaces.find((w) => w.id === id);
      setLocal((s) => ({
        ...s,
        ...SWITCH_RESET,
        currentWorkspaceId: id,
        ...(ws ? { currentOrganizationId: ws.organization_id } : {}),
      }));
      await prefetch(id);
    },
    [client, prefetch],
  );

  const selectOrganization = useCallback(
    async (organizationId: string) => {
      const workspaces = client.getQueryData<Tenancy>(merchantKeys.tenancy())?.workspaces ?? [];
      const first = workspaces.find((w) => w.organization_id === organizationId);
      setLocal((s) => ({
        ...s,
        ...SWITCH_RESET,
        currentOrganizationId: organizationId,
        currentWorkspaceId: first?.id ?? "",
      }));
      if (first) await prefetch(first.id);
    },
    [client, prefetch],
  );

  // Forget everything when the session ends: the local copy, and the cached server state of every screen.
  useEffect(() => {
    if (status !== "signed_out") return;
    setLocal(localPart(EMPTY_MERCHANT_STATE));
    setDrafts({});
    setRevealedKeys([]);
    saved.current = null;
    client.clear();
  }, [status, client]);

  // SPEC.md §4: on completion isLive is set after 500 ms and a goLive event is emitted.
  const done = isOnboardingDone(onboardingProgress(state));
  useEffect(() => {
    if (!done || local.onboardingComplete) return;
    const timer = setTimeout(() => {
      setLocal((s) => ({ ...s, onboardingComplete: true, isLive: true }));
      window.dispatchEvent(new CustomEvent(GO_LIVE_EVENT));
    }, GO_LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, local.onboardingComplete]);

  const value = useMemo<Merchant>(
    () => ({
      state,
      loading,
      error,
      revealedKeys,
      update,
      refresh,
      refreshWorkspace,
      selectWorkspace,
      selectOrganization,
      revealKeys: setRevealedKeys,
    }),
    [
      state,
      loading,
      error,
      revealedKeys,
      update,
      refresh,
      refreshWorkspace,
      selectWorkspace,
      selectOrganization,
    ],
  );
  return <MerchantContext.Provider value={value}>{children}</MerchantContext.Provider>;
}
