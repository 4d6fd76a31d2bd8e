import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { MAIL } from "./messages.ts";
import { PaymentNotificationsSection } from "./PaymentNotificationsSection.tsx";

const saved = (email: string | null) => ({ body: { id: "ws_1", notify_on_payment_email: email } });

describe("Settings → Mail: an email to the merchant on every settled payment", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("saves the address (trimmed), shows it on, and turns it off again", async () => {
    const calls = stubApi(
      ...oneWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1", (call) =>
        saved((call.body as { notify_on_payment_email: string | null }).notify_on_payment_email),
      ),
    );
    renderApp(<PaymentNotificationsSection />, { signedIn: true });
    const input = await screen.findByLabelText(MAIL.notifyLabel);
    expect(screen.getByRole("status").textContent).toBe(MAIL.notifyIsOff);
    await userEvent.type(input, "  owner@shop.example ");
    await userEvent.click(screen.getByRole("button", { name: MAIL.notifySave }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(MAIL.notifyOn("owner@shop.example")),
    );
    await userEvent.click(screen.getByRole("button", { name: MAIL.notifyOff }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(MAIL.notifyIsOff));
    const writes = calls.filter((c) => c.method === "PATCH").map((c) => c.body);
    expect(writes).toEqual([
      { notify_on_payment_email: "owner@shop.example" },
      { notify_on_payment_email: null },
    ]);
  });

  it("an address the server refuses is shown beside the field in plain words, and nothing is turned on", async () => {
    stubApi(
      ...oneWorkspace(),
      on("PATCH", "/v1/workspaces/ws_1", () => ({
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "parameter_invalid",
            param: "notify_on_payment_email",
            message: "Invalid email address: z.email()",
            request_id: "req_test",
          },
        },
      })),
    );
    renderApp(<PaymentNotificationsSection />, { signedIn: true });
    await userEvent.type(await screen.findByLabelText(MAIL.notifyLabel), "not an email");
    await userEvent.click(screen.getByRole("button", { name: MAIL.notifySave }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).not.toMatch(/z\.email|Invalid email address:/);
    expect(screen.getByLabelText(MAIL.notifyLabel).getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByLabelText(MAIL.notifyLabel) as HTMLInputElement).value).toBe("not an email");
    expect(screen.getByRole("status").textContent).toBe(MAIL.notifyIsOff);
  });
});
