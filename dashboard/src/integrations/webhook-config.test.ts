import { describe, expect, it } from "vitest";
import { INTEGRATIONS } from "./messages.ts";
import { webhookConfig } from "./webhook-config.ts";

describe("integration configuration: webhook rows", () => {
  it("never shows 'Not set' beside 'Tested & Working'", () => {
    for (const tested of [true, false])
      for (const testedUrl of ["", "https://shop.example/hook"])
        for (const endpoints of [
          null,
          [],
          [{ url: "https://a.example/h", status: "enabled" }],
          [{ url: "https://b.example/h", status: "disabled" }],
        ]) {
          const c = webhookConfig({ tested, testedUrl, endpoints });
          if (c.status.text === INTEGRATIONS.tested)
            expect(c.url, JSON.stringify({ tested, testedUrl, endpoints })).not.toBeNull();
        }
  });
  it("shows the workspace's enabled endpoint, else the URL tested on this device", () => {
    expect(
      webhookConfig({
        tested: true,
        testedUrl: "",
        endpoints: [{ url: "https://a.example/h", status: "enabled" }],
      }),
    ).toEqual({ url: "https://a.example/h", status: { text: INTEGRATIONS.tested, tone: "success" } });
    expect(webhookConfig({ tested: true, testedUrl: "https://t.example", endpoints: [] }).url).toBe(
      "https://t.example",
    );
  });
  it("says the sandbox test passed when no URL is on record (after a sign-in on another device)", () => {
    expect(webhookConfig({ tested: true, testedUrl: "", endpoints: [] })).toEqual({
      url: null,
      status: { text: INTEGRATIONS.testedNoEndpoint, tone: "warning" },
    });
    expect(webhookConfig({ tested: false, testedUrl: "", endpoints: [] }).status.text).toBe(
      INTEGRATIONS.notTested,
    );
  });
});
