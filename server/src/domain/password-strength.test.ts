import { describe, expect, it } from "vitest";
import { checkPasswordStrength, describeWeakPassword } from "./password-strength.ts";

describe("checkPasswordStrength", () => {
  it("refuses common and dictionary passwords with the library's warning", () => {
    for (const password of ["password123", "qwertyuiop", "iloveyou1", "11111111", "whatever1"]) {
      const result = checkPasswordStrength(password);
      expect(result.ok, password).toBe(false);
    }
    const common = checkPasswordStrength("password123");
    if (common.ok) throw new Error("expected a weak verdict");
    expect(common.warning).toMatch(/common/i);
    expect(describeWeakPassword(common)).toMatch(/^This password is too easy to guess\. .*common/);
  });

  it("refuses a password made of the account's own email", () => {
    const email = "lovelace.ada@example.com";
    expect(checkPasswordStrength("lovelace.ada2", []).ok).toBe(true);
    expect(checkPasswordStrength("lovelace.ada2", [email]).ok).toBe(false);
  });

  it("accepts long passphrases and random strings", () => {
    expect(checkPasswordStrength("correct horse battery staple").ok).toBe(true);
    expect(checkPasswordStrength("ab$ZQ91-korvex-lumen").ok).toBe(true);
  });

  it("answers a hostile repetitive 200-character password quickly", () => {
    const started = performance.now();
    expect(checkPasswordStrength("0123456789".repeat(20)).ok).toBe(false);
    expect(checkPasswordStrength("a1".repeat(100)).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
