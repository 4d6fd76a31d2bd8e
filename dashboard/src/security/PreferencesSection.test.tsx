import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Preferences } from "../api/types.ts";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { securityServer } from "../testing/security-stub.ts";
import { PREFERENCES } from "./messages.ts";
import { PreferencesSection } from "./PreferencesSection.tsx";

afterEach(() => vi.unstubAllGlobals());

const toggle = (name: keyof Preferences) =>
  screen.getByRole("switch", { name: PREFERENCES.names[name].label }) as HTMLInputElement;

describe("Settings → Email preferences", () => {
  it("shows the four switches with their help texts, as the server has them", async () => {
    stubApi(...securityServer().routes, ...oneWorkspace());
    renderApp(<PreferencesSection />, { signedIn: true });
    await screen.findByRole("switch", { name: PREFERENCES.names.security_alerts.label });
    expect(
      (Object.keys(PREFERENCES.names) as (keyof Preferences)[]).map((n) => [n, toggle(n).checked]),
    ).toEqual([
      ["payment_notifications", false],
      ["refund_notifications", false],
      ["team_notifications", true],
      ["security_alerts", true],
    ]);
    const hint = document.getElementById(
      toggle("refund_notifications").getAttribute("aria-describedby") ?? "",
    );
    expect(hint?.textContent).toBe(PREFERENCES.names.refund_notifications.hint);
  });

  it("saves a switch at once: shown on before the server answers, then announced", async () => {
    const server = securityServer();
    const calls = stubApi(
      on("PATCH", "/v1/auth/preferences", (call) => {
        Object.assign(server.state.preferences, call.body);
        return { body: server.state.preferences, delayMs: 200 };
      }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<PreferencesSection />, { signedIn: true });
    await screen.findByRole("switch", { name: PREFERENCES.names.payment_notifications.label });
    await userEvent.click(toggle("payment_notifications"));
    // Optimistic: on before the answer.
    expect(toggle("payment_notifications").checked).toBe(true);
    expect(screen.getByTestId("preferences-news").textContent).toBe("");
    expect(await screen.findByText(PREFERENCES.saved("Payment notifications", true))).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { payment_notifications: true },
    ]);
    expect(toggle("payment_notifications").checked).toBe(true);
    expect(document.activeElement).toBe(toggle("payment_notifications"));
  });

  it("puts the switch back and says why when the server refuses", async () => {
    const server = securityServer();
    stubApi(
      on("PATCH", "/v1/auth/preferences", {
        status: 500,
        body: { error: { type: "api_error", code: "api_error", message: "boom", request_id: "req_test" } },
        delayMs: 100,
      }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<PreferencesSection />, { signedIn: true });
    await screen.findByRole("switch", { name: PREFERENCES.names.security_alerts.label });
    await userEvent.click(toggle("security_alerts"));
    expect(toggle("security_alerts").checked).toBe(false);
    const alert = await screen.findByText(/^Could not save Security alerts: /);
    expect(alert.getAttribute("role")).toBe("alert");
    expect(toggle("security_alerts").checked).toBe(true);
    // The other switches were not touched by the refusal.
    expect(toggle("team_notifications").checked).toBe(true);
  });
});
