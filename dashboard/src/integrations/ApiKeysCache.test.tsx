import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMON } from "../messages.ts";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ApiKeysSection } from "./ApiKeysSection.tsx";
import { INTEGRATIONS } from "./messages.ts";

const base = {
  object: "api_key",
  workspace_id: "ws_1",
  environment_id: "env_1",
  env: "test",
  state: "enabled",
  is_active: true,
  scopes: [],
  created_at: 1,
  last_used_at: null,
  expires_at: null,
};
const publishable = {
  ...base,
  id: "key_pk",
  key_id: "key_pk",
  type: "pk",
  key_type: "publishable",
  name: "Publishable Key",
  key_prefix: "pk_test_abcd",
  key: "pk_test_abcdefghijkl",
};
const created = {
  ...base,
  id: "key_new",
  key_id: "key_new",
  type: "sk",
  key_type: "secret",
  name: "Server",
  key_prefix: "sk_test_NEW1",
  key: "sk_test_NEW1fullsecretvalue",
};

/** The first list answers at once; every later one (a refetch after a write) only after 3 s. */
function slowRefetches(first: unknown[], later: unknown[]) {
  let lists = 0;
  return on("GET", "/v1/workspaces/ws_1/api-keys", () =>
    lists++ === 0 ? { body: { data: first } } : { body: { data: later }, delayMs: 3000 },
  );
}
const keyLists = (calls: StubbedCall[]) => calls.filter((c) => c.path === "/v1/workspaces/ws_1/api-keys");

describe("API keys through the server-state cache", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("a created key joins the list as soon as the server answered, without waiting for (or flashing) a refetch", async () => {
    const calls = stubApi(
      slowRefetches([publishable], [publishable, { ...created, key: undefined }]),
      on("POST", "/v1/workspaces/ws_1/api-keys", { body: created }),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await screen.findByTestId("api-key-key_pk");
    await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.addSecret }));
    await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.create }));
    const row = await screen.findByTestId("api-key-key_new", {}, { timeout: 1000 });
    // Shown once, in full, right after creation; the list never went back to loading.
    expect(within(row).getByTestId("key-value").textContent).toBe(created.key);
    expect(screen.queryByText(COMMON.loading)).toBeNull();
    expect(screen.getByTestId("api-key-key_pk")).toBeTruthy();
    // The list is still refetched from the server behind the scenes.
    expect(keyLists(calls).length).toBeGreaterThanOrEqual(2);
  });

  it("a revoked key leaves the list as soon as the server answered", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    stubApi(
      slowRefetches([publishable, { ...created, key: undefined }], [publishable]),
      on("DELETE", "/v1/api-keys/key_new", { body: {} }),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await screen.findByTestId("api-key-key_new");
    await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.revokeLabel("Server") }));
    await vi.waitFor(() => expect(screen.queryByTestId("api-key-key_new")).toBeNull(), { timeout: 1000 });
    expect(screen.getByTestId("api-key-key_pk")).toBeTruthy();
  });

  it("a list that failed to load says so with Retry, and Retry loads it (not the empty state)", async () => {
    stubApi(on("GET", "/v1/workspaces/ws_1/api-keys", apiError(403, "forbidden")), ...oneWorkspace());
    renderApp(<ApiKeysSection />, { signedIn: true });
    const alert = await screen.findByText(INTEGRATIONS.keysLoadFailed);
    expect(screen.queryByText(INTEGRATIONS.noKeys)).toBeNull();

    stubApi(on("GET", "/v1/workspaces/ws_1/api-keys", { body: { data: [publishable] } }), ...oneWorkspace());
    const box = alert.closest("[role=alert]") as HTMLElement;
    await userEvent.click(within(box).getByRole("button", { name: COMMON.retry }));
    await screen.findByTestId("api-key-key_pk");
    expect(screen.queryByText(INTEGRATIONS.keysLoadFailed)).toBeNull();
  });
});
