import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoleProvider } from "../tenancy/role.tsx";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { WebhookStep } from "./WebhookStep.tsx";

describe("Get Started step 4: webhook test (SPEC.md §2, §5, §8, §9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses a URL that does not start with http", async () => {
    const calls = stubApi(...oneWorkspace());
    renderApp(<WebhookStep />, { signedIn: true });
    // The step is offered once the organization's answer says the role may connect webhooks.
    await userEvent.clear(await screen.findByLabelText("Webhook URL"));
    await userEvent.type(screen.getByLabelText("Webhook URL"), "example.com/hook");
    await userEvent.click(screen.getByRole("button", { name: "Send Sandbox Test" }));
    expect(
      screen.getByText("Please enter a valid webhook URL (must start with http:// or https://)"),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === "/onboarding/webhook")).toBe(false);
  });

  it("stores Demo Mode under webhook_demo_mode, on by default", async () => {
    renderApp(
      <RoleProvider value="owner">
        <WebhookStep />
      </RoleProvider>,
    );
    const toggle = screen.getByRole("switch", { name: "Demo Mode" }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    expect(localStorage.getItem("webhook_demo_mode")).toBe("false");
  });

  it("switching Demo Mode off and on again restores the demo URL, and off gives back the merchant's own", async () => {
    renderApp(
      <RoleProvider value="owner">
        <WebhookStep />
      </RoleProvider>,
    );
    const toggle = screen.getByRole("switch", { name: "Demo Mode" }) as HTMLInputElement;
    const field = screen.getByLabelText("Webhook URL") as HTMLInputElement;
    expect(field.value).toBe("http://localhost:3000/webhooks/spay");
    await userEvent.click(toggle);
    expect(field.value).toBe("");
    await userEvent.click(toggle);
    expect(field.value).toBe("http://localhost:3000/webhooks/spay");
    await userEvent.clear(field);
    await userEvent.type(field, "https://shop.example/hook");
    await userEvent.click(toggle);
    expect(field.value).toBe("https://shop.example/hook");
    await userEvent.click(toggle);
    expect(field.value).toBe("http://localhost:3000/webhooks/spay");
    await userEvent.click(toggle);
    expect(field.value).toBe("https://shop.example/hook");
  });

  const endpoint = (over: Record<string, unknown> = {}) => ({
    id: "we_1",
    object: "webhook_endpoint",
    url: "https://slow.example/hook",
    description: "Added in Get Started",
    enabled_events: ["payment_intent.succeeded"],
    status: "enabled",
    disabled_reason: null,
    env: "test",
    environment_id: "env_1",
    previous_secret_expires_at: null,
    failing_since: null,
    last_attempt: null,
    created_at: 1,
    updated_at: 1,
    ...over,
  });

  it("registers the URL as the workspace's endpoint, shows its signing secret once, and the endpoint's failure as the server reports it", async () => {
    const text = "Request timeout - endpoint did not respond within 10 seconds";
    const calls = stubApi(
      ...oneWorkspace(),
      on("POST", "/onboarding/webhook", {
        body: {
          object: "onboarding_webhook",
          created: true,
          endpoint: endpoint({ secret: "whsec_c2VjcmV0" }),
          test: { ok: false, status: null, latency_ms: 10000, error: text },
        },
      }),
    );
    renderApp(<WebhookStep />, { signedIn: true });
    await vi.waitFor(() => expect(calls.some((c) => c.path.startsWith("/onboarding/status"))).toBe(true));
    await userEvent.clear(screen.getByLabelText("Webhook URL"));
    await userEvent.type(screen.getByLabelText("Webhook URL"), " https://slow.example/hook");
    await userEvent.click(screen.getByRole("button", { name: "Send Sandbox Test" }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByTestId("endpoint-secret").textContent).toContain("whsec_c2VjcmV0");
    const sent = calls.find((c) => c.path === "/onboarding/webhook");
    expect(sent?.body).toEqual({ url: "https://slow.example/hook" });
    expect(sent?.headers["x-workspace-id"]).toBe("ws_1");
  });

  it("a URL already registered is reused: no secret, and the step says where to get a new one", async () => {
    const calls = stubApi(
      ...oneWorkspace(),
      on("POST", "/onboarding/webhook", {
        body: {
          object: "onboarding_webhook",
          created: false,
          endpoint: endpoint(),
          test: { ok: true, status: 200, latency_ms: 12, error: null },
        },
      }),
    );
    renderApp(<WebhookStep />, { signedIn: true });
    await vi.waitFor(() => expect(calls.some((c) => c.path.startsWith("/onboarding/status"))).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Send Sandbox Test" }));
    expect(await screen.findByText("Webhook delivered: 200 in 12 ms")).toBeTruthy();
    expect(screen.getByTestId("webhook-reused").textContent).toMatch(/already one of your webhook endpoints/);
    expect(screen.queryByTestId("endpoint-secret")).toBeNull();
  });
});
