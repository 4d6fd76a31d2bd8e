import { describe, expect, it } from "vitest";
import { API_KEY_PATTERN, hashPassword, keyPrefix, newApiKey, verifyPassword } from "./secrets.ts";

describe("API keys", () => {
  it("have the DESIGN.md formats and a 12-character display prefix", () => {
    const sk = newApiKey("secret", "test");
    const pk = newApiKey("publishable", "live");
    expect(sk).toMatch(/^sk_test_/);
    expect(pk).toMatch(/^pk_live_/);
    expect(sk).toMatch(API_KEY_PATTERN);
    expect(keyPrefix(sk)).toHaveLength(12);
    expect(newApiKey("secret", "test")).not.toBe(sk);
  });
});

describe("passwords", () => {
  it("verify only the password they were made from", async () => {
    const hash = await hashPassword("correct horse battery staple", 12);
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});
