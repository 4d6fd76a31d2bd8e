import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { TEAM } from "../team/messages.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ENROLLMENT_GATE, REQUIRE_TWO_FACTOR } from "./messages.ts";

afterEach(() => vi.unstubAllGlobals());

const team = [
  on("GET", "/v1/organizations/org_1/members", { body: { object: "list", data: [] } }),
  on("GET", "/v1/organizations/org_1/invitations", { body: { object: "list", data: [] } }),
];

const theSwitch = () => screen.findByRole("switch", { name: REQUIRE_TWO_FACTOR.label });

describe("Team → Require two-factor authentication", () => {
  it("lets an owner turn it on: the organization is saved and the switch says so", async () => {
    const calls = stubApi(
      on("PATCH", "/v1/organizations/org_1", (call) => ({
        body: { id: "org_1", object: "organization", role: "owner", ...(call.body as object) },
      })),
      ...team,
      ...oneWorkspace("owner"),
    );
    renderApp(<AppRoutes />, { path: "/team", signedIn: true });
    const toggle = (await theSwitch()) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByTestId("require-2fa-state").textContent).toBe(REQUIRE_TWO_FACTOR.off);
    await userEvent.click(toggle);
    await vi.waitFor(() =>
      expect(screen.getByTestId("require-2fa-state").textContent).toBe(REQUIRE_TWO_FACTOR.on),
    );
    expect(toggle.checked).toBe(true);
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { require_two_factor: true },
    ]);
  });

  it("shows why an owner without a second factor cannot turn it on, and where to set one up — without leaving the page", async () => {
    stubApi(
      on(
        "PATCH",
        "/v1/organizations/org_1",
        apiError(403, "two_factor_enrollment_required", "requires 2FA", { param: "require_two_factor" }),
      ),
      ...team,
      ...oneWorkspace("owner"),
    );
    renderApp(<AppRoutes />, { path: "/team", signedIn: true });
    await userEvent.click(await theSwitch());
    const alert = await screen.findByText(REQUIRE_TWO_FACTOR.needsYours);
    const box = alert.closest("[role=alert]") as HTMLElement;
    expect(within(box).getByRole("link", { name: REQUIRE_TWO_FACTOR.setUp }).getAttribute("href")).toBe(
      "/settings#security",
    );
    expect(((await theSwitch()) as HTMLInputElement).checked).toBe(false);
    // A navigation would commit after the refusal's render: give it the time to, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still on the team page: this refusal is the switch's, not the enrollment gate's.
    expect(screen.getByRole("heading", { level: 1, name: TEAM.title })).toBeTruthy();
    expect(screen.queryByText(ENROLLMENT_GATE.required)).toBeNull();
  });

  it("shows the rule to a developer without letting them change it", async () => {
    stubApi(...team, ...oneWorkspace("developer"));
    renderApp(<AppRoutes />, { path: "/team", signedIn: true });
    expect(((await theSwitch()) as HTMLInputElement).disabled).toBe(true);
  });
});
