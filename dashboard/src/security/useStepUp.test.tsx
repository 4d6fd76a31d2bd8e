import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SECOND_FACTOR } from "../auth/messages.ts";
import { passkeyCeremony } from "../auth/passkey-ceremony.ts";
import { ApiKeysSection } from "../integrations/ApiKeysSection.tsx";
import { INTEGRATIONS } from "../integrations/messages.ts";
import { DeleteAccountModal } from "../settings/DeleteAccountModal.tsx";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { passkey, securityServer } from "../testing/security-stub.ts";
import { STEP_UP } from "./messages.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ENABLED = { totp: { enabled: true, created_at: 1 }, recovery_codes_remaining: 10 };

/**
 * The server's guard on a route that reveals a secret or deletes: 403 `second_factor_required`
 * until the session stepped up with the right code.
 */
function freshness() {
  const state = { fresh: false };
  const stepUpRoute = on("POST", "/v1/auth/two-factor/step-up", (call) => {
    const body = call.body as { code?: string; passkey?: unknown };
    if (body.code !== "492039" && !body.passkey) return apiError(401, "invalid_second_factor_code");
    state.fresh = true;
    return { body: { second_factor_at: 1, fresh_until: 301 } };
  });
  const guard = (answer: () => { status?: number; body?: unknown }) => () =>
    state.fresh ? answer() : apiError(403, "second_factor_required");
  return { state, stepUpRoute, guard };
}

const tries = (calls: StubbedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).length;

async function answerStepUp(code = "492039") {
  const dialog = await screen.findByRole("dialog", { name: STEP_UP.title });
  await userEvent.type(await within(dialog).findByLabelText(SECOND_FACTOR.codeLabel), code);
  await userEvent.click(within(dialog).getByRole("button", { name: SECOND_FACTOR.verify }));
}

const secret = {
  id: "key_new",
  key_id: "key_new",
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
  type: "sk",
  key_type: "secret",
  name: "Server",
  key_prefix: "sk_test_NEW1",
  key: "sk_test_NEW1fullsecretvalue",
};

describe("step-up: the second factor again before a guarded action, then the action retried", () => {
  it("creating a secret key: asked, proved, created once the server allows it", async () => {
    const { stepUpRoute, guard } = freshness();
    const listed: unknown[] = [];
    const calls = stubApi(
      stepUpRoute,
      on("GET", "/v1/workspaces/ws_1/api-keys", () => ({ body: { data: listed } })),
      on(
        "POST",
        "/v1/workspaces/ws_1/api-keys",
        guard(() => {
          listed.push({ ...secret, key: null });
          return { status: 201, body: secret };
        }),
      ),
      ...securityServer({ twoFactor: ENABLED }).routes,
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: INTEGRATIONS.addSecret }));
    await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.create }));
    await answerStepUp();
    const row = await screen.findByTestId("api-key-key_new");
    expect(within(row).getByTestId("key-value").textContent).toBe("sk_test_NEW1fullsecretvalue");
    expect(tries(calls, "POST", "/v1/workspaces/ws_1/api-keys")).toBe(2);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("rolling a key: the roll dialog stays under the question, and shows the new secret after", async () => {
    const { stepUpRoute, guard } = freshness();
    const old = { ...secret, id: "key_old", key_id: "key_old", name: "Old", key: null };
    const calls = stubApi(
      stepUpRoute,
      on("GET", "/v1/workspaces/ws_1/api-keys", { body: { data: [old] } }),
      on(
        "POST",
        "/v1/api-keys/key_old/roll",
        guard(() => ({ body: { ...secret, id: "key_rolled" } })),
      ),
      ...securityServer({ twoFactor: ENABLED }).routes,
      ...oneWorkspace(),
    );
    renderApp(<ApiKeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: INTEGRATIONS.rollLabel("Old") }));
    await userEvent.click(screen.getByRole("button", { name: INTEGRATIONS.rollConfirm }));
    expect(await screen.findByRole("dialog", { name: STEP_UP.title })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: INTEGRATIONS.rollTitle })).toBeTruthy();
    await answerStepUp();
    expect(await screen.findByTestId("rolled-key-value")).toBeTruthy();
    expect(tries(calls, "POST", "/v1/api-keys/key_old/roll")).toBe(2);
  });

  it("deleting the account: proved, then deleted and signed out", async () => {
    const { stepUpRoute, guard } = freshness();
    const calls = stubApi(
      stepUpRoute,
      on(
        "DELETE",
        "/api/merchants/delete",
        guard(() => ({ body: { deleted: true } })),
      ),
      ...securityServer({ twoFactor: ENABLED }).routes,
      ...oneWorkspace(),
    );
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    await answerStepUp();
    await vi.waitFor(() => expect(localStorage.getItem("spay_session_token")).toBeNull());
    expect(tries(calls, "DELETE", "/api/merchants/delete")).toBe(2);
  });

  it("cancelled: the account stays, no error, and the action is not sent again", async () => {
    const { guard } = freshness();
    const calls = stubApi(
      on(
        "DELETE",
        "/api/merchants/delete",
        guard(() => ({ body: { deleted: true } })),
      ),
      ...securityServer({ twoFactor: ENABLED }).routes,
      ...oneWorkspace(),
    );
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("dialog", { name: STEP_UP.title });
    await userEvent.click(await within(dialog).findByRole("button", { name: STEP_UP.cancel }));
    expect(screen.queryByRole("dialog", { name: STEP_UP.title })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Delete Account" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("");
    expect((screen.getByRole("button", { name: "Delete Account" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(tries(calls, "DELETE", "/api/merchants/delete")).toBe(1);
    expect(localStorage.getItem("spay_session_token")).not.toBeNull();
  });

  it("an account whose second factor is a passkey answers with it", async () => {
    // A browser with WebAuthn (jsdom has none); the authenticator itself is stood in for below.
    vi.stubGlobal("PublicKeyCredential", class {});
    const assertion = {
      id: "cred",
      rawId: "cred",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: {},
    };
    const answer = vi.spyOn(passkeyCeremony, "answer").mockResolvedValue(assertion as never);
    const { stepUpRoute, guard } = freshness();
    const calls = stubApi(
      stepUpRoute,
      on("POST", "/v1/auth/passkeys/step-up-options", { body: { challenge: "c", rpId: "localhost" } }),
      on(
        "DELETE",
        "/api/merchants/delete",
        guard(() => ({ body: { deleted: true } })),
      ),
      ...securityServer({ passkeys: [passkey("passkey_1", "Laptop")] }).routes,
      ...oneWorkspace(),
    );
    renderApp(<DeleteAccountModal onClose={() => {}} />, { signedIn: true });
    await userEvent.type(screen.getByLabelText('Type "DELETE" to confirm'), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("dialog", { name: STEP_UP.title });
    // No authenticator app: no code field, the passkey is the question.
    await userEvent.click(await within(dialog).findByRole("button", { name: SECOND_FACTOR.usePasskey }));
    await vi.waitFor(() => expect(localStorage.getItem("spay_session_token")).toBeNull());
    expect(answer).toHaveBeenCalledWith({ challenge: "c", rpId: "localhost" });
    expect(calls.find((c) => c.path === "/v1/auth/two-factor/step-up")?.body).toEqual({ passkey: assertion });
    expect(within(dialog).queryByLabelText(SECOND_FACTOR.codeLabel)).toBeNull();
  });
});
