import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { ApiKeysSection } from "./ApiKeysSection.tsx";

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
};
const longName = "K".repeat(500);
const oldSecret = {
  ...base,
  id: "key_old",
  key_id: "key_old",
  type: "sk",
  key_type: "secret",
  name: longName,
  key_prefix: "sk_test_cALJ",
  key: null,
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
const fresh = {
  ...base,
  id: "key_new",
  key_id: "key_new",
  type: "sk",
  key_type: "secret",
  name: "Server",
  key_prefix: "sk_test_NEW1",
  key: "sk_test_NEW1fullsecretvalue",
};

let clipboard: string[] = [];
beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (t: string) => void clipboard.push(t) },
  });
});

function keysRoute(list: unknown[]) {
  return on("GET", "/v1/workspaces/ws_1/api-keys", () => ({ body: { data: list } }));
}

describe("API keys: copy, show/hide, secrets stored hashed", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("Copy on a hashed secret copies nothing and says the secret is shown once; the publishable key copies in full", async () => {
    stubApi(keysRoute([oldSecret, publishable]), ...oneWorkspace());
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    expect(within(row).getByTestId("key-value").textContent).toBe(`sk_test_cALJ${"•".repeat(12)}`);
    expect(within(row).getByTestId("secret-hashed").textContent).toMatch(/cannot be shown or copied again/);
    expect(within(row).queryByRole("button", { name: /^Show / })).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: `Copy ${longName}` }));
    expect(clipboard).toEqual([]);
    expect(within(row).getByTestId("shown-once-status").textContent).toMatch(/shown only once/);
    // The 500-character name is truncated, the full text on hover.
    const name = within(row).getByText(longName);
    expect(name.className).toContain("truncate");
    expect(name.getAttribute("title")).toBe(longName);

    const pkRow = screen.getByTestId("api-key-key_pk");
    await userEvent.click(within(pkRow).getByRole("button", { name: "Copy Publishable Key" }));
    expect(clipboard).toEqual(["pk_test_abcdefghijkl"]);
  });

  it("a new secret can be shown, hidden and copied in full right after creation", async () => {
    const created: unknown[] = [];
    stubApi(
      keysRoute(created),
      on("POST", "/v1/workspaces/ws_1/api-keys", () => {
        created.push({ ...fresh, key: null });
        return { status: 201, body: fresh };
      }),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: "+ Secret Key" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Key" }));
    const row = await screen.findByTestId("api-key-key_new");
    expect(within(row).getByTestId("key-value").textContent).toBe("sk_test_NEW1fullsecretvalue");
    const hide = within(row).getByRole("button", { name: "Hide Server" });
    expect(hide.querySelector("svg")).not.toBeNull();
    await userEvent.click(hide);
    expect(within(row).getByTestId("key-value").textContent).toBe(`sk_test_NEW1${"•".repeat(12)}`);
    await userEvent.click(within(row).getByRole("button", { name: "Show Server" }));
    expect(within(row).getByTestId("key-value").textContent).toBe("sk_test_NEW1fullsecretvalue");
    await userEvent.click(within(row).getByRole("button", { name: "Copy Server" }));
    expect(clipboard).toEqual(["sk_test_NEW1fullsecretvalue"]);
  });
});
