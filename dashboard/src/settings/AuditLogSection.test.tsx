import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../api/audit-log.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { AuditLogSection } from "./AuditLogSection.tsx";

const entry = (id: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  object: "audit_entry",
  action: "api_key.created",
  actor: { type: "user", id: "user_other" },
  workspace_id: "ws_1",
  organization_id: "org_1",
  object_type: "api_key",
  object_id: `key_${id}`,
  ip: "2001:db8:85a3::8a2e:370:7334",
  details: {},
  created_at: 1_790_000_000,
  ...overrides,
});

describe("Settings → Audit log", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists time, action label, actor, IP and object in an accessible table, and loads more", async () => {
    const calls = stubApi(
      ...oneWorkspace(),
      on("GET", "/v1/audit_log", (call) =>
        call.path.includes("starting_after=audit_2")
          ? {
              body: {
                object: "list",
                data: [entry("audit_3", { action: "api_key.revoked" })],
                has_more: false,
              },
            }
          : {
              body: {
                object: "list",
                data: [
                  entry("audit_1", {
                    action: "user.signed_in",
                    actor: { type: "user", id: "user_test" },
                    object_type: "user",
                    object_id: "user_test",
                    details: { method: "wallet" },
                  }),
                  entry("audit_2", { actor: { type: "api_key", id: "key_9" } }),
                ],
                has_more: true,
              },
            },
      ),
    );
    renderApp(<AuditLogSection />, { signedIn: true });
    const table = await screen.findByRole("table", { name: "Audit log" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Time", "Action", "Actor", "IP address", "Object"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]?.textContent).toContain("Signed in via wallet");
    expect(within(rows[0] as HTMLElement).getAllByRole("cell")[2]?.textContent).toBe("You");
    expect(rows[1]?.textContent).toContain("API key created");
    expect(rows[1]?.textContent).toContain("API key key_9");
    expect(rows[1]?.textContent).toContain("2001:db8:85a3::8a2e:370:7334");
    expect(calls.find((c) => c.path.startsWith("/v1/audit_log"))?.headers["x-workspace-id"]).toBe("ws_1");

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(table).findByText("API key revoked")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says so when nothing is recorded", async () => {
    stubApi(
      ...oneWorkspace(),
      on("GET", "/v1/audit_log", { body: { object: "list", data: [], has_more: false } }),
    );
    renderApp(<AuditLogSection />, { signedIn: true });
    expect(await screen.findByText("Nothing recorded yet.")).toBeTruthy();
  });

  it("shows the server's refusal instead of an empty table", async () => {
    stubApi(
      ...oneWorkspace(),
      on("GET", "/v1/audit_log", apiError(503, "database_unavailable", "Try again")),
    );
    renderApp(<AuditLogSection />, { signedIn: true });
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load the audit log: Try again");
    expect(screen.queryByRole("table")).toBeNull();
  });
});
