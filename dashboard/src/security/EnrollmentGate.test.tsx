import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { SETTINGS } from "../settings/messages.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { OTPAUTH, RECOVERY, SECRET, securityServer } from "../testing/security-stub.ts";
import { ENROLL, ENROLLMENT_GATE, RECOVERY_CODES, TWO_FACTOR } from "./messages.ts";

afterEach(() => vi.unstubAllGlobals());

const settingsReads = [
  on("GET", "/api/environments", { body: { data: [] } }),
  on("GET", "/v1/audit_log", { body: { object: "list", data: [], has_more: false } }),
];

/**
 * An organization that requires two-factor authentication, as the server refuses its member without
 * one: every call on it answers 403 `two_factor_enrollment_required` until the member enrolls.
 */
function gatedServer() {
  const security = securityServer();
  const gate = { closed: true };
  const routes = [
    on("GET", "/v1/organizations/org_1/workspaces", () =>
      gate.closed ? apiError(403, "two_factor_enrollment_required") : undefined,
    ),
    on("POST", "/v1/auth/two-factor/totp", { body: { otpauth_url: OTPAUTH, secret: SECRET } }),
    on("POST", "/v1/auth/two-factor/totp/confirm", () => {
      gate.closed = false;
      security.state.twoFactor = { totp: { enabled: true, created_at: 1 }, recovery_codes_remaining: 10 };
      return { body: { recovery_codes: RECOVERY } };
    }),
    ...security.routes,
    ...settingsReads,
    ...oneWorkspace(),
  ];
  return { gate, routes };
}

describe("an organization that requires two-factor authentication", () => {
  it("sends a member without it from any screen to Settings → Security, saying why", async () => {
    const { routes } = gatedServer();
    stubApi(...routes);
    renderApp(<AppRoutes />, { path: "/payments", signedIn: true });
    const banner = await screen.findByText(ENROLLMENT_GATE.required);
    expect(screen.getByRole("heading", { level: 1, name: SETTINGS.title })).toBeTruthy();
    expect(banner.getAttribute("role")).toBe("alert");
    expect(document.activeElement).toBe(banner);
    expect(await screen.findByRole("button", { name: TWO_FACTOR.enable })).toBeTruthy();
  });

  it("lets the member in once they set up the authenticator: the banner goes, the organization loads", async () => {
    const { routes } = gatedServer();
    const calls = stubApi(...routes);
    renderApp(<AppRoutes />, { path: "/dashboard", signedIn: true });
    await screen.findByText(ENROLLMENT_GATE.required);
    await userEvent.click(await screen.findByRole("button", { name: TWO_FACTOR.enable }));
    const dialog = await screen.findByRole("dialog", { name: ENROLL.title });
    await userEvent.type(await within(dialog).findByLabelText(ENROLL.codeLabel), "492039");
    await userEvent.click(within(dialog).getByRole("button", { name: ENROLL.confirm }));
    await within(dialog).findByRole("list", { name: RECOVERY_CODES.listLabel });
    expect(screen.queryByText(ENROLLMENT_GATE.required)).toBeNull();
    // The organization's workspaces are read again, now answered.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === "/v1/organizations/org_1/workspaces").length).toBeGreaterThan(1),
    );
    expect(screen.getByRole("heading", { level: 1, name: SETTINGS.title })).toBeTruthy();
  });

  it("does not send anyone anywhere for other refusals", async () => {
    stubApi(
      on("GET", "/v1/organizations/org_1/workspaces", apiError(403, "forbidden")),
      ...securityServer().routes,
      ...oneWorkspace(),
    );
    renderApp(<AppRoutes />, { path: "/team", signedIn: true });
    await vi.waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    // A navigation would commit after the refusal's render: give it the time to, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole("heading", { level: 1, name: SETTINGS.title })).toBeNull();
    expect(screen.queryByText(ENROLLMENT_GATE.required)).toBeNull();
  });
});
