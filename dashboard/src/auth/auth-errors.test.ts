import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./auth-errors.ts";

const apiError = (code: string, status: number) => new SPayError("server text", { code, status });

describe("auth messages (SPEC.md §8)", () => {
  it("names an email that already has an account", () => {
    expect(authErrorMessage(apiError("email_already_exists", 409))).toBe(
      "An account with this email already exists",
    );
  });
  it("answers wrong credentials with 'Invalid email'", () => {
    expect(authErrorMessage(apiError("invalid_credentials", 401))).toBe("Invalid email");
  });
  it("answers anything else with 'Authentication failed'", () => {
    expect(authErrorMessage(apiError("rate_limited", 429))).toBe("Authentication failed");
    expect(authErrorMessage(new Error("boom"))).toBe("Authentication failed");
  });
});
