import { SPayError } from "@spay/sdk";
import { describe, expect, it } from "vitest";
import type { Environment } from "../api/types.ts";
import {
  canDelete,
  canRename,
  environmentErrorMessage,
  environmentNameError,
  resolveCurrentEnvironment,
} from "./environment-rules.ts";

const env = (id: string): Environment => ({
  id,
  object: "environment",
  workspace_id: "ws_1",
  name: id,
  type: "sandbox",
  env: "test",
  confirmations_required: 1,
  created_at: 0,
});

describe("environment rules (SPEC.md §5)", () => {
  it("requires a name, trimmed", () => {
    expect(environmentNameError("   ")).toBe("Environment name is required");
    expect(environmentNameError("  staging  ")).toBeNull();
  });

  it("allows at most 50 characters", () => {
    expect(environmentNameError("a".repeat(50))).toBeNull();
    expect(environmentNameError("a".repeat(51))).toBe("Environment name must be at most 50 characters");
  });

  it("allows only letters, digits, hyphen and underscore", () => {
    expect(environmentNameError("eu_west-2")).toBeNull();
    expect(environmentNameError("my env")).toBe(
      "Invalid environment name. Use only letters, numbers, hyphens, and underscores.",
    );
  });

  it("rejects a rename that is empty or unchanged", () => {
    expect(canRename("", "staging")).toBe(false);
    expect(canRename(" staging ", "staging")).toBe(false);
    expect(canRename("qa", "staging")).toBe(true);
  });

  it("disables delete with only one environment or while an action is in flight", () => {
    expect(canDelete(1, false)).toBe(false);
    expect(canDelete(2, true)).toBe(false);
    expect(canDelete(2, false)).toBe(true);
  });

  it("maps the server's environment codes to SPEC.md's texts, naming unknown codes", () => {
    const err = (code: string) => new SPayError("x", { code, status: 409 });
    expect(environmentErrorMessage(err("environment_name_exists"), "create")).toBe(
      "An environment with this name already exists",
    );
    expect(environmentErrorMessage(err("cannot_delete_last_environment"), "other")).toBe(
      "Cannot delete the last environment",
    );
    expect(environmentErrorMessage(err("merchant_principal_required"), "other")).toBe(
      "Authentication required",
    );
    expect(environmentErrorMessage(err("weird"), "create")).toBe("Failed to create environment: weird");
    expect(environmentErrorMessage(err("weird"), "other")).toBe("Operation failed: weird");
  });

  it("makes the first environment current when none or a deleted one was chosen", () => {
    expect(resolveCurrentEnvironment([env("a"), env("b")], "")).toBe("a");
    expect(resolveCurrentEnvironment([env("a"), env("b")], "b")).toBe("b");
    expect(resolveCurrentEnvironment([env("a")], "gone")).toBe("a");
    expect(resolveCurrentEnvironment([], "gone")).toBe("");
  });
});
