import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Workspace } from "../api/types.ts";
import { on, stubApi } from "../testing/api-stub.ts";
import { merchantKeys, type Tenancy, useTenancyMutations } from "./merchant-queries.ts";
import { createQueryClient, ServerStateProvider } from "./query.tsx";

const org = { id: "org_1", name: "Acme", slug: "acme", description: null, created_at: 0 };
const ws = (id: string) => ({ id, organization_id: "org_1", name: id, slug: id, created_at: 0 }) as Workspace;

describe("creating a workspace", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts it in the cached workspaces as soon as the server answered, then refetches them", async () => {
    const calls = stubApi(
      on("POST", "/v1/organizations/org_1/workspaces", { body: ws("ws_2") }),
      on("GET", "/v1/organizations", { body: { data: [org] }, delayMs: 3000 }),
    );
    const client = createQueryClient();
    client.setQueryData<Tenancy>(merchantKeys.tenancy(), {
      organizations: [org] as never,
      workspaces: [ws("ws_1")],
    });
    const { result } = renderHook(() => useTenancyMutations("sess_1"), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <ServerStateProvider client={client}>{children}</ServerStateProvider>
      ),
    });
    await act(() => result.current.workspace.mutateAsync({ organizationId: "org_1", name: "ws_2" }));
    const cached = client.getQueryData<Tenancy>(merchantKeys.tenancy());
    expect(cached?.workspaces.map((w) => w.id)).toEqual(["ws_1", "ws_2"]);
    expect(client.getQueryState(merchantKeys.tenancy())?.isInvalidated).toBe(true);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});
