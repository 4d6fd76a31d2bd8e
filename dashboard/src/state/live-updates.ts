import type { PaymentIntent } from "@spay/sdk";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { followWorkspaceEvents, type StreamEvent } from "../api/workspace-events.ts";
import { applyPaymentUpdate, paymentKeys } from "../payments/usePayments.ts";
import { useCan } from "../tenancy/role.tsx";
import { type QueryScope, scopeKey, useQueryScope } from "./query-scope.ts";

/** The intent a `payment_intent.*` event carries as it is now, or null for any other event. */
export function paymentOf(event: StreamEvent): PaymentIntent | null {
  if (!event.event.startsWith("payment_intent.")) return null;
  try {
    const pi = (JSON.parse(event.data) as { data?: { object?: PaymentIntent } }).data?.object;
    return pi?.id ? pi : null;
  } catch {
    return null;
  }
}

/**
 * One event of the workspace's stream applied to the cache: a payment is written into the cached
 * payment lists as it is (no refetch of their pages); everything else of the scope that is on
 * screen is refetched (counts, analytics, products, …), the rest marked stale.
 */
export function applyWorkspaceEvent(client: QueryClient, scope: QueryScope, event: StreamEvent): void {
  const pi = paymentOf(event);
  if (pi) applyPaymentUpdate(client, scope, pi);
  const lists = paymentKeys.lists(scope);
  void client.invalidateQueries(
    {
      queryKey: scopeKey(scope),
      predicate: (q) => !lists.every((part, i) => q.queryKey[i] === part),
    },
    { cancelRefetch: false },
  );
}

/**
 * Follows the current workspace's event stream while signed in, writing into the cache. The stream
 * is one of the developer tools: a role without them (support) would only be refused, again and
 * again, so it does not follow it and its screens show what they loaded.
 */
export function useLiveWorkspaceEvents(): void {
  const client = useQueryClient();
  const scope = useQueryScope();
  const follows = useCan("developers.read");
  useEffect(() => {
    if (!scope || !follows) return;
    return followWorkspaceEvents(scope.auth, (event) => applyWorkspaceEvent(client, scope, event));
  }, [client, scope, follows]);
}
