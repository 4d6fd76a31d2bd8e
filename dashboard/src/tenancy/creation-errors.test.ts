import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import { creationErrorMessage } from "./creation-errors.ts";

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

  it("names the detail of other failures", () => {
    const other = new SPayError("A parameter is invalid", { code: "parameter_invalid", status: 400 });
    expect(creationErrorMessage(other, "organization")).toBe(
      "Failed to create organization: A parameter is invalid",
    );
    expect(creationErrorMessage(other, "workspace")).toBe(
      "Failed to create workspace: A parameter is invalid",
    );
    expect(creationErrorMessage("?", "workspace")).toBe(
      "Failed to create organization and workspace. Please try again.",
    );
  });
});
