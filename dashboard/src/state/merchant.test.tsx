import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionGrant } from "../api/types.ts";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { TEST_USER } from "../testing/render.tsx";
import { MerchantProvider, useMerchant } from "./merchant.tsx";
import { createQueryClient, ServerStateProvider } from "./query.tsx";
import { SessionProvider, useSession } from "./session.tsx";

const GRANT = { user: TEST_USER, session_id: "sess_1", expires_at: 0 } as SessionGrant;

type Seen = { status: string; loading: boolean; workspaces: number };

/** Records what every render saw: the session status, `loading` and the workspaces known. */
function Probe({ seen }: { seen: Seen[] }) {
  const session = useSession();
  const { state, loading } = useMerchant();
  seen.push({ status: session.status, loading, workspaces: state.workspaces.length });
  return (
    <>
      <button type="button" onClick={() => session.signIn(GRANT)}>
        in
      </button>
      <button type="button" onClick={() => void session.signOut()}>
        out
      </button>
      <p data-testid="ws">{state.workspaces.length}</p>
    </>
  );
}

describe("the merchant's state after sign-in", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is loading from a session's first render until the server answered; signing out forgets the cache", async () => {
    stubApi(...oneWorkspace(), on("POST", "/v1/auth/logout", { body: {} }));
    const seen: Seen[] = [];
    const client = createQueryClient();
    render(
      <ServerStateProvider client={client}>
        <SessionProvider>
          <MerchantProvider>
            <Probe seen={seen} />
          </MerchantProvider>
        </SessionProvider>
      </ServerStateProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "in" }));
    await waitFor(() => expect(screen.getByTestId("ws").textContent).toBe("1"));
    const signedIn = seen.filter((s) => s.status === "signed_in");
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn.filter((s) => !s.loading && s.workspaces === 0)).toEqual([]);
    expect(signedIn.at(-1)).toEqual({ status: "signed_in", loading: false, workspaces: 1 });

    // Signing out forgets the cached server state of every screen too.
    client.setQueryData(["workspace", "ws_1", "", "products"], []);
    await act(() => userEvent.click(screen.getByRole("button", { name: "out" })));
    await waitFor(() => expect(seen.at(-1)).toEqual({ status: "signed_out", loading: false, workspaces: 0 }));
    // (The provider's own reads stay observed, disabled and empty, while signed out.)
    const answered = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.data !== undefined);
    expect(answered.map((q) => q.queryKey)).toEqual([]);
  });
});

const ws = (id: string) => ({ ...WORKSPACE, id, name: id });
const WORKSPACE = {
  organization_id: "org_1",
  organization_name: "Acme",
  slug: "shop",
  user_count: 1,
  stacks_address: null,
  bitcoin_payment_address: null,
  bitcoin_ordinals_address: null,
  business_profile: { display_name: null, website: null, description: null },
  created_at: 0,
};
const key = (id: string, workspaceId: string) => ({
  id,
  object: "api_key",
  workspace_id: workspaceId,
  type: "pk",
  name: id,
  key_prefix: "pk_test_x",
  key: `pk_test_${id}`,
  env: "test",
  state: "enabled",
  is_active: true,
  created_at: 0,
});

/** Records, for every render, the workspace shown and the keys shown with it. */
function KeysProbe({ seen }: { seen: { workspace: string; keys: string[] }[] }) {
  const { state, selectWorkspace } = useMerchant();
  seen.push({ workspace: state.currentWorkspaceId, keys: state.apiKeys.map((k) => k.id) });
  return (
    <button type="button" onClick={() => void selectWorkspace("ws_2")}>
      switch
    </button>
  );
}

describe("switching workspace", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("never shows the previous workspace's keys, even before the new one answered", async () => {
    const org = { id: "org_1", name: "Acme", slug: "acme", description: null, role: "owner", created_at: 0 };
    stubApi(
      on("GET", "/v1/organizations", { body: { data: [org] } }),
      on("GET", "/v1/organizations/org_1/workspaces", { body: { data: [ws("ws_1"), ws("ws_2")] } }),
      on("GET", "/onboarding/status", {
        body: {
          onboarding_status: { wallet_verified: false, webhook_tested: false, test_payment_completed: false },
          payout_wallet: { address: null },
          business_info: { display_name: null, website: null, description: null },
        },
      }),
      on("GET", "/v1/workspaces/ws_1/api-keys", { body: { data: [key("key_1", "ws_1")] } }),
      on("GET", "/v1/workspaces/ws_2/api-keys", { body: { data: [key("key_2", "ws_2")] }, delayMs: 200 }),
    );
    localStorage.setItem("spay_session_token", JSON.stringify("sess_1"));
    localStorage.setItem("spay_user", JSON.stringify(TEST_USER));
    const seen: { workspace: string; keys: string[] }[] = [];
    render(
      <ServerStateProvider client={createQueryClient()}>
        <SessionProvider>
          <MerchantProvider>
            <KeysProbe seen={seen} />
          </MerchantProvider>
        </SessionProvider>
      </ServerStateProvider>,
    );
    await waitFor(() => expect(seen.at(-1)).toEqual({ workspace: "ws_1", keys: ["key_1"] }));
    await userEvent.click(screen.getByRole("button", { name: "switch" }));
    await waitFor(() => expect(seen.at(-1)).toEqual({ workspace: "ws_2", keys: ["key_2"] }));
    expect(seen.filter((s) => s.workspace === "ws_2" && s.keys.includes("key_1"))).toEqual([]);
    // It was really waiting for ws_2's answer for a while, with no keys shown.
    expect(seen.some((s) => s.workspace === "ws_2" && s.keys.length === 0)).toBe(true);
    localStorage.clear();
  });
});
