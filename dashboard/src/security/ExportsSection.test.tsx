import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataExport } from "../api/types.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ExportsSection } from "./ExportsSection.tsx";
import { dateInputValue, defaultExportRange, exportRange, MAX_EXPORT_DAYS } from "./export-rules.ts";
import { EXPORTS } from "./messages.ts";

afterEach(() => vi.unstubAllGlobals());

function dataExport(
  id: string,
  status: DataExport["status"],
  overrides: Partial<DataExport> = {},
): DataExport {
  return {
    id,
    object: "export",
    status,
    environment_id: null,
    from: 1_767_225_600,
    to: 1_769_903_999,
    created_at: 1_769_904_000,
    completed_at: status === "ready" ? 1_769_904_060 : null,
    row_counts:
      status === "ready" ? { payments: 1_204, refunds: 3, customers: 1, events: 2_410, audit_log: 12 } : null,
    download_url: status === "ready" ? `https://gateway.example/v1/exports/${id}/download?token=t` : null,
    expires_at: 1_770_508_860,
    ...overrides,
  };
}

describe("export ranges", () => {
  it("asks for the picked days whole, in local time", () => {
    const range = exportRange("2026-01-01", "2026-01-31");
    expect(range).toEqual({
      ok: true,
      from: new Date(2026, 0, 1).getTime() / 1000,
      to: new Date(2026, 1, 1).getTime() / 1000 - 1,
    });
  });
  it("refuses a range that ends before it starts, or is longer than the server takes", () => {
    expect(exportRange("2026-02-01", "2026-01-31")).toEqual({ ok: false, error: EXPORTS.rangeBackwards });
    expect(exportRange("2025-01-01", "2026-01-02")).toEqual({
      ok: false,
      error: EXPORTS.rangeTooLong(MAX_EXPORT_DAYS),
    });
    expect(exportRange("2025-01-02", "2026-01-02").ok).toBe(true);
    expect(exportRange("", "2026-01-02")).toEqual({ ok: false, error: EXPORTS.rangeRequired });
  });
  it("offers the last 30 days, today included", () => {
    expect(defaultExportRange(new Date(2026, 2, 10))).toEqual({ from: "2026-02-09", to: "2026-03-10" });
    expect(dateInputValue(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
});

describe("Settings → Data exports", () => {
  it("requests an export of the chosen range and lists it, building, then ready with its download link", async () => {
    let list: DataExport[] = [dataExport("exp_old", "expired")];
    const calls = stubApi(
      on("GET", "/v1/exports", () => ({ body: { object: "list", data: list, has_more: false } })),
      on("POST", "/v1/exports", () => {
        const created = dataExport("exp_new", "pending");
        list = [created, ...list];
        return { status: 202, body: created };
      }),
      ...oneWorkspace("owner"),
    );
    renderApp(<ExportsSection />, { signedIn: true });
    expect(await screen.findByTestId("export-exp_old")).toBeTruthy();
    const from = screen.getByLabelText(EXPORTS.from);
    const to = screen.getByLabelText(EXPORTS.to);
    await userEvent.clear(from);
    await userEvent.type(from, "2026-01-01");
    await userEvent.clear(to);
    await userEvent.type(to, "2026-01-31");
    await userEvent.click(screen.getByRole("button", { name: EXPORTS.request }));
    expect(await screen.findByText(EXPORTS.requested)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      from: new Date(2026, 0, 1).getTime() / 1000,
      to: new Date(2026, 1, 1).getTime() / 1000 - 1,
    });
    expect(post?.headers["x-workspace-id"]).toBe("ws_1");
    const row = await screen.findByTestId("export-exp_new");
    expect(within(row).getByText(EXPORTS.status.pending)).toBeTruthy();
    expect(within(row).queryByRole("link")).toBeNull();

    // Built in the background: the list is read again until it is ready.
    list = [dataExport("exp_new", "ready"), ...list.slice(1)];
    const link = await within(await screen.findByTestId("export-exp_new")).findByRole(
      "link",
      {},
      { timeout: 8_000 },
    );
    expect(link.getAttribute("href")).toBe("https://gateway.example/v1/exports/exp_new/download?token=t");
    expect(link.getAttribute("aria-label")).toMatch(/^Download the export of /);
    expect(within(screen.getByTestId("export-exp_new")).getByText(EXPORTS.status.ready)).toBeTruthy();
  }, 15_000);

  it("checks the range before asking, and shows the server's refusal", async () => {
    const calls = stubApi(
      on("GET", "/v1/exports", { body: { object: "list", data: [], has_more: false } }),
      on("POST", "/v1/exports", apiError(409, "exports_in_progress", "Five exports are being built")),
      ...oneWorkspace("admin"),
    );
    renderApp(<ExportsSection />, { signedIn: true });
    expect(await screen.findByText(EXPORTS.none)).toBeTruthy();
    const from = screen.getByLabelText(EXPORTS.from);
    await userEvent.clear(from);
    await userEvent.type(from, "2099-01-01");
    await userEvent.click(screen.getByRole("button", { name: EXPORTS.request }));
    expect(screen.getByRole("alert").textContent).toBe(EXPORTS.rangeBackwards);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.clear(from);
    await userEvent.type(from, "2026-01-01");
    const to = screen.getByLabelText(EXPORTS.to);
    await userEvent.clear(to);
    await userEvent.type(to, "2026-01-02");
    await userEvent.click(screen.getByRole("button", { name: EXPORTS.request }));
    expect(await screen.findByText(/^Could not request the export: /)).toBeTruthy();
  });

  it("is not offered to a developer, and their role note says whose it is", async () => {
    const calls = stubApi(...oneWorkspace("developer"));
    renderApp(<ExportsSection />, { signedIn: true });
    expect(await screen.findByTestId("role-note-exports.create")).toBeTruthy();
    expect(screen.queryByRole("button", { name: EXPORTS.request })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/v1/exports"))).toBe(false);
  });
});
