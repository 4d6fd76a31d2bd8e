import { describe, expect, it } from "vitest";
import type { ApiKey } from "../api/types.ts";
import {
  canRoll,
  durationText,
  expiryText,
  isSecret,
  keyStateOf,
  keyStateTone,
  keyText,
  lastUsedText,
} from "./key-rules.ts";

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
  expires_at: null,
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
    expect(keyStateTone("expired")).toBe("danger");
  });
  it("a rolled key reads 'Expires in …' until its expiry, then expired; it may be rolled only once", () => {
    const now = 1_767_225_600;
    const rolled = key({ expires_at: now + 259_200 });
    expect(expiryText(rolled, now)).toBe("Expires in 3 days");
    expect(expiryText(key({ expires_at: now + 3600 }), now)).toBe("Expires in 60 minutes");
    expect(expiryText(key({ expires_at: now + 86_400 }), now)).toBe("Expires in 24 hours");
    expect(expiryText(key({ expires_at: now + 30 }), now)).toBe("Expires in less than a minute");
    expect(keyStateOf(rolled, now)).toBe("enabled");
    expect(keyStateOf(rolled, now + 259_200)).toBe("expired");
    expect(expiryText(rolled, now + 259_200)).toMatch(/^Expired January 4, 2026/);
    expect(expiryText(key({}), now)).toBeNull();
    expect(expiryText(key({ state: "revoked", expires_at: now }), now)).toBeNull();
    expect(keyStateOf(key({ state: "revoked", expires_at: now - 1 }), now)).toBe("revoked");
    expect(canRoll(key({}))).toBe(true);
    expect(canRoll(rolled)).toBe(false);
    expect(canRoll(key({ state: "revoked" }))).toBe(false);
  });
  it("durations round up to minutes, hours or days", () => {
    expect(durationText(61)).toBe("2 minutes");
    expect(durationText(60)).toBe("1 minute");
    expect(durationText(7200)).toBe("2 hours");
    expect(durationText(2 * 86_400)).toBe("2 days");
  });
});
