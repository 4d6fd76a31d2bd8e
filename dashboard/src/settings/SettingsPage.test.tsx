import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { MAIL } from "../mail/messages.ts";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { AUDIT_LOG, SETTINGS } from "./messages.ts";

const environments = on("GET", "/api/environments", {
  body: { data: [{ id: "env_1", name: "Sandbox", type: "sandbox", workspace_id: "ws_1", created_at: 0 }] },
});
const auditLog = on("GET", "/v1/audit_log", { body: { object: "list", data: [], has_more: false } });

describe("Settings by role", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets the owner edit the business profile and read the audit log", async () => {
    const calls = stubApi(environments, auditLog, ...oneWorkspace("owner"));
    renderApp(<AppRoutes />, { path: "/settings", signedIn: true });
    expect(await screen.findByRole("button", { name: "Edit Business name" })).toBeTruthy();
    expect(await screen.findByText(AUDIT_LOG.empty)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/v1/audit_log"))).toBe(true);
    expect(screen.getByRole("button", { name: SETTINGS.manageAll })).toBeTruthy();
    expect(screen.queryByTestId("role-note-settings.write")).toBeNull();
  });

  it("shows support the settings to read: their own account editable, the workspace's not, and no audit log", async () => {
    const calls = stubApi(environments, auditLog, ...oneWorkspace("support"));
    renderApp(<AppRoutes />, { path: "/settings", signedIn: true });
    expect((await screen.findByTestId("role-note-settings.write")).textContent).toBe(
      "Your role is Support. Only an owner or an admin can change the business profile, environments, notifications and workspaces.",
    );
    // Their own name stays theirs to change.
    expect(screen.getByRole("button", { name: "Edit Name" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit Business name" })).toBeNull();
    expect(screen.queryByRole("button", { name: SETTINGS.manageAll })).toBeNull();
    expect(screen.queryByRole("button", { name: SETTINGS.createNew })).toBeNull();
    expect(screen.queryByRole("button", { name: SETTINGS.newWorkspace })).toBeNull();
    expect(screen.queryByRole("link", { name: SETTINGS.manageApiKeys })).toBeNull();
    expect(screen.queryByLabelText(MAIL.notifyLabel)).toBeNull();
    expect((screen.getByRole("switch", { name: SETTINGS.browserAmounts }) as HTMLInputElement).disabled).toBe(
      true,
    );
    const audit = screen.getByRole("heading", { name: AUDIT_LOG.title }).closest("section") as HTMLElement;
    expect(within(audit).getByTestId("role-note-audit_log.read").textContent).toBe(
      "Your role is Support. Only an owner or an admin can read the audit log.",
    );
    expect(calls.some((c) => c.path.startsWith("/v1/audit_log"))).toBe(false);
  });
});
