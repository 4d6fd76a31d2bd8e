import { describe, expect, it } from "vitest";
import { ACCOUNT } from "./messages.ts";
import { passwordFormError } from "./password-rules.ts";

describe("Change Password form rules", () => {
  const base = { current: "old-password", next: "new-password", confirm: "new-password", needsCurrent: true };
  it("accepts a matching new password of 8+ characters", () => {
    expect(passwordFormError(base)).toBeNull();
  });
  it("needs the current password unless the account has none (wallet-only)", () => {
    expect(passwordFormError({ ...base, current: "" })).toBe(ACCOUNT.currentIncorrect);
    expect(passwordFormError({ ...base, current: "", needsCurrent: false })).toBeNull();
  });
  it("refuses short or mismatched passwords", () => {
    expect(passwordFormError({ ...base, next: "short", confirm: "short" })).toBe(ACCOUNT.passwordTooShort);
    expect(passwordFormError({ ...base, confirm: "other-password" })).toBe(ACCOUNT.passwordMismatch);
  });
});
