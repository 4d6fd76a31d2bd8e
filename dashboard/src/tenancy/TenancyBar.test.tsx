import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { EnvironmentsProvider } from "./environments.tsx";
import { TenancyBar } from "./TenancyBar.tsx";

const emptyOrg = {
  id: "org_2",
  name: "Empty Org",
  slug: "empty-org",
  description: null,
  user_count: 1,
  workspace_count: 0,
  role: "owner",
  created_at: 0,
};
const acme = { ...emptyOrg, id: "org_1", name: "Acme", slug: "acme", workspace_count: 1 };

describe("header tenancy switchers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps every switcher and offers 'Create workspace' after choosing an organization without a workspace", async () => {
    stubApi(
      on("GET", "/v1/organizations", { body: { data: [acme, emptyOrg] } }),
      on("GET", "/v1/organizations/org_2/workspaces", { body: { data: [] } }),
      on("GET", "/v1/environments", { body: { data: [] } }),
      ...oneWorkspace(),
    );
    renderApp(
      <EnvironmentsProvider>
        <TenancyBar />
      </EnvironmentsProvider>,
      { signedIn: true },
    );
    const orgs = await screen.findByTestId("organization-selector");
    await userEvent.click(within(orgs).getByRole("button", { name: /Organization/ }));
    await userEvent.click(screen.getByRole("button", { name: /Empty Org/ }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Create workspace" })).toBeTruthy());
    expect(screen.getByTestId("organization-selector").textContent).toContain("Empty Org");
    expect(screen.getByTestId("workspace-selector").textContent).toContain("No workspace");
    expect(screen.getByTestId("environment-switcher")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    expect(screen.getByRole("dialog", { name: "Create New Workspace" })).toBeTruthy();
  });

  it("keeps a long organization name on one line, truncated, with the full name on hover", async () => {
    const long = `Acme ${"Incorporated".repeat(20)}`;
    stubApi(
      on("GET", "/v1/organizations", { body: { data: [{ ...acme, name: long }] } }),
      on("GET", "/v1/environments", { body: { data: [] } }),
      ...oneWorkspace(),
    );
    renderApp(
      <EnvironmentsProvider>
        <TenancyBar />
      </EnvironmentsProvider>,
      { signedIn: true },
    );
    const orgs = await screen.findByTestId("organization-selector");
    const chip = await within(orgs).findByTitle(long);
    expect(chip.className).toContain("truncate");
    expect(chip.textContent).toBe(long);
  });
});
