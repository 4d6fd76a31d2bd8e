import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import * as api from "../api/environments.ts";
import type { Environment, EnvironmentType } from "../api/types.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { readStored, writeStored } from "../state/storage.ts";
import { environmentErrorMessage, resolveCurrentEnvironment } from "./environment-rules.ts";

const CURRENT_KEY = "merchant_currentEnvironmentId";

export interface Environments {
  list: Environment[];
  current: Environment | undefined;
  loading: boolean;
  error: string | null;
  /** True while a create, rename or delete is in flight. */
  busy: boolean;
  refresh(): Promise<void>;
  select(id: string): void;
  /** Each returns null on success, else SPEC.md §8's message. */
  create(name: string, type: EnvironmentType): Promise<string | null>;
  rename(id: string, name: string): Promise<string | null>;
  remove(id: string): Promise<string | null>;
}

const EnvironmentsContext = createContext<Environments | null>(null);

export function useEnvironments(): Environments {
  const value = useContext(EnvironmentsContext);
  if (!value) throw new Error("useEnvironments needs an EnvironmentsProvider");
  return value;
}

/** The current environment's id; "" outside the signed-in app or before the list loaded. */
export function useCurrentEnvironmentId(): string {
  return useContext(EnvironmentsContext)?.current?.id ?? "";
}

/** The current environment's type; undefined outside the signed-in app or before the list loaded. */
export function useCurrentEnvironmentType(): EnvironmentType | undefined {
  return useContext(EnvironmentsContext)?.current?.type;
}

/** The current workspace's environments (SPEC.md §4 "Environments"). */
export function EnvironmentsProvider({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const workspaceId = useMerchant().state.currentWorkspaceId;
  const client = useQueryClient();
  const [currentId, setCurrentId] = useState<string>(() => readStored(CURRENT_KEY, ""));
  const scope = token && workspaceId ? { token, workspaceId } : null;
  const key = useMemo(() => ["workspace", workspaceId, "environments"] as const, [workspaceId]);
  const query = useQuery({
    queryKey: key,
    queryFn: scope ? () => api.listEnvironments(scope) : skipToken,
  });
  const data = scope ? query.data : undefined;
  const list = useMemo(() => data ?? [], [data]);

  const select = useCallback((id: string) => {
    setCurrentId(id);
    writeStored(CURRENT_KEY, id);
  }, []);

  // SPEC.md §4: the first fetched becomes current if none (or a deleted one) was chosen.
  useEffect(() => {
    if (!data) return;
    setCurrentId((id) => {
      const resolved = resolveCurrentEnvironment(data, id);
      writeStored(CURRENT_KEY, resolved);
      return resolved;
    });
  }, [data]);

  const { refetch } = query;
  const load = useCallback(async () => void (await refetch()), [refetch]);

  // A write, then the list refetched (still busy meanwhile); a created environment becomes current.
  const { mutateAsync, isPending: busy } = useMutation({
    mutationFn: (run: () => Promise<string | undefined>) => run(),
    onSuccess: async (createdId) => {
      await client.invalidateQueries({ queryKey: key });
      if (createdId) select(createdId);
    },
  });

  const act = useCallback(
    async (
      operation: "create" | "other",
      run: (scope: { token: string; workspaceId: string }) => Promise<string | undefined>,
    ) => {
      if (!token || !workspaceId) return environmentErrorMessage(null, operation);
      try {
        await mutateAsync(() => run({ token, workspaceId }));
        return null;
      } catch (err) {
        return environmentErrorMessage(err, operation);
      }
    },
    [token, workspaceId, mutateAsync],
  );

  const loading = Boolean(scope) && query.isFetching;
  const error = scope && query.error ? environmentErrorMessage(query.error, "other") : null;

  const value = useMemo<Environments>(
    () => ({
      list,
      current: list.find((e) => e.id === currentId),
      loading,
      error,
      busy,
      refresh: () => load(),
      select,
      // After creation the list refreshes and the new one becomes current.
      create: (name, type) =>
        act("create", async (s) => (await api.createEnvironment(s, { name: name.trim(), type })).id),
      rename: (id, name) =>
        act("other", async (s) => {
          await api.renameEnvironment(s, id, name.trim());
          return undefined;
        }),
      remove: (id) =>
        act("other", async (s) => {
          await api.deleteEnvironment(s, id);
          return undefined;
        }),
    }),
    [list, currentId, loading, error, busy, load, select, act],
  );
  return <EnvironmentsContext.Provider value={value}>{children}</EnvironmentsContext.Provider>;
}
