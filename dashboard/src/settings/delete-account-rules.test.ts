import { describe, expect, it } from "vitest";
import { deleteAccountRequest } from "./delete-account-rules.ts";

const user = { email: "a@example.com", merchant_id: "mer_1" };

describe("delete account (SPEC.md §5)", () => {
  it("needs exactly DELETE", () => {
    for (const typed of ["delete", "DELETE ", " DELETE", "DEL"]) {
      expect(deleteAccountRequest(typed, user)).toEqual({
        ok: false,
        error: 'Please type exactly "DELETE" to proceed',
      });
    }
    expect(deleteAccountRequest("DELETE", user)).toEqual({ ok: true, identity: { email: "a@example.com" } });
  });

  it("names the account by email, else by merchant id, else refuses", () => {
    expect(deleteAccountRequest("DELETE", { email: null, merchant_id: "mer_1" })).toEqual({
      ok: true,
      identity: { id: "mer_1" },
    });
    expect(deleteAccountRequest("DELETE", { email: null, merchant_id: null })).toEqual({
      ok: false,
      error: "No user or merchant information found",
    });
  });
});
