import { useQueryClient } from "@tanstack/react-query";
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
import { onboardingStatus, workspaceApiKeys } from "../api/onboarding.ts";
import { loadTenancy } from "../api/tenancy.ts";
import type { ApiKey, OnboardingStatus } from "../api/types.ts";
import { isOnboardingDone, onboardingProgress } from "../onboarding/progress.ts";
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
   * True from the moment a session exists until its first rebuild from the server finished (so a
   * screen deciding from the state right after sign-in or a reload waits for the server's answer),
   * and while a refresh runs.
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

const WORKSPACE_FIELDS: Partial<MerchantState> = {
  walletVerified: false,
  walletAddress: "",
  businessName: "",
  websiteUrl: "",
  businessDescription: "",
  webhookTested: false,
  testPaymentCompleted: false,
  apiKeys: [],
  currentApiKey: "",
  isLive: false,
  onboardingComplete: false,
};

/**
 * The merchant's organizations, workspaces and onboarding. The server is the source of truth: the
 * local copy survives reloads and is rebuilt from the server whenever a session starts.
 */
export function MerchantProvider({ children }: { children: ReactNode }) {
  const { token, user, status } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<MerchantState>(loadMerchantState);
  const [refreshing, setRefreshing] = useState(false);
  /** The session token whose first rebuild from the server finished. */
  const [rebuiltFor, setRebuiltFor] = useState<string | null>(null);
  const loading = refreshing || (status !== "signed_out" && rebuiltFor !== token);
  const [error, setError] = useState<string | null>(null);
  const [revealedKeys, setRevealedKeys] = useState<ApiKey[]>([]);
  const saved = useRef<MerchantState | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    saveMerchantState(state, saved.current);
    saved.current = state;
  }, [state]);

  const update = useCallback((patch: Partial<MerchantState>) => setState((s) => ({ ...s, ...patch })), []);

  const refreshWorkspace = useCallback(
    async (workspaceId = stateRef.current.currentWorkspaceId) => {
      if (!token || !workspaceId) return;
      const [status, keys] = await Promise.all([
        onboardingStatus(token, workspaceId),
        workspaceApiKeys(token, workspaceId),
      ]);
      setState((s) => {
        if (s.currentWorkspaceId !== workspaceId) return s;
        return {
          ...s,
          ...fieldsFromStatus(status, keys),
          workspaceApiKeys: { ...s.workspaceApiKeys, [workspaceId]: keys },
        };
      });
    },
    [token],
  );

  const refresh = useCallback(async () => {
    if (!token) return;
    setError(null);
    try {
      const { organizations, workspaces } = await loadTenancy(token);
      const s = stateRef.current;
      const current =
        workspaces.find((w) => w.id === s.currentWorkspaceId) ??
        workspaces.find((w) => w.organization_id === s.currentOrganizationId) ??
        workspaces[0];
      const switched = (current?.id ?? "") !== s.currentWorkspaceId;
      const next: Partial<MerchantState> = {
        organizations,
        workspaces,
        currentWorkspaceId: current?.id ?? "",
        currentOrganizationId: current?.organization_id ?? organizations[0]?.id ?? "",
        merchantId: user?.merchant_id ?? "",
        ...(switched ? WORKSPACE_FIELDS : {}),
      };
      stateRef.current = { ...s, ...next };
      setState((prev) => ({ ...prev, ...next }));
      if (current) await refreshWorkspace(current.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setRefreshing(false);
      setRebuiltFor(token);
    }
  }, [token, user, refreshWorkspace]);

  const selectWorkspace = useCallback(
    async (workspaceId: string) => {
      const ws = stateRef.current.workspaces.find((w) => w.id === workspaceId);
      const next = {
        ...WORKSPACE_FIELDS,
        currentWorkspaceId: workspaceId,
        ...(ws ? { currentOrganizationId: ws.organization_id } : {}),
      };
      stateRef.current = { ...stateRef.current, ...next };
      setState((s) => ({ ...s, ...next }));
      await refreshWorkspace(workspaceId);
    },
    [refreshWorkspace],
  );

  const selectOrganization = useCallback(
    async (organizationId: string) => {
      const first = stateRef.current.workspaces.find((w) => w.organization_id === organizationId);
      const next = { ...WORKSPACE_FIELDS, currentOrganizationId: organizationId, currentWorkspaceId: "" };
      stateRef.current = { ...stateRef.current, ...next };
      setState((s) => ({ ...s, ...next }));
      if (first) await selectWorkspace(first.id);
    },
    [selectWorkspace],
  );

  // Rebuild from the server when a session starts; forget everything when it ends (the cached
  // server state of every screen included).
  useEffect(() => {
    if (status === "signed_in") {
      setRefreshing(true);
      void refresh();
    } else if (status === "signed_out") {
      setState(EMPTY_MERCHANT_STATE);
      setRevealedKeys([]);
      setRefreshing(false);
      setRebuiltFor(null);
      queryClient.clear();
    }
  }, [status, refresh, queryClient]);

  // SPEC.md §4: on completion isLive is set after 500 ms and a goLive event is emitted.
  const done = isOnboardingDone(onboardingProgress(state));
  useEffect(() => {
    if (!done || state.onboardingComplete) return;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, onboardingComplete: true, isLive: true }));
      window.dispatchEvent(new CustomEvent(GO_LIVE_EVENT));
    }, GO_LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, state.onboardingComplete]);

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
