import { ERRORS, ROLE_DESCRIPTIONS } from "@spay/protocol";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import { BrowserRouter, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import type { InvitationPreview } from "../api/types.ts";
import { AUTH } from "../auth/messages.ts";
import { ACCOUNT } from "../settings/messages.ts";
import { MerchantProvider } from "../state/merchant.tsx";
import { ServerStateProvider } from "../state/query.tsx";
import { SESSION_KEY, SessionProvider, USER_KEY } from "../state/session.tsx";
import { ThemeProvider } from "../state/theme.tsx";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp, TEST_USER } from "../testing/render.tsx";
import { INVITE } from "./messages.ts";

const TOKEN = "invtok_abcdefghijklmnop";

function preview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    object: "invitation_preview",
    organization_name: "Acme",
    inviter: "Owen",
    email: "grace@example.com",
    role: "developer",
    expires_at: 1_767_830_400,
    account_exists: false,
    ...overrides,
  };
}

/** Where the router is, for the checks that the token left the address. */
function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${hash}`}</output>;
}

function renderInvite(options: { signedIn?: boolean; hash?: string } = {}) {
  renderApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { path: `/invite${options.hash ?? `#${TOKEN}`}`, signedIn: options.signedIn ?? false },
  );
}

/**
 * The invitation's organization (org_2, "Beta") beside the one the account already had (org_1,
 * first in the list): landing on Beta shows the invitation chose it, not the fallback to the first.
 */
function alsoBeta() {
  const beta = {
    id: "org_2",
    object: "organization",
    name: "Beta",
    slug: "beta",
    description: null,
    user_count: 2,
    workspace_count: 1,
    role: "developer",
    created_at: 0,
  };
  const acme = { ...beta, id: "org_1", name: "Acme", slug: "acme", role: "owner" };
  const ws = {
    id: "ws_2",
    organization_id: "org_2",
    organization_name: "Beta",
    name: "Beta shop",
    slug: "beta-shop",
    user_count: 2,
    stacks_address: null,
    bitcoin_payment_address: null,
    bitcoin_ordinals_address: null,
    business_profile: { display_name: null, website: null, description: null },
    created_at: 0,
  };
  return [
    on("GET", "/v1/organizations", { body: { data: [acme, beta] } }),
    on("GET", "/v1/organizations/org_2/workspaces", { body: { data: [ws] } }),
    on("GET", "/v1/workspaces/ws_2/api-keys", { body: { data: [] } }),
    ...oneWorkspace(),
  ];
}

const previewRoute = (answer: InvitationPreview) => on("POST", "/v1/invitations/preview", { body: answer });
const posts = (calls: StubbedCall[], path: string) =>
  calls.filter((c) => c.method === "POST" && c.path === path);
const location = () => screen.getByTestId("location").textContent;

describe("Invitation page (/invite#token)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the invitation signed out (organization, inviter, role and its description, expiry) and takes the token out of the address", async () => {
    const calls = stubApi(previewRoute(preview()));
    renderInvite();
    const card = await screen.findByTestId("invitation");
    expect(within(card).getByRole("heading", { name: INVITE.heading("Acme") })).toBeTruthy();
    expect(within(card).getByText(INVITE.invitedBy("Owen", "Acme", "Developer"))).toBeTruthy();
    expect(within(card).getByText(ROLE_DESCRIPTIONS.developer)).toBeTruthy();
    expect(within(card).getByText("grace@example.com")).toBeTruthy();
    expect(within(card).getByText(/Jan 8, 2026/)).toBeTruthy();
    expect(location()).toBe("/invite");
    expect(posts(calls, "/v1/invitations/preview").map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(posts(calls, "/v1/invitations/preview")[0]?.headers.authorization).toBeUndefined();
  });

  it("in the browser's own address bar and history too (a real router, strict mode's double effects)", async () => {
    const calls = stubApi(previewRoute(preview()));
    window.history.replaceState(null, "", `/invite#${TOKEN}`);
    render(
      <StrictMode>
        <BrowserRouter>
          <ServerStateProvider>
            <ThemeProvider>
              <SessionProvider>
                <MerchantProvider>
                  <AppRoutes />
                </MerchantProvider>
              </SessionProvider>
            </ThemeProvider>
          </ServerStateProvider>
        </BrowserRouter>
      </StrictMode>,
    );
    expect(await screen.findByTestId("invitation")).toBeTruthy();
    expect(window.location.pathname).toBe("/invite");
    expect(window.location.hash).toBe("");
    expect(window.location.href).not.toContain(TOKEN);
    expect(new Set(posts(calls, "/v1/invitations/preview").map((c) => JSON.stringify(c.body)))).toEqual(
      new Set([JSON.stringify({ token: TOKEN })]),
    );
    window.history.replaceState(null, "", "/");
  });

  it("a new address: creates the account with the password rules, stores the session as sign-in does, and opens the dashboard on the organization", async () => {
    const grant = {
      session_id: "sess_new",
      user: { ...TEST_USER, id: "user_grace", email: "grace@example.com", name: "Grace" },
      organization_id: "org_2",
    };
    const calls = stubApi(
      previewRoute(preview()),
      on("POST", "/v1/invitations/register", { status: 201, body: grant }),
      ...alsoBeta(),
    );
    renderInvite();
    const form = await screen.findByRole("form", { name: INVITE.register });
    await userEvent.type(within(form).getByLabelText(INVITE.name), "Grace");
    await userEvent.type(within(form).getByLabelText(INVITE.password), "short");
    await userEvent.type(within(form).getByLabelText(INVITE.confirmPassword), "short");
    await userEvent.click(within(form).getByRole("button", { name: INVITE.register }));
    // The settings' password rules, checked before any call.
    expect(within(form).getByRole("alert").textContent).toBe(ACCOUNT.passwordTooShort);
    expect(posts(calls, "/v1/invitations/register")).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(INVITE.password));
    await userEvent.type(within(form).getByLabelText(INVITE.password), "correct horse battery");
    await userEvent.clear(within(form).getByLabelText(INVITE.confirmPassword));
    await userEvent.type(within(form).getByLabelText(INVITE.confirmPassword), "correct horse battery");
    await userEvent.click(within(form).getByRole("button", { name: INVITE.register }));
    await waitFor(() => expect(location()).toMatch(/^\/(dashboard|getting-started)$/));
    expect(posts(calls, "/v1/invitations/register").map((c) => c.body)).toEqual([
      { token: TOKEN, password: "correct horse battery", name: "Grace" },
    ]);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null")).toBe("sess_new");
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? "null").email).toBe("grace@example.com");
    await waitFor(() => expect(localStorage.getItem("merchant_currentOrganizationId")).toBe('"org_2"'));
    expect(localStorage.getItem("merchant_currentWorkspaceId")).toBe('"ws_2"');
  });

  it("an address with an account: 'Sign in as …' opens sign-in with it filled in, then the page offers Accept", async () => {
    const calls = stubApi(
      previewRoute(preview({ account_exists: true })),
      on("POST", "/v1/auth/login", {
        body: { session_id: "sess_grace", user: { ...TEST_USER, email: "grace@example.com" } },
      }),
      on("POST", "/v1/invitations/accept", { body: { organization_id: "org_1" } }),
      ...oneWorkspace("developer"),
    );
    renderInvite();
    expect(screen.queryByRole("form", { name: INVITE.register })).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: INVITE.signIn("grace@example.com") }));
    const dialog = await screen.findByRole("dialog", { name: AUTH.signIn });
    expect((within(dialog).getByLabelText(AUTH.email) as HTMLInputElement).value).toBe("grace@example.com");
    await userEvent.type(within(dialog).getByLabelText(AUTH.password), "correct horse battery");
    await userEvent.click(within(dialog).getByRole("button", { name: AUTH.signIn }));
    // Signed in (the account's organizations are read), and still on the invitation: the token is
    // kept in memory, not in the address, so leaving the page would lose it.
    await waitFor(() => expect(localStorage.getItem("merchant_currentWorkspaceId")).toBe('"ws_1"'));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText(INVITE.signedInAs("grace@example.com"))).toBeTruthy();
    expect(location()).toBe("/invite");
    const accept = screen.getByRole("button", { name: INVITE.accept });
    await userEvent.click(accept);
    await waitFor(() => expect(location()).toMatch(/^\/(dashboard|getting-started)$/));
    const accepted = posts(calls, "/v1/invitations/accept");
    expect(accepted.map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(accepted[0]?.headers.authorization).toBe("Bearer sess_grace");
  });

  it("signed in: Accept joins, the organizations are read again and the dashboard opens on the new one", async () => {
    let joined = false;
    const acmeOnly = {
      id: "org_1",
      object: "organization",
      name: "Acme",
      slug: "acme",
      description: null,
      user_count: 1,
      workspace_count: 1,
      role: "owner",
      created_at: 0,
    };
    const calls = stubApi(
      previewRoute(preview({ account_exists: true, email: TEST_USER.email ?? "" })),
      on("POST", "/v1/invitations/accept", () => {
        joined = true;
        return { body: { organization_id: "org_2" } };
      }),
      // Before joining, the account knows Acme only.
      (call) => (joined ? undefined : on("GET", "/v1/organizations", { body: { data: [acmeOnly] } })(call)),
      ...alsoBeta(),
    );
    renderInvite({ signedIn: true });
    expect(await screen.findByText(INVITE.signedInAs(TEST_USER.email ?? ""))).toBeTruthy();
    const reads = () => calls.filter((c) => c.path === "/v1/organizations").length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    await userEvent.click(await screen.findByRole("button", { name: INVITE.accept }));
    await waitFor(() => expect(location()).toMatch(/^\/(dashboard|getting-started)$/));
    expect(reads()).toBeGreaterThan(before);
    expect(posts(calls, "/v1/invitations/accept")[0]?.headers.authorization).toBe("Bearer sess_test");
    await waitFor(() => expect(localStorage.getItem("merchant_currentOrganizationId")).toBe('"org_2"'));
    expect(localStorage.getItem("merchant_currentWorkspaceId")).toBe('"ws_2"');
  });

  it("signed in with another address: shows the server's message and offers to sign out, then to create the invited account", async () => {
    const message = ERRORS.invitation_email_mismatch.message;
    const calls = stubApi(
      previewRoute(preview()),
      on("POST", "/v1/invitations/accept", apiError(403, "invitation_email_mismatch", message)),
      on("POST", "/v1/auth/logout", { body: { ok: true } }),
      ...oneWorkspace(),
    );
    renderInvite({ signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: INVITE.accept }));
    expect(await screen.findByText(INVITE.failed(message))).toBeTruthy();
    expect(location()).toBe("/invite");
    await userEvent.click(screen.getByRole("button", { name: INVITE.signOut }));
    expect(await screen.findByRole("form", { name: INVITE.register })).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(posts(calls, "/v1/auth/logout")).toHaveLength(1);
  });

  it("an unknown, expired, revoked or used token: says so, with no form to fill", async () => {
    stubApi(
      on(
        "POST",
        "/v1/invitations/preview",
        apiError(404, "invitation_invalid", ERRORS.invitation_invalid.message),
      ),
    );
    renderInvite();
    const invalid = await screen.findByTestId("invite-invalid");
    expect(within(invalid).getByText(ERRORS.invitation_invalid.message)).toBeTruthy();
    expect(within(invalid).getByText(INVITE.invalidHint)).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByRole("button", { name: INVITE.accept })).toBeNull();
    expect(location()).toBe("/invite");
  });

  it("without a token: explains where the link comes from and asks the server nothing", async () => {
    const calls = stubApi();
    renderInvite({ hash: "" });
    expect(await screen.findByText(INVITE.noToken)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("renders a hostile organization, inviter and address as text, whatever their length", async () => {
    const script = "<script>window.pwned=1</script>";
    const long = "W".repeat(300);
    stubApi(
      previewRoute(preview({ organization_name: script, inviter: long, email: `${long}@example.com` })),
    );
    renderInvite();
    const card = await screen.findByTestId("invitation");
    expect(within(card).getByRole("heading").textContent).toBe(INVITE.heading(script));
    expect(within(card).getByText(INVITE.invitedBy(long, script, "Developer"))).toBeTruthy();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });
});
