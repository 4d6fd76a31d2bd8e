import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { INTEGRATIONS } from "./messages.ts";
import { WebhooksSection } from "./WebhooksSection.tsx";

const AUTH = { token: "sess_test", workspaceId: "ws_1" };
const endpoint = (id: string, url: string) => ({
  id,
  object: "webhook_endpoint",
  url,
  enabled_events: ["*"],
  status: "enabled",
  description: null,
  created_at: 1,
});
const known = endpoint("we_1", "https://shop.example/hooks");

/** The first list answers at once; every later one (a refetch after a write) only after 3 s. */
function slowRefetches(first: unknown[], later: unknown[]) {
  let lists = 0;
  return on("GET", "/v1/webhook_endpoints", () =>
    lists++ === 0
      ? { body: { object: "list", data: first, has_more: false } }
      : { body: { object: "list", data: later, has_more: false }, delayMs: 3000 },
  );
}

async function openNewEndpoint(url: string) {
  // Offered once the role is known (the organizations' answer).
  await userEvent.click(await screen.findByRole("button", { name: INTEGRATIONS.addWebhook }));
  await userEvent.type(screen.getByLabelText(INTEGRATIONS.endpointUrl), url);
  await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.saveEndpoint }));
}

describe("webhook endpoint writes through the server-state cache", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("a created endpoint joins the list when the server answered, its secret shown once", async () => {
    const fresh = endpoint("we_2", "https://shop.example/new");
    stubApi(
      slowRefetches([known], [known, fresh]),
      on("POST", "/v1/webhook_endpoints", { body: { ...fresh, secret: "whsec_once" } }),
      ...oneWorkspace(),
    );
    renderApp(<WebhooksSection auth={AUTH} />, { signedIn: true });
    await screen.findByTestId("endpoint-we_1");
    await openNewEndpoint(fresh.url);
    await screen.findByTestId("endpoint-we_2", {}, { timeout: 1000 });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("endpoint-secret").textContent).toContain("whsec_once");
  });

  it("a deleted endpoint leaves the list when the server answered", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    stubApi(
      slowRefetches([known], []),
      on("DELETE", "/v1/webhook_endpoints/we_1", { body: { id: "we_1", deleted: true } }),
      ...oneWorkspace(),
    );
    renderApp(<WebhooksSection auth={AUTH} />, { signedIn: true });
    const row = await screen.findByTestId("endpoint-we_1");
    await userEvent.click(await within(row).findByRole("button", { name: INTEGRATIONS.delete }));
    await vi.waitFor(() => expect(screen.queryByTestId("endpoint-we_1")).toBeNull(), { timeout: 1000 });
    expect(screen.getByText(INTEGRATIONS.noEndpoints)).toBeTruthy();
  });

  it("a refused create shows the server's reason and keeps the form as typed; the list is unchanged", async () => {
    const calls = stubApi(
      slowRefetches([known], [known]),
      on("POST", "/v1/webhook_endpoints", apiError(400, "url_invalid", "URL must use https")),
      ...oneWorkspace(),
    );
    renderApp(<WebhooksSection auth={AUTH} />, { signedIn: true });
    await screen.findByTestId("endpoint-we_1");
    await openNewEndpoint("https://shop.example/refused");
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText(INTEGRATIONS.actionFailed("URL must use https"));
    expect((within(dialog).getByLabelText(INTEGRATIONS.endpointUrl) as HTMLInputElement).value).toBe(
      "https://shop.example/refused",
    );
    expect(screen.getAllByTestId(/^endpoint-we_/)).toHaveLength(1);
    // A refusal is final: no retry of the write.
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});

describe("webhook endpoints by role", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a developer the endpoints and their deliveries, but no add, test, change, rotate, delete or redeliver", async () => {
    stubApi(slowRefetches([known], [known]), ...oneWorkspace("developer"));
    renderApp(<WebhooksSection auth={AUTH} />, { signedIn: true });
    const row = await screen.findByTestId("endpoint-we_1");
    expect((await screen.findByTestId("role-note-webhooks.write")).textContent).toBe(
      "Your role is Developer. Only an owner or an admin can create, change and delete webhook endpoints, rotate their secrets, redeliver events.",
    );
    expect(within(row).getByText("https://shop.example/hooks")).toBeTruthy();
    expect(within(row).getByText(INTEGRATIONS.deliveries)).toBeTruthy();
    expect(within(row).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: INTEGRATIONS.addWebhook })).toBeNull();
  });
});
