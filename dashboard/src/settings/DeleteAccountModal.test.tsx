import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { DeleteAccountModal } from "./DeleteAccountModal.tsx";

describe("Delete Account (SPEC.md §4, §5, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for exactly DELETE before calling the server", async () => {
    const calls = stubApi(...oneWorkspace());
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "Delete");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    expect(screen.getByText('Please type exactly "DELETE" to proceed')).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/merchants/delete")).toBe(false);
  });

  it("deletes by email and clears the local session and merchant data", async () => {
    const calls = stubApi(
      ...oneWorkspace(),
      on("DELETE", "/api/merchants/delete", { body: { deleted: true } }),
    );
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    await vi.waitFor(() => expect(localStorage.getItem("spay_session_token")).toBeNull());
    expect(calls.find((c) => c.path === "/api/merchants/delete")?.body).toEqual({
      email: "merchant@example.com",
    });
    expect(Object.keys(localStorage).filter((k) => k.startsWith("merchant_"))).toEqual([]);
  });

  it("shows 'Failed to delete account: {message}' when the server refuses", async () => {
    stubApi(
      ...oneWorkspace(),
      on("DELETE", "/api/merchants/delete", apiError(404, "resource_missing", "No such account")),
    );
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    expect(await screen.findByText("Failed to delete account: No such account")).toBeTruthy();
  });
});
