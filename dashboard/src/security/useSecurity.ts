import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listPasskeys } from "../api/passkeys.ts";
import { getPreferences, listSessions, updatePreferences } from "../api/sessions.ts";
import { twoFactorStatus } from "../api/two-factor.ts";
import type { Preferences } from "../api/types.ts";

/**
 * The signed-in person's own security settings belong to the account, not to a workspace: their
 * keys start with "account" (signing out clears the whole cache), so switching workspace keeps them.
 */
export const securityKeys = {
  twoFactor: () => ["account", "two-factor"] as const,
  passkeys: () => ["account", "passkeys"] as const,
  sessions: () => ["account", "sessions"] as const,
  preferences: () => ["account", "preferences"] as const,
};

export function useTwoFactorStatus(token: string | null) {
  return useQuery({
    queryKey: securityKeys.twoFactor(),
    queryFn: token ? () => twoFactorStatus(token) : skipToken,
  });
}

export function usePasskeys(token: string | null) {
  return useQuery({
    queryKey: securityKeys.passkeys(),
    queryFn: token ? () => listPasskeys(token) : skipToken,
  });
}

export function useSessions(token: string | null) {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: token ? () => listSessions(token) : skipToken,
  });
}

export function usePreferences(token: string | null) {
  return useQuery({
    queryKey: securityKeys.preferences(),
    queryFn: token ? () => getPreferences(token) : skipToken,
  });
}

type PreferenceChange = { name: keyof Preferences; on: boolean };

/**
 * One switch saved: shown at once (optimistic), put back as it was when the server refuses. Each
 * change sends only its own switch, and takes back only its own: two switches flipped quickly do
 * not undo each other. The server's answer becomes the cache once no other change is on its way.
 */
export function usePreferenceChange(token: string | null) {
  const client = useQueryClient();
  const key = securityKeys.preferences();
  const mutationKey = [...key, "change"] as const;
  const set = (name: keyof Preferences, on: boolean) =>
    client.setQueryData<Preferences>(key, (current) => (current ? { ...current, [name]: on } : current));
  return useMutation({
    mutationKey,
    mutationFn: ({ name, on }: PreferenceChange) => {
      if (!token) throw new Error("not signed in");
      return updatePreferences(token, { [name]: on });
    },
    onMutate: async ({ name, on }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Preferences>(key)?.[name];
      set(name, on);
      return { before };
    },
    onError: (_err, { name }, context) => {
      if (context?.before !== undefined) set(name, context.before);
    },
    onSuccess: (saved) => {
      if (client.isMutating({ mutationKey }) <= 1) client.setQueryData(key, saved);
    },
  });
}
