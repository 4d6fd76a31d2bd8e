import { useMemo } from "react";
import type { WorkspaceAuth } from "../api/types.ts";
import { useMerchant } from "./merchant.tsx";
import { useSession } from "./session.tsx";

/** The session and current workspace the merchant screens call the API with; null without either. */
export function useWorkspaceAuth(): WorkspaceAuth | null {
  const { token } = useSession();
  const { state } = useMerchant();
  const workspaceId = state.currentWorkspaceId;
  return useMemo(() => (token && workspaceId ? { token, workspaceId } : null), [token, workspaceId]);
}
