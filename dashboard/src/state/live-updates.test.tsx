import type { PaymentIntent, Product } from "@spay/sdk";
import type { QueryClient } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentFilter, WorkspaceAuth } from "../api/types.ts";
import { usePayments } from "../payments/usePayments.ts";
import { useProducts } from "../products/useProducts.ts";
import { on, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { applyWorkspaceEvent } from "./live-updates.ts";
import { createQueryClient, ServerStateProvider } from "./query.tsx";
import type { QueryScope } from "./query-scope.ts";

const WS1: WorkspaceAuth = { token: "sess_1", workspaceId: "ws_1" };
const WS2: WorkspaceAuth = { token: "sess_1", workspaceId: "ws_2" };
const scope1: QueryScope = { auth: WS1, environmentId: "" };

function intent(
  id: string,
  created_at: number,
  status: PaymentIntent["status"] = "requires_payment_method",
): PaymentIntent {
  return {
    id,
    object: "payment_intent",
    created_at,
    status,
    fulfillment_status: "unfulfilled",
  } as PaymentIntent;
}

const streamEvent = (type: string, object: unknown) => ({
  event: type,
  id: `evt_${type}`,
  data: JSON.stringify({ type, data: { object } }),
});

/** A page of payments per workspace, and counts; every call recorded. */
function stubPayments(pages: Record<string, PaymentIntent[]>): StubbedCall[] {
  return stubApi(
    on("GET", "/v1/payments", (call) => ({
      body: { object: "list", data: pages[call.headers["x-workspace-id"] ?? ""] ?? [], has_more: false },
    })),
    on("GET", "/v1/payments/counts", { body: { all: 2, paid: 0, pending: 2, failed: 0, fulfillment: 0 } }),
    on("GET", "/v1/products", { body: { object: "list", data: [], has_more: false } }),
  );
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <ServerStateProvider client={client}>{children}</ServerStateProvider>
  );
}

const listCalls = (calls: StubbedCall[]) => calls.filter((c) => c.path.startsWith("/v1/payments?")).length;
const countCalls = (calls: StubbedCall[]) => calls.filter((c) => c.path === "/v1/payments/counts").length;

describe("the event stream writes into the server-state cache", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("replaces a known payment in place, without refetching the list; the counts are refetched", async () => {
    const calls = stubPayments({ ws_1: [intent("pi_2", 20), intent("pi_1", 10)] });
    const client = createQueryClient();
    const { result } = renderHook(() => usePayments(WS1, "all"), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(["pi_2", "pi_1"]));
    await waitFor(() => expect(result.current.counts?.all).toBe(2));
    const [lists, counts] = [listCalls(calls), countCalls(calls)];

    act(() =>
      applyWorkspaceEvent(
        client,
        scope1,
        streamEvent("payment_intent.succeeded", intent("pi_1", 10, "payment_settled")),
      ),
    );
    await waitFor(() =>
      expect(result.current.items.map((p) => [p.id, p.status])).toEqual([
        ["pi_2", "requires_payment_method"],
        ["pi_1", "payment_settled"],
      ]),
    );
    await waitFor(() => expect(countCalls(calls)).toBe(counts + 1));
    expect(listCalls(calls)).toBe(lists);
  });

  it("puts a new payment in order when it belongs to the filter, and leaves other filters' lists alone", async () => {
    stubPayments({ ws_1: [intent("pi_2", 20), intent("pi_1", 10)] });
    const client = createQueryClient();
    const wrapper = wrapperWith(client);
    const pending = renderHook(() => usePayments(WS1, "pending" as PaymentFilter), { wrapper });
    const paid = renderHook(() => usePayments(WS1, "paid" as PaymentFilter), { wrapper });
    await waitFor(() => expect(pending.result.current.items).toHaveLength(2));
    await waitFor(() => expect(paid.result.current.loading).toBe(false));

    act(() => applyWorkspaceEvent(client, scope1, streamEvent("payment_intent.created", intent("pi_3", 30))));
    act(() => applyWorkspaceEvent(client, scope1, streamEvent("payment_intent.created", intent("pi_0", 15))));
    await waitFor(() =>
      expect(pending.result.current.items.map((p) => p.id)).toEqual(["pi_3", "pi_2", "pi_0", "pi_1"]),
    );
    // The paid list was stubbed with the same page; the pending intents did not join it.
    expect(paid.result.current.items.map((p) => p.id)).toEqual(["pi_2", "pi_1"]);
  });

  it("keeps workspaces apart: an event of one never reaches another's list, and switching shows no stale rows", async () => {
    stubPayments({ ws_1: [intent("pi_a", 10)], ws_2: [intent("pi_b", 10)] });
    const client = createQueryClient();
    const { result, rerender } = renderHook(({ auth }) => usePayments(auth, "all"), {
      wrapper: wrapperWith(client),
      initialProps: { auth: WS1 },
    });
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(["pi_a"]));
    act(() =>
      applyWorkspaceEvent(client, scope1, streamEvent("payment_intent.created", intent("pi_new", 20))),
    );

    rerender({ auth: WS2 });
    expect(result.current.items).toEqual([]);
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.items.map((p) => p.id)).toEqual(["pi_b"]));
  });

  it("refetches what is on screen for any other event (the catalogue), never the payment pages", async () => {
    const calls = stubPayments({ ws_1: [intent("pi_1", 10)] });
    const client = createQueryClient();
    const wrapper = wrapperWith(client);
    const payments = renderHook(() => usePayments(WS1, "all"), { wrapper });
    const products = renderHook(() => useProducts(WS1), { wrapper });
    await waitFor(() => expect(products.result.current.products).toEqual([]));
    await waitFor(() => expect(payments.result.current.items).toHaveLength(1));
    const lists = listCalls(calls);
    const catalogue = calls.filter((c) => c.path.startsWith("/v1/products")).length;

    const product = { id: "prod_1", name: "Mug" } as Product;
    act(() => applyWorkspaceEvent(client, scope1, streamEvent("product.updated", product)));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith("/v1/products")).length).toBe(catalogue + 1),
    );
    expect(listCalls(calls)).toBe(lists);
  });
});

describe("reads: loading, error and retry", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("retries a failure worth retrying, not a refusal; Retry (refresh) loads again", async () => {
    let failures = 0;
    const calls = stubApi(
      on("GET", "/v1/payments", () =>
        failures++ < 1 ? { status: 503, body: {} } : { status: 403, body: {} },
      ),
      on("GET", "/v1/payments/counts", { body: { all: 0, paid: 0, pending: 0, failed: 0, fulfillment: 0 } }),
    );
    const client = createQueryClient({ retryDelayMs: 0 });
    const { result } = renderHook(() => usePayments(WS1, "all"), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(result.current.error).toBe("HTTP 403"));
    // The 503 was retried once; the 403 ended it.
    expect(listCalls(calls)).toBe(2);
    expect(result.current.loading).toBe(false);

    stubApi(
      on("GET", "/v1/payments", { body: { object: "list", data: [intent("pi_1", 1)], has_more: false } }),
      on("GET", "/v1/payments/counts", { body: { all: 1, paid: 0, pending: 1, failed: 0, fulfillment: 0 } }),
    );
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    expect(result.current.error).toBeNull();
  });
});
