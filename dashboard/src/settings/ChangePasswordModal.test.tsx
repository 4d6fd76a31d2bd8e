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
});
