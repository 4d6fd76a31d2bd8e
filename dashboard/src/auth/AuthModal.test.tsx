import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { renderApp, TEST_USER } from "../testing/render.tsx";
import { AuthModal } from "./AuthModal.tsx";

describe("auth modal (SPEC.md §2, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("toggles between Register and Sign In with SPEC.md's switch texts", async () => {
    renderApp(<AuthModal initialMode="register" onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Register" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    expect(screen.getByRole("dialog", { name: "Sign In" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole("dialog", { name: "Register" })).toBeTruthy();
  });

  it("has a required email input of email type", () => {
    renderApp(<AuthModal initialMode="signin" onClose={() => {}} />);
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect([email.type, email.required]).toEqual(["email", true]);
  });

  it("registers with the name taken from the email and stores the session", async () => {
    const calls = stubApi(
      on("POST", "/v1/auth/register", {
        status: 201,
        body: { user: TEST_USER, session_id: "sess_1", expires_at: 0 },
      }),
      on("GET", "/v1/organizations", { body: { data: [] } }),
    );
    const onClose = vi.fn();
    renderApp(<AuthModal initialMode="register" onClose={onClose} />);
    await userEvent.type(screen.getByLabelText("Email"), "jane.doe@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      email: "jane.doe@example.com",
      password: "correct horse battery",
      name: "jane.doe",
    });
    expect(localStorage.getItem("spay_session_token")).toBe('"sess_1"');
  });

  it.each([
    ["email_already_exists", 409, "An account with this email already exists"],
    ["invalid_credentials", 401, "Invalid email or password"],
    ["rate_limited", 429, "Authentication failed"],
  ])("shows %s as '%s'", async (code, status, text) => {
    stubApi(on("POST", "/v1/auth/login", apiError(status, code)));
    renderApp(<AuthModal initialMode="signin" onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "whatever");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("shows why the server refused a weak password on registration", async () => {
    const reason = "This password is too easy to guess. This is a commonly used password.";
    stubApi(on("POST", "/v1/auth/register", apiError(400, "password_too_weak", reason)));
    renderApp(<AuthModal initialMode="register" onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "password123");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect((await screen.findByRole("alert")).textContent).toBe(reason);
  });

  it("closes from the close icon and from a click outside", async () => {
    const onClose = vi.fn();
    renderApp(<AuthModal initialMode="signin" onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await userEvent.click(screen.getByTestId("modal-backdrop"));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
