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

/** The current workspace's environments (SPEC.md §4 "Environments"). */
export function EnvironmentsProvider({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const workspaceId = useMerchant().state.currentWorkspaceId;
  const [list, setList] = useState<Environment[]>([]);
  const [currentId, setCurrentId] = useState<string>(() => readStored(CURRENT_KEY, ""));
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const select = useCallback((id: string) => {
    setCurrentId(id);
    writeStored(CURRENT_KEY, id);
  }, []);

  const load = useCallback(
    async (preferId?: string) => {
      if (!token || !workspaceId) return setList([]);
      setLoading(true);
      setError(null);
      try {
        const next = await api.listEnvironments({ token, workspaceId });
        setList(next);
        setCurrentId((id) => {
          const resolved = resolveCurrentEnvironment(next, preferId ?? id);
          writeStored(CURRENT_KEY, resolved);
          return resolved;
        });
      } catch (err) {
        setError(environmentErrorMessage(err, "other"));
      } finally {
        setLoading(false);
      }
    },
    [token, workspaceId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const act = useCallback(
    async (
      operation: "create" | "other",
      run: (scope: { token: string; workspaceId: string }) => Promise<string | undefined>,
    ) => {
      if (!token || !workspaceId) return environmentErrorMessage(null, operation);
      setBusy(true);
      try {
        await load(await run({ token, workspaceId }));
        return null;
      } catch (err) {
        return environmentErrorMessage(err, operation);
      } finally {
        setBusy(false);
      }
    },
    [token, workspaceId, load],
  );

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
