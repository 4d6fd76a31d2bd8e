import { describe, expect, it } from "vitest";
import { INTEGRATIONS } from "./messages.ts";
import { type EndpointHealth, webhookConfig, webhooksActive } from "./webhook-config.ts";

const endpoint = (over: Partial<EndpointHealth> = {}): EndpointHealth => ({
  url: "https://a.example/h",
  status: "enabled",
  last_attempt: { succeeded: true },
  ...over,
});

describe("integration configuration: webhook rows come from the endpoints and their delivery logs", () => {
  it("never shows 'Tested & Working' or 'Active' without an enabled endpoint", () => {
    for (const endpoints of [null, [], [endpoint({ status: "disabled" })]]) {
      expect(webhookConfig(endpoints)).toEqual({
        url: null,
        status: { text: INTEGRATIONS.noEndpoint, tone: "warning" },
      });
      expect(webhooksActive(endpoints)).toBe(false);
    }
  });
  it("shows 'Tested & Working' and 'Active' beside the enabled endpoint whose newest delivery succeeded", () => {
    const endpoints = [endpoint({ url: "https://off.example", status: "disabled" }), endpoint()];
    expect(webhookConfig(endpoints)).toEqual({
      url: "https://a.example/h",
      status: { text: INTEGRATIONS.tested, tone: "success" },
    });
    expect(webhooksActive(endpoints)).toBe(true);
  });
  it("an endpoint with no delivery yet is 'Not Tested'; one whose newest delivery failed says so", () => {
    expect(webhookConfig([endpoint({ last_attempt: null })]).status.text).toBe(INTEGRATIONS.notTested);
    expect(webhooksActive([endpoint({ last_attempt: null })])).toBe(false);
    expect(webhookConfig([endpoint({ last_attempt: { succeeded: false } })]).status).toEqual({
      text: INTEGRATIONS.lastFailed,
      tone: "danger",
    });
    expect(webhooksActive([endpoint({ last_attempt: { succeeded: false } })])).toBe(false);
  });
});
