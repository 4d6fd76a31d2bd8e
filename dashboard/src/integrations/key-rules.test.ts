import { describe, expect, it } from "vitest";
import type { ApiKey } from "../api/types.ts";
import { isSecret, keyStateTone, keyText, lastUsedText } from "./key-rules.ts";

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: "key_1",
  object: "api_key",
  workspace_id: "ws_1",
  environment_id: "env_1",
  type: "sk",
  key_type: "secret",
  name: "Secret Key",
  env: "test",
  key_prefix: "sk_test_abcdefgh",
  key_id: "key_1",
  state: "enabled",
  is_active: true,
  scopes: [],
  created_at: 1,
  last_used_at: null,
  ...over,
});

describe("API key rules", () => {
  it("a key is secret by type or sk_ prefix", () => {
    expect(isSecret(key({}))).toBe(true);
    expect(isSecret(key({ type: "pk", key_prefix: "pk_test_x" }))).toBe(false);
  });
  it("masks secret keys after 12 characters unless revealed; publishable keys show in full", () => {
    expect(keyText(key({}), undefined, true)).toBe(`sk_test_abcd${"•".repeat(12)}`);
    expect(keyText(key({}), "sk_test_FULL", false)).toBe(`sk_test_abcd${"•".repeat(12)}`);
    expect(keyText(key({}), "sk_test_FULL", true)).toBe("sk_test_FULL");
    expect(
      keyText(key({ type: "pk", key: "pk_test_full", key_prefix: "pk_test_fu" }), undefined, false),
    ).toBe("pk_test_full");
  });
  it("says 'Never used' until a key is used", () => {
    expect(lastUsedText({ last_used_at: null })).toBe("Never used");
    expect(lastUsedText({ last_used_at: 1_767_225_600 })).toMatch(/^Last used January 1, 2026$/);
  });
  it("shows any state but enabled in red", () => {
    expect(keyStateTone("enabled")).toBe("success");
    expect(keyStateTone("revoked")).toBe("danger");
  });
});
