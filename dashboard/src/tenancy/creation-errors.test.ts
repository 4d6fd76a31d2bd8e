import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { creationError, creationErrorMessage } from "./creation-errors.ts";

describe("creation messages (SPEC.md §8)", () => {
  const taken = new SPayError("This slug is already taken", { code: "slug_taken", status: 409 });

  it("explains a taken organization slug", () => {
    expect(creationErrorMessage(taken, "organization")).toBe(
      "Organization slug is already taken. Please choose a different one.",
    );
  });

  it("explains a taken workspace slug within the organization", () => {
    expect(creationErrorMessage(taken, "workspace")).toBe(
      "Workspace slug is already taken within this organization. Please choose a different one.",
    );
  });

  it("never shows validator text: a too-long slug reads in plain words, on the slug field", () => {
    const tooLong = new SPayError("Invalid slug: Too big: expected string to have <=48 characters", {
      code: "parameter_invalid",
      status: 400,
      param: "slug",
    });
    expect(creationError(tooLong, "organization")).toEqual({
      field: "slug",
      message: "Slug: Use at most 48 characters",
    });
    expect(creationErrorMessage(tooLong, "workspace")).not.toMatch(/Too big|expected|Invalid slug/);
  });

  it("names the detail of other failures", () => {
    const other = new SPayError("A parameter is invalid", { code: "parameter_invalid", status: 400 });
    expect(creationErrorMessage(other, "organization")).toBe(
      "Failed to create organization: This value is not valid",
    );
    expect(creationErrorMessage(other, "workspace")).toBe(
      "Failed to create workspace: This value is not valid",
    );
    expect(creationErrorMessage("?", "workspace")).toBe(
      "Failed to create organization and workspace. Please try again.",
    );
  });
});
