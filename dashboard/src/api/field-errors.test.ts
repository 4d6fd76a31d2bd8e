import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { fieldErrorOf, plainValidationText } from "./field-errors.ts";

const invalid = (message: string, param: string) =>
  new SPayError(message, { code: "parameter_invalid", status: 400, param });

describe("server validation errors in plain words", () => {
  it.each([
    ["Invalid slug: Too big: expected string to have <=48 characters", "Use at most 48 characters"],
    [
      "Invalid description: Too big: expected string to have <=1000 characters",
      "Use at most 1,000 characters",
    ],
    ["Invalid slug: Too small: expected string to have >=3 characters", "Use at least 3 characters"],
    ["Invalid name: Too small: expected string to have >=1 characters", "This field is required"],
    ["Invalid website: Invalid URL", "Enter a full web address starting with https://"],
    ["Invalid price_minor: Too small: expected number to be >=0", "Enter 0 or more"],
    ["Invalid price_minor: Too big: expected number to be <=99999999", "Enter 99,999,999 or less"],
    ["Invalid stock: Invalid input: expected int, received number", "Enter a whole number"],
    [
      "Invalid slug: use lowercase letters, digits and single hyphens",
      "Use lowercase letters, digits and single hyphens",
    ],
    ['Invalid view_type: Invalid option: expected one of "card"|"button"', "Choose one of the options"],
    ["Invalid x: Invalid string: must match pattern /^a$/", "This value is not in the expected format"],
  ])("%s → %s", (raw, plain) => {
    expect(plainValidationText(raw)).toBe(plain);
  });

  it("never lets validator text through", () => {
    for (const raw of [
      "Invalid q: Something <=5 odd",
      'Invalid q: expected "x"',
      "Invalid q: Invalid input",
    ]) {
      const text = plainValidationText(raw);
      expect(text).not.toMatch(/<=|>=|expected|Invalid \w+:/);
    }
  });

  it("keeps the field the server named, and uses plain words for every kind of failure", () => {
    expect(
      fieldErrorOf(
        invalid("Invalid description: Too big: expected string to have <=1000 characters", "description"),
      ),
    ).toEqual({
      param: "description",
      message: "Use at most 1,000 characters",
    });
    expect(
      fieldErrorOf(
        new SPayError("Missing required param: name", {
          code: "parameter_missing",
          status: 400,
          param: "name",
        }),
      ),
    ).toEqual({ param: "name", message: "This field is required" });
    expect(
      fieldErrorOf(new SPayError("x", { code: "product_price_required", status: 400, param: "price_minor" }))
        .message,
    ).toBe("A product sold through an active payment link needs a price above $0");
    expect(fieldErrorOf(new SPayError("boom", { code: "internal_error", status: 500 })).message).toBe(
      "Something went wrong on our side. Please try again.",
    );
    expect(fieldErrorOf(SPayError.network(new TypeError("Failed to fetch"))).message).toBe(
      "Could not reach sPay. Check your connection and try again.",
    );
    expect(
      fieldErrorOf(new SPayError("x", { code: "slug_taken", status: 409, param: "slug" }), {
        slug_taken: "Taken",
      }),
    ).toEqual({ param: "slug", message: "Taken" });
  });

  it("a weak password keeps the server's reason (the estimator's advice); anything else there reads the catalogue", () => {
    const weak = (message: string) =>
      fieldErrorOf(new SPayError(message, { code: "password_too_weak", status: 400, param: "new_password" }));
    const reason =
      "This password is too easy to guess. This is a top-10 common password. Add another word or two.";
    expect(weak(reason)).toEqual({ param: "new_password", message: reason });
    expect(weak("zxcvbn: score 0 < 3").message).toBe(
      "This password is too easy to guess; choose a longer or less common one",
    );
  });

  it("a key that cannot be rolled reads the catalogue's words", () => {
    expect(fieldErrorOf(new SPayError("raw", { code: "api_key_already_rolled", status: 409 })).message).toBe(
      "This API key was already rolled; roll the key that replaced it",
    );
  });
});
