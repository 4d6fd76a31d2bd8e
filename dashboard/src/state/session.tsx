import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { logout as apiLogout } from "../api/auth.ts";
import { errorCode } from "../api/http.ts";
import { listOrganizations } from "../api/tenancy.ts";
import type { SessionGrant, User } from "../api/types.ts";
import { clearMerchantState } from "./merchant-state.ts";
import { readStored, removeStored, writeStored } from "./storage.ts";

export const USER_KEY = "spay_user";
export const SESSION_KEY = "spay_session_token";

export type SessionStatus = "validating" | "signed_in" | "signed_out";

export interface Session {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  signIn(grant: SessionGrant): void;
  /** Calls logout, then clears the local user, session token and merchant data (SPEC.md §4). */
  signOut(): Promise<void>;
  /** Forgets the session locally (after the account was deleted). */
  clear(): void;
  updateUser(user: User): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession needs a SessionProvider");
  return session;
}

function clearLocalAuth() {
  removeStored(USER_KEY);
  removeStored(SESSION_KEY);
  clearMerchantState();
}

/**
 * The signed-in user. A stored session is validated at load with an organizations call and
 * cleared when the server refuses it (SPEC.md §4 "Auth").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => readStored<string | null>(SESSION_KEY, null));
  const [user, setUser] = useState<User | null>(() => readStored<User | null>(USER_KEY, null));
  const [status, setStatus] = useState<SessionStatus>(() => (token && user ? "validating" : "signed_out"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: validates the stored session once, at load
  useEffect(() => {
    if (status !== "validating" || !token) return;
    let active = true;
    listOrganizations(token).then(
      () => active && setStatus("signed_in"),
      (err: unknown) => {
        if (!active) return;
        // Unreachable server: keep the session and let the screens show their errors.
        if (errorCode(err) === "network_error") return setStatus("signed_in");
        clearLocalAuth();
        setToken(null);
        setUser(null);
        setStatus("signed_out");
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const signIn = useCallback((grant: SessionGrant) => {
    clearMerchantState();
    writeStored(SESSION_KEY, grant.session_id);
    writeStored(USER_KEY, grant.user);
    setToken(grant.session_id);
    setUser(grant.user);
    setStatus("signed_in");
  }, []);

  const clear = useCallback(() => {
    clearLocalAuth();
    setToken(null);
    setUser(null);
    setStatus("signed_out");
  }, []);

  const signOut = useCallback(async () => {
    if (token) await apiLogout(token).catch((err) => console.warn("logout failed", err));
    clear();
  }, [token, clear]);

  const updateUser = useCallback((next: User) => {
    writeStored(USER_KEY, next);
    setUser(next);
  }, []);

  const value = useMemo(
    () => ({ status, user, token, signIn, signOut, clear, updateUser }),
    [status, user, token, signIn, signOut, clear, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
