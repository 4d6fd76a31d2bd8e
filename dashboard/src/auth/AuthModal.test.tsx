import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, on, stubApi } from "../testing/api-stub.ts";
import { renderApp, TEST_USER } from "../testing/render.tsx";
import { AuthModal } from "./AuthModal.tsx";
import { AUTH, SECOND_FACTOR } from "./messages.ts";
import { passkeyCeremony } from "./passkey-ceremony.ts";

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

describe("sign-in's second step (an account with a second factor)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const challenge = {
    second_factor_required: true,
    challenge_token: "mfa_test",
    methods: ["totp", "recovery_code"],
    expires_at: 4_102_444_800,
  };
  const grant = { user: TEST_USER, session_id: "sess_2fa", expires_at: 0 };

  async function signInWithPassword() {
    const onClose = vi.fn();
    renderApp(<AuthModal initialMode="signin" onClose={onClose} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText(SECOND_FACTOR.codePrompt);
    return onClose;
  }

  it("asks for the authenticator's code, sends it with the challenge, and only then stores the session", async () => {
    const calls = stubApi(
      on("POST", "/v1/auth/login", { body: challenge }),
      on("POST", "/v1/auth/two-factor/verify", { body: grant }),
      on("GET", "/v1/organizations", { body: { data: [] } }),
    );
    const onClose = await signInWithPassword();
    expect(screen.getByRole("dialog", { name: SECOND_FACTOR.title })).toBeTruthy();
    // No session from the password alone.
    expect(localStorage.getItem("spay_session_token")).toBeNull();
    const field = screen.getByLabelText(SECOND_FACTOR.codeLabel);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    await userEvent.type(field, "492 039");
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.verify }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "/v1/auth/two-factor/verify")?.body).toEqual({
      challenge_token: "mfa_test",
      code: "492039",
    });
    expect(localStorage.getItem("spay_session_token")).toBe('"sess_2fa"');
  });

  it("takes a recovery code instead, from the link under the code field", async () => {
    const calls = stubApi(
      on("POST", "/v1/auth/login", { body: challenge }),
      on("POST", "/v1/auth/two-factor/verify", { body: grant }),
      on("GET", "/v1/organizations", { body: { data: [] } }),
    );
    const onClose = await signInWithPassword();
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.useRecovery }));
    const field = screen.getByLabelText(SECOND_FACTOR.recoveryLabel);
    expect(document.activeElement).toBe(field);
    // And back: the link now offers the app again.
    expect(screen.getByRole("button", { name: SECOND_FACTOR.useCode })).toBeTruthy();
    await userEvent.type(field, "abcd-1234");
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.verify }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "/v1/auth/two-factor/verify")?.body).toEqual({
      challenge_token: "mfa_test",
      recovery_code: "abcd-1234",
    });
  });

  it("says a wrong code was wrong and clears it for the next try", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: challenge }),
      on("POST", "/v1/auth/two-factor/verify", apiError(401, "invalid_second_factor_code")),
    );
    await signInWithPassword();
    const field = screen.getByLabelText(SECOND_FACTOR.codeLabel) as HTMLInputElement;
    await userEvent.type(field, "000000");
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.verify }));
    expect(await screen.findByText(SECOND_FACTOR.invalidCode)).toBeTruthy();
    expect(field.value).toBe("");
    expect(document.activeElement).toBe(field);
  });

  it("goes back to the first step when the challenge expired or ran out of attempts", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: challenge }),
      on("POST", "/v1/auth/two-factor/verify", apiError(401, "second_factor_challenge_invalid")),
    );
    await signInWithPassword();
    await userEvent.type(screen.getByLabelText(SECOND_FACTOR.codeLabel), "123456");
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.verify }));
    expect(await screen.findByText(SECOND_FACTOR.challengeExpired)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Sign In" })).toBeTruthy();
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect(password.value).toBe("");
    expect(document.activeElement).toBe(password);
    expect(screen.queryByLabelText(SECOND_FACTOR.codeLabel)).toBeNull();
  });

  it("tells a throttled account how long to wait, from the server's Retry-After", async () => {
    stubApi(
      on("POST", "/v1/auth/login", { body: challenge }),
      on(
        "POST",
        "/v1/auth/two-factor/verify",
        apiError(429, "second_factor_throttled", "Too many", { headers: { "retry-after": "540" } }),
      ),
    );
    await signInWithPassword();
    await userEvent.type(screen.getByLabelText(SECOND_FACTOR.codeLabel), "123456");
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.verify }));
    expect((await screen.findByRole("alert")).textContent).toBe(SECOND_FACTOR.throttled(9));
  });

  it("offers the recovery code alone to an account whose app is gone but codes remain", async () => {
    stubApi(on("POST", "/v1/auth/login", { body: { ...challenge, methods: ["recovery_code"] } }));
    renderApp(<AuthModal initialMode="signin" onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByLabelText(SECOND_FACTOR.recoveryLabel)).toBeTruthy();
    expect(screen.queryByRole("button", { name: SECOND_FACTOR.useCode })).toBeNull();
  });

  it("'Back to sign in' leaves the second step without an error", async () => {
    stubApi(on("POST", "/v1/auth/login", { body: challenge }));
    await signInWithPassword();
    await userEvent.click(screen.getByRole("button", { name: SECOND_FACTOR.startOver }));
    expect(screen.getByRole("dialog", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});

describe("passkeys at sign-in", () => {
  const assertion = {
    id: "cred",
    rawId: "cred",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    clientExtensionResults: {},
  };
  const grant = { user: TEST_USER, session_id: "sess_passkey", expires_at: 0 };

  beforeEach(() => vi.stubGlobal("PublicKeyCredential", class {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("signs in with a passkey alone: options, the browser's answer, the session", async () => {
    vi.spyOn(passkeyCeremony, "answer").mockResolvedValue(assertion as never);
    const calls = stubApi(
      on("POST", "/v1/auth/passkeys/sign-in-options", { body: { challenge: "c" } }),
      on("POST", "/v1/auth/passkeys/sign-in", { body: grant }),
      on("GET", "/v1/organizations", { body: { data: [] } }),
    );
    const onClose = vi.fn();
    renderApp(<AuthModal initialMode="signin" onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: AUTH.withPasskey }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "/v1/auth/passkeys/sign-in")?.body).toEqual({ response: assertion });
    expect(localStorage.getItem("spay_session_token")).toBe('"sess_passkey"');
  });

  it("is not offered on Register, nor by a browser without WebAuthn", () => {
    const first = renderApp(<AuthModal initialMode="register" onClose={() => {}} />);
    expect(screen.queryByRole("button", { name: AUTH.withPasskey })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    renderApp(<AuthModal initialMode="signin" onClose={() => {}} />);
    expect(screen.queryByRole("button", { name: AUTH.withPasskey })).toBeNull();
  });

  it("answers the second step with a passkey when the account has one", async () => {
    vi.spyOn(passkeyCeremony, "answer").mockResolvedValue(assertion as never);
    const calls = stubApi(
      on("POST", "/v1/auth/login", {
        body: {
          second_factor_required: true,
          challenge_token: "mfa_pk",
          methods: ["passkey"],
          expires_at: 1,
        },
      }),
      on("POST", "/v1/auth/two-factor/passkey-options", { body: { challenge: "c2" } }),
      on("POST", "/v1/auth/two-factor/verify", { body: grant }),
      on("GET", "/v1/organizations", { body: { data: [] } }),
    );
    const onClose = vi.fn();
    renderApp(<AuthModal initialMode="signin" onClose={onClose} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const use = await screen.findByRole("button", { name: SECOND_FACTOR.usePasskey });
    expect(document.activeElement).toBe(use);
    await userEvent.click(use);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "/v1/auth/two-factor/passkey-options")?.body).toEqual({
      challenge_token: "mfa_pk",
    });
    expect(calls.find((c) => c.path === "/v1/auth/two-factor/verify")?.body).toEqual({
      challenge_token: "mfa_pk",
      passkey: assertion,
    });
  });
});
