import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { NewsletterForm } from "./NewsletterForm.tsx";

describe("newsletter signup (SPEC.md §2, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("goes idle → 'Signing up...' → 'Signed up!' with the form disabled and a thank-you", async () => {
    const calls = stubApi(
      on("POST", "/v1/email-signups", { status: 201, body: { id: "sig_1" }, delayMs: 30 }),
    );
    render(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText("Email address"), "fan@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(screen.getByRole("button", { name: "Signing up..." })).toBeTruthy();
    const done = await screen.findByRole("button", { name: "Signed up!" });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText("Email address") as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Thank you for signing up/)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: "fan@example.com", source: "landing_page" });
  });

  it("names an email already signed up", async () => {
    stubApi(on("POST", "/v1/email-signups", apiError(409, "email_already_exists")));
    render(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText("Email address"), "fan@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("This email is already signed up for updates")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Sign Up" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("answers any other failure with 'Signup failed. Please try again.'", async () => {
    stubApi(on("POST", "/v1/email-signups", "network-error"));
    render(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText("Email address"), "fan@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Signup failed. Please try again.")).toBeTruthy();
  });
});
