import type { PaymentIntent } from "@spay/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { followWorkspaceEvents } from "../api/event-stream.ts";
import { errorMessage } from "../api/http.ts";
import { listPayments, paymentCounts } from "../api/payments.ts";
import type { PaymentCounts, PaymentFilter, WorkspaceAuth } from "../api/types.ts";
import { mergeLivePayment } from "./live-merge.ts";

export const PAGE_SIZE = 100;

export interface PaymentsList {
  items: PaymentIntent[];
  counts: PaymentCounts | null;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  refresh(): void;
  loadMore(): void;
  /** Puts a changed payment (from the detail view) in the list. */
  replace(pi: PaymentIntent): void;
}

/**
 * The Payments list of one filter: server pages of 100 loaded as the list scrolls, chip counts,
 * and live updates from the workspace's event stream (no reload needed).
 */
export function usePayments(auth: WorkspaceAuth | null, filter: PaymentFilter): PaymentsList {
  const [items, setItems] = useState<PaymentIntent[]>([]);
  const [counts, setCounts] = useState<PaymentCounts | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const busy = useRef(false);

  const loadCounts = useCallback(() => {
    if (!auth) return;
    paymentCounts(auth).then(setCounts, () => {});
  }, [auth]);

  const refresh = useCallback(() => {
    if (!auth) return;
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    loadCounts();
    listPayments(auth, filter, { limit: PAGE_SIZE }).then(
      (page) => {
        if (mine !== generation.current) return;
        setItems(page.data);
        setHasMore(page.has_more);
        setLoading(false);
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
  }, [auth, filter, loadCounts]);

  const loadMore = useCallback(() => {
    const last = itemsRef.current.at(-1);
    if (!auth || !last || busy.current) return;
    busy.current = true;
    const mine = generation.current;
    setLoadingMore(true);
    listPayments(auth, filter, { limit: PAGE_SIZE, startingAfter: last.id })
      .then(
        (page) => {
          if (mine !== generation.current) return;
          setItems((current) => {
            const known = new Set(current.map((p) => p.id));
            return [...current, ...page.data.filter((p) => !known.has(p.id))];
          });
          setHasMore(page.has_more);
        },
        (err: unknown) => mine === generation.current && setError(errorMessage(err)),
      )
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [auth, filter]);

  useEffect(refresh, [refresh]);

  // Live: every payment_intent.* event carries the intent as it is now.
  useEffect(() => {
    if (!auth) return;
    let countsTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = followWorkspaceEvents(auth, (event) => {
      if (!event.event.startsWith("payment_intent.")) return;
      try {
        const payload = JSON.parse(event.data) as { data?: { object?: PaymentIntent } };
        const pi = payload.data?.object;
        if (!pi?.id) return;
        setItems((current) => mergeLivePayment(current, pi, filter));
      } catch {
        return;
      }
      clearTimeout(countsTimer);
      countsTimer = setTimeout(loadCounts, 300);
    });
    return () => {
      stop();
      clearTimeout(countsTimer);
    };
  }, [auth, filter, loadCounts]);

  const replace = useCallback(
    (pi: PaymentIntent) => {
      setItems((current) => mergeLivePayment(current, pi, filter));
      loadCounts();
    },
    [filter, loadCounts],
  );

  return { items, counts, hasMore, loading, loadingMore, error, refresh, loadMore, replace };
}
