import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { CheckoutPricingSection } from "./CheckoutPricingSection.tsx";
import { SETTINGS } from "./messages.ts";

describe("Settings → Checkout pricing: amounts of their own from the browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("turns it on and off; the saved workspace is what the switch shows", async () => {
    const calls = stubApi(
      ...oneWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1", (call) => ({
        body: { id: "ws_1", ...(call.body as { allow_browser_amounts: boolean }) },
      })),
    );
    renderApp(<CheckoutPricingSection />, { signedIn: true });
    const toggle = await screen.findByRole("switch", { name: SETTINGS.browserAmounts });
    expect(screen.getByTestId("browser-amounts-state").textContent).toBe(SETTINGS.browserAmountsOff);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId("browser-amounts-state").textContent).toBe(SETTINGS.browserAmountsOn),
    );
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId("browser-amounts-state").textContent).toBe(SETTINGS.browserAmountsOff),
    );
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { allow_browser_amounts: true },
      { allow_browser_amounts: false },
    ]);
  });

  it("a refused change says why and leaves the setting as it was", async () => {
    stubApi(
      ...oneWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1", () => apiError(403, "forbidden", "Only members may change this")),
    );
    renderApp(<CheckoutPricingSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("switch", { name: SETTINGS.browserAmounts }));
    expect((await screen.findByRole("alert")).textContent).toContain("Only members may change this");
    expect(screen.getByTestId("browser-amounts-state").textContent).toBe(SETTINGS.browserAmountsOff);
  });
});
