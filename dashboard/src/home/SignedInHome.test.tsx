import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { BrowserRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { MerchantProvider } from "../state/merchant.tsx";
import { ServerStateProvider } from "../state/query.tsx";
import { SessionProvider } from "../state/session.tsx";
import { ThemeProvider } from "../state/theme.tsx";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { TEST_USER } from "../testing/render.tsx";

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The app as main.tsx mounts it: a browser router at / (history.replaceState navigations). */
function renderMerchantApp() {
  window.history.replaceState(null, "", "/");
  return render(
    <StrictMode>
      <BrowserRouter>
        <ServerStateProvider>
          <ThemeProvider>
            <SessionProvider>
              <MerchantProvider>
                <AppRoutes />
                <Where />
              </MerchantProvider>
            </SessionProvider>
          </ThemeProvider>
        </ServerStateProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}

/** The server's answers for a merchant whose setup is complete (SPEC.md §3 "Setup complete"). */
const setupComplete = on("GET", "/onboarding/status", {
  body: {
    workspace_id: "ws_1",
    onboarding_status: {
      wallet_verified: true,
      business_info_completed: true,
      api_keys_created: true,
      webhook_tested: true,
      test_payment_completed: true,
    },
    payout_wallet: { address: "ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM", verified_at: 1 },
    business_info: { display_name: "Acme", website: "https://acme.example", description: "Goods" },
    api_keys: [],
  },
});

describe("signing in (SPEC.md §3: /dashboard when setup is complete)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lands on /dashboard, not /getting-started, for a merchant whose setup is complete", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: { user: TEST_USER, session_id: "sess_1", expires_at: 0 } }),
      setupComplete,
      ...oneWorkspace(),
    );
    renderMerchantApp();
    await userEvent.click(screen.getAllByRole("button", { name: "Sign In" })[0] as HTMLElement);
    await userEvent.type(await screen.findByLabelText("Email"), "merchant@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Sign In" }));
    await vi.waitFor(() => expect(screen.getByTestId("where").textContent).not.toBe("/"));
    expect(screen.getByTestId("where").textContent).toBe("/dashboard");
  });

  it("lands on /getting-started while setup is not complete", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: { user: TEST_USER, session_id: "sess_1", expires_at: 0 } }),
      ...oneWorkspace(),
    );
    renderMerchantApp();
    await userEvent.click(screen.getAllByRole("button", { name: "Sign In" })[0] as HTMLElement);
    await userEvent.type(await screen.findByLabelText("Email"), "merchant@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Sign In" }));
    await vi.waitFor(() => expect(screen.getByTestId("where").textContent).not.toBe("/"));
    expect(screen.getByTestId("where").textContent).toBe("/getting-started");
  });

  it("lands a developer on /dashboard even while setup is not complete: Get Started is for owners and admins", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: { user: TEST_USER, session_id: "sess_1", expires_at: 0 } }),
      ...oneWorkspace("developer"),
    );
    renderMerchantApp();
    await userEvent.click(screen.getAllByRole("button", { name: "Sign In" })[0] as HTMLElement);
    await userEvent.type(await screen.findByLabelText("Email"), "merchant@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Sign In" }));
    await vi.waitFor(() => expect(screen.getByTestId("where").textContent).not.toBe("/"));
    expect(screen.getByTestId("where").textContent).toBe("/dashboard");
  });
});
