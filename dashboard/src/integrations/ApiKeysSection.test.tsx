import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
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

  it("a hashed secret offers no Copy (its note says why) but Roll; the publishable key copies in full", async () => {
    stubApi(keysRoute([oldSecret, publishable]), ...oneWorkspace());
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    expect(within(row).getByTestId("key-value").textContent).toBe(`sk_test_cALJ${"•".repeat(12)}`);
    expect(within(row).getByTestId("secret-hashed").textContent).toMatch(/cannot be shown or copied again/);
    expect(within(row).queryByRole("button", { name: /^Show / })).toBeNull();
    expect(within(row).queryByRole("button", { name: /^Copy/ })).toBeNull();
    expect(within(row).getByRole("button", { name: INTEGRATIONS.rollLabel(longName) })).toBeTruthy();
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
    // It can be rolled at once, without a reload.
    expect(within(row).getByRole("button", { name: INTEGRATIONS.rollLabel("Server") })).toBeTruthy();
  });
});

const now = () => Math.floor(Date.now() / 1000);
const rolledIn = {
  ...fresh,
  id: "key_rolled",
  key_id: "key_rolled",
  name: longName,
  key_prefix: "sk_test_ROLL",
  key: "sk_test_ROLLfullsecretvalue",
};

describe("API keys: rolling a secret stored hashed", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says plainly the secret was shown once and only a hash is kept, and offers Roll key (not for publishable keys)", async () => {
    stubApi(keysRoute([oldSecret, publishable]), ...oneWorkspace());
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    const note = within(row).getByTestId("secret-hashed").textContent ?? "";
    expect(note).toMatch(/shown once, when it was created/);
    expect(note).toMatch(/keeps only a hash/);
    expect(
      within(row).getByRole("button", { name: INTEGRATIONS.rollLabel(longName) }).className,
    ).not.toContain("primary");
    expect(within(screen.getByTestId("api-key-key_pk")).queryByRole("button", { name: /^Roll / })).toBeNull();
  });

  it("rolls with a chosen overlap, shows the new secret once (show/hide, copy), and the old key expires", async () => {
    let list: unknown[] = [oldSecret];
    const calls = stubApi(
      on("GET", "/v1/workspaces/ws_1/api-keys", () => ({ body: { data: list } })),
      on("POST", "/v1/api-keys/key_old/roll", () => {
        list = [
          { ...oldSecret, expires_at: now() + 259_200 },
          { ...rolledIn, key: null },
        ];
        return { status: 201, body: rolledIn };
      }),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    await userEvent.click(within(row).getByRole("button", { name: INTEGRATIONS.rollLabel(longName) }));
    const dialog = screen.getByRole("dialog");
    const name = within(dialog).getByTestId("roll-key-name");
    expect(name.className).toContain("truncate");
    expect(name.getAttribute("title")).toBe(longName);
    const overlap = within(dialog).getByLabelText("Expire the old key");
    expect(
      within(overlap)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Now", "In 1 hour", "In 24 hours", "In 3 days", "In 7 days"]);
    await userEvent.selectOptions(overlap, "In 3 days");
    expect(calls.some((c) => c.path.endsWith("/roll"))).toBe(false); // nothing before confirming
    await userEvent.click(within(dialog).getByRole("button", { name: "Roll key" }));

    const shown = await screen.findByTestId("rolled-key-value");
    expect(calls.find((c) => c.path === "/v1/api-keys/key_old/roll")?.body).toEqual({
      expires_in_seconds: 259_200,
    });
    expect(shown.textContent).toBe("sk_test_ROLLfullsecretvalue");
    const newDialog = screen.getByRole("dialog");
    expect(within(newDialog).getByText(/shown only once/)).toBeTruthy();
    await userEvent.click(within(newDialog).getByRole("button", { name: `Hide ${longName}` }));
    expect(shown.textContent).toBe(`sk_test_ROLL${"•".repeat(12)}`);
    await userEvent.click(within(newDialog).getByRole("button", { name: `Show ${longName}` }));
    await userEvent.click(within(newDialog).getByRole("button", { name: `Copy ${longName}` }));
    expect(clipboard).toEqual(["sk_test_ROLLfullsecretvalue"]);
    await userEvent.click(within(newDialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    const oldRow = await screen.findByTestId("api-key-key_old");
    await vi.waitFor(() =>
      expect(within(oldRow).getByTestId("key-expiry").textContent).toBe("Expires in 3 days"),
    );
    expect(within(oldRow).queryByRole("button", { name: /^Roll / })).toBeNull(); // rolled once only
    const newRow = screen.getByTestId("api-key-key_rolled");
    // Like a created key, the new secret stays at hand on its row until the page is left.
    expect(within(newRow).getByTestId("key-value").textContent).toBe("sk_test_ROLLfullsecretvalue");
  });

  it("Now warns that the old key stops at once; a refused roll reads plain words, never the server's text", async () => {
    const calls = stubApi(
      keysRoute([oldSecret]),
      on("POST", "/v1/api-keys/key_old/roll", apiError(409, "api_key_already_rolled", "RAW server text 42")),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    await userEvent.click(within(row).getByRole("button", { name: INTEGRATIONS.rollLabel(longName) }));
    const dialog = screen.getByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText("Expire the old key"), "Now");
    expect(within(dialog).getByTestId("roll-consequence").textContent).toMatch(/stops working at once/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Roll key" }));
    const alert = within(dialog).getByRole("alert");
    await vi.waitFor(() => expect(alert.textContent).toMatch(/already rolled/));
    expect(alert.textContent).not.toContain("RAW server text");
    expect(calls.find((c) => c.path === "/v1/api-keys/key_old/roll")?.body).toEqual({
      expires_in_seconds: 0,
    });
  });

  it("an expired key reads expired (red), with no Roll", async () => {
    stubApi(keysRoute([{ ...oldSecret, expires_at: now() - 60 }]), ...oneWorkspace());
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    expect(within(row).getByTestId("key-state").textContent).toBe("expired");
    expect(within(row).getByTestId("key-state").className).toContain("badge-danger");
    expect(within(row).getByTestId("key-expiry").textContent).toMatch(/^Expired .*refused/);
    expect(within(row).queryByRole("button", { name: /^Roll / })).toBeNull();
  });
});

describe("API keys: failures in plain words", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("creating: a validator's message becomes plain words", async () => {
    const raw = "Invalid name: Too big: expected string to have <=100 characters";
    stubApi(
      keysRoute([]),
      on("POST", "/v1/workspaces/ws_1/api-keys", apiError(400, "parameter_invalid", raw)),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: "+ Secret Key" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Key" }));
    const alert = within(screen.getByRole("dialog")).getByRole("alert");
    await vi.waitFor(() =>
      expect(alert.textContent).toBe("Failed to create API key: Use at most 100 characters"),
    );
  });

  it("revoking: a server failure reads as such, not its raw text", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    stubApi(
      keysRoute([oldSecret]),
      on("DELETE", "/v1/api-keys/key_old", apiError(500, "internal_error", "pg: deadlock detected")),
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    await userEvent.click(within(row).getByRole("button", { name: `Revoke ${longName}` }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(
        "Failed to revoke API key: Something went wrong on our side. Please try again.",
      ),
    );
    expect(document.body.textContent).not.toContain("deadlock");
  });
});

describe("API keys and webhooks by role", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a developer the keys, masked, but no create, roll or revoke, and says whose they are", async () => {
    stubApi(keysRoute([oldSecret, publishable]), ...oneWorkspace("developer"));
    renderApp(<ApiKeysSection />, { signedIn: true });
    const row = await screen.findByTestId("api-key-key_old");
    expect(within(row).getByTestId("key-value").textContent).toBe(`sk_test_cALJ${"•".repeat(12)}`);
    expect(screen.getByTestId("role-note-api_keys.write").textContent).toBe(
      "Your role is Developer. Only an owner or an admin can create, roll, disable and revoke API keys.",
    );
    expect(screen.queryByRole("button", { name: INTEGRATIONS.addPublishable })).toBeNull();
    expect(screen.queryByRole("button", { name: INTEGRATIONS.addSecret })).toBeNull();
    expect(within(row).queryByRole("button", { name: INTEGRATIONS.rollLabel(longName) })).toBeNull();
    expect(within(row).queryByRole("button", { name: INTEGRATIONS.revokeLabel(longName) })).toBeNull();
  });

  it("shows a support member no API keys, facilitator or webhooks: none is asked for, the page says why", async () => {
    const calls = stubApi(
      keysRoute([oldSecret, publishable]),
      on("GET", "/v1/webhook_endpoints", { body: { object: "list", data: [], has_more: false } }),
      ...oneWorkspace("support"),
    );
    renderApp(<AppRoutes />, { path: "/integrations", signedIn: true });
    expect((await screen.findByTestId("role-note-developers.read")).textContent).toMatch(
      /^Your role is Support\. Only an owner, an admin or a developer can see API keys/,
    );
    expect(screen.getByRole("heading", { level: 1, name: INTEGRATIONS.title })).toBeTruthy();
    expect(screen.getByRole("heading", { name: INTEGRATIONS.docs })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: INTEGRATIONS.apiKeys })).toBeNull();
    expect(screen.queryByTestId("x402-facilitator")).toBeNull();
    expect(screen.queryByRole("button", { name: INTEGRATIONS.addWebhook })).toBeNull();
    // Nor anywhere else: the merchant state and the live event stream do not ask for developer tools.
    const developerTools = calls.filter(
      (c) => /api-keys|webhook_endpoints|\/v1\/events/.test(c.path) || c.path === "/onboarding/api-keys",
    );
    expect(developerTools).toEqual([]);
  });
});
