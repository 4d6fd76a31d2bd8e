import { isRetryable } from "@spay/sdk/transport";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

/** Attempts after the first for a failed read: only failures worth retrying (no answer, 429, 5xx). */
export const QUERY_RETRIES = 2;

/**
 * The dashboard's server-state cache: reads retry only what may succeed on a second try (a 4xx
 * answer is final), stay fresh for 30 s, and writes never retry on their own (an Idempotency-Key
 * is per attempt).
 */
export function createQueryClient(options: { retryDelayMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, err) => failures < QUERY_RETRIES && isRetryable(err),
        ...(options.retryDelayMs === undefined ? {} : { retryDelay: options.retryDelayMs }),
      },
      mutations: { retry: false },
    },
  });
}

/** Server state for everything below: one cache per page load (or per test render). */
export function ServerStateProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [own] = useState(() => client ?? createQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
