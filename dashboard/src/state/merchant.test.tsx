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
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
