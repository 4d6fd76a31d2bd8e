import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { authErrorMessage, secondFactorErrorText } from "./auth-errors.ts";
import { SECOND_FACTOR } from "./messages.ts";

const apiError = (code: string, status: number) => new SPayError("server text", { code, status });

describe("auth messages (SPEC.md §8)", () => {
  it("names an email that already has an account", () => {
    expect(authErrorMessage(apiError("email_already_exists", 409))).toBe(
      "An account with this email already exists",
    );
  });
  it("answers wrong credentials with 'Invalid email or password'", () => {
    expect(authErrorMessage(apiError("invalid_credentials", 401))).toBe("Invalid email or password");
  });
  it("shows the server's reason for a weak password", () => {
    const weak = new SPayError("This password is too easy to guess. This is a commonly used password.", {
      code: "password_too_weak",
      status: 400,
    });
    expect(authErrorMessage(weak)).toBe(
      "This password is too easy to guess. This is a commonly used password.",
    );
  });
  it("tells a throttled account to wait", () => {
    expect(authErrorMessage(apiError("sign_in_throttled", 429))).toMatch(/Too many failed sign-in attempts/);
  });
  it("answers anything else with 'Authentication failed'", () => {
    expect(authErrorMessage(apiError("rate_limited", 429))).toBe("Authentication failed");
    expect(authErrorMessage(new Error("boom"))).toBe("Authentication failed");
  });
});

describe("second-factor messages", () => {
  it("words each refusal of a code, a passkey or a challenge", () => {
    expect(secondFactorErrorText(apiError("invalid_second_factor_code", 401))).toBe(
      SECOND_FACTOR.invalidCode,
    );
    expect(secondFactorErrorText(apiError("passkey_invalid", 401))).toBe(SECOND_FACTOR.passkeyInvalid);
    expect(secondFactorErrorText(apiError("second_factor_challenge_invalid", 401))).toBe(
      SECOND_FACTOR.challengeExpired,
    );
  });
  it("asks a throttled account to wait a few minutes when the server named no delay", () => {
    expect(secondFactorErrorText(apiError("second_factor_throttled", 429))).toBe(
      SECOND_FACTOR.throttled(null),
    );
    expect(SECOND_FACTOR.throttled(1)).toBe("Too many wrong codes for this account. Try again in 1 minute.");
  });
});
