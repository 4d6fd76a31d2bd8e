import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ChangePasswordModal } from "./ChangePasswordModal.tsx";

describe("Change Password", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's reason when the new password is too easy to guess", async () => {
    const reason = "This password is too easy to guess. This is a frequently used password.";
    const calls = stubApi(
      ...oneWorkspace(),
      on("POST", "/v1/auth/password", apiError(400, "password_too_weak", reason)),
    );
    renderApp(<ChangePasswordModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText("Current password"), "correct horse battery");
    await userEvent.type(screen.getByLabelText("New password"), "qwertyuiop");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "qwertyuiop");
    await userEvent.click(screen.getByRole("button", { name: "Change Password" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(reason));
    expect(calls.find((c) => c.path === "/v1/auth/password")?.body).toEqual({
      current_password: "correct horse battery",
      new_password: "qwertyuiop",
    });
  });

  it.each([
    [400, "current_password_incorrect", "raw: bcrypt mismatch", "Current password is incorrect"],
    [
      400,
      "parameter_invalid",
      "Invalid new_password: Too big: expected string to have <=128 characters",
      "Failed to save: Use at most 128 characters",
    ],
    [
      500,
      "internal_error",
      "raw: relation users does not exist",
      "Failed to save: Something went wrong on our side. Please try again.",
    ],
    [
      401,
      "session_invalid",
      "raw: session sess_123 revoked",
      "Failed to save: Session is invalid or has expired",
    ],
  ])("a %i %s reads plain words, never the server's text", async (status, code, raw, shown) => {
    stubApi(...oneWorkspace(), on("POST", "/v1/auth/password", apiError(status, code, raw)));
    renderApp(<ChangePasswordModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText("Current password"), "correct horse battery");
    await userEvent.type(screen.getByLabelText("New password"), "a much longer passphrase");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "a much longer passphrase");
    await userEvent.click(screen.getByRole("button", { name: "Change Password" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(shown));
    expect(document.body.textContent).not.toContain("raw");
    expect(document.body.textContent).not.toContain("expected string");
  });
});
