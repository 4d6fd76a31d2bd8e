import { beforeEach, describe, expect, it } from "vitest";
import { readDemoMode, webhookUrlError, writeDemoMode } from "./webhook-rules.ts";

describe("webhook test rules (SPEC.md §5, §9)", () => {
  beforeEach(() => localStorage.clear());

  it("needs a non-empty URL starting with http", () => {
    const message = "Please enter a valid webhook URL (must start with http:// or https://)";
    expect(webhookUrlError("")).toBe(message);
    expect(webhookUrlError("ftp://x")).toBe(message);
    expect(webhookUrlError("https://example.com/hook")).toBeNull();
    expect(webhookUrlError("http://localhost:3000")).toBeNull();
  });

  it("keeps Demo Mode under webhook_demo_mode, on by default", () => {
    expect(readDemoMode()).toBe(true);
    writeDemoMode(false);
    expect(localStorage.getItem("webhook_demo_mode")).toBe("false");
    expect(readDemoMode()).toBe(false);
  });
});
