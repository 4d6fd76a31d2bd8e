import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { SETTINGS } from "../settings/messages.ts";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { securityServer } from "../testing/security-stub.ts";
import { EXPORTS, PASSKEYS, PREFERENCES, SESSIONS, TWO_FACTOR } from "./messages.ts";

afterEach(() => vi.unstubAllGlobals());

describe("Settings → Security & Preferences", () => {
  it("offers the password, two-factor authentication, passkeys, sessions, email preferences and exports — nothing 'coming soon'", async () => {
    stubApi(
      on("GET", "/v1/exports", { body: { object: "list", data: [], has_more: false } }),
      on("GET", "/api/environments", { body: { data: [] } }),
      on("GET", "/v1/audit_log", { body: { object: "list", data: [], has_more: false } }),
      ...securityServer().routes,
      ...oneWorkspace("owner"),
    );
    renderApp(<AppRoutes />, { path: "/settings", signedIn: true });
    const security = (await screen.findByRole("heading", { name: SETTINGS.security })).closest(
      "section",
    ) as HTMLElement;
    expect(within(security).getByRole("button", { name: SETTINGS.changePassword })).toBeTruthy();
    expect(await within(security).findByRole("button", { name: TWO_FACTOR.enable })).toBeTruthy();
    expect(within(security).getByRole("heading", { name: PASSKEYS.title })).toBeTruthy();
    expect(await screen.findByTestId("session-sess_here")).toBeTruthy();
    expect(await screen.findByRole("switch", { name: PREFERENCES.names.security_alerts.label })).toBeTruthy();
    expect(await screen.findByRole("button", { name: EXPORTS.request })).toBeTruthy();
    expect(screen.getByRole("heading", { name: SESSIONS.title })).toBeTruthy();
    expect(screen.queryByText("Coming soon")).toBeNull();
    expect(
      screen
        .queryAllByRole("button")
        .filter(
          (b) => (b as HTMLButtonElement).disabled && /2FA|Export|Preferences/.test(b.textContent ?? ""),
        ),
    ).toEqual([]);
  });
});
