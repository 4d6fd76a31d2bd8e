import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { passkeyCeremony } from "../auth/passkey-ceremony.ts";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { passkey, securityServer } from "../testing/security-stub.ts";
import { PASSKEYS } from "./messages.ts";
import { PasskeysSection } from "./PasskeysSection.tsx";

beforeEach(() => {
  // A browser with WebAuthn (jsdom has none); the authenticator is stood in for per test.
  vi.stubGlobal("PublicKeyCredential", class {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const created = {
  id: "cred",
  rawId: "cred",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "AA" },
  clientExtensionResults: {},
};

describe("Settings → Passkeys", () => {
  it("adds a passkey: the server's options to the browser, its answer back; listed with its name", async () => {
    const create = vi.spyOn(passkeyCeremony, "create").mockResolvedValue(created as never);
    const server = securityServer();
    const calls = stubApi(
      on("POST", "/v1/auth/passkeys/registration-options", {
        body: { challenge: "c", rp: { name: "sPay" } },
      }),
      on("POST", "/v1/auth/passkeys", () => {
        const added = passkey("passkey_1", "Chrome on macOS");
        server.state.passkeys.push(added);
        return { status: 201, body: added };
      }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<PasskeysSection />, { signedIn: true });
    expect(await screen.findByText(PASSKEYS.none)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: PASSKEYS.add }));
    expect(await screen.findByText(PASSKEYS.added("Chrome on macOS"))).toBeTruthy();
    expect(create).toHaveBeenCalledWith({ challenge: "c", rp: { name: "sPay" } });
    expect(calls.find((c) => c.method === "POST" && c.path === "/v1/auth/passkeys")?.body).toEqual({
      response: created,
    });
    expect(await screen.findByTestId("passkey-passkey_1")).toBeTruthy();
  });

  it("says so when the browser's prompt was closed, and adds nothing", async () => {
    vi.spyOn(passkeyCeremony, "create").mockRejectedValue(
      Object.assign(new Error("The operation either timed out or was not allowed."), {
        name: "NotAllowedError",
      }),
    );
    const calls = stubApi(
      on("POST", "/v1/auth/passkeys/registration-options", { body: { challenge: "c" } }),
      ...securityServer().routes,
      ...oneWorkspace(),
    );
    renderApp(<PasskeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: PASSKEYS.add }));
    expect((await screen.findByRole("alert")).textContent).toBe(PASSKEYS.canceled);
    expect(calls.some((c) => c.method === "POST" && c.path === "/v1/auth/passkeys")).toBe(false);
  });

  it("renames in place (Escape leaves it as it was) and removes after a confirmation", async () => {
    const server = securityServer({ passkeys: [passkey("passkey_1", "Laptop", { backed_up: false })] });
    const calls = stubApi(
      on("PATCH", "/v1/auth/passkeys/passkey_1", (call) => ({
        body: passkey("passkey_1", (call.body as { name: string }).name),
      })),
      on("DELETE", "/v1/auth/passkeys/passkey_1", () => {
        server.state.passkeys = [];
        return { body: { id: "passkey_1", object: "passkey", deleted: true } };
      }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<PasskeysSection />, { signedIn: true });
    const row = await screen.findByTestId("passkey-passkey_1");
    await userEvent.click(within(row).getByRole("button", { name: PASSKEYS.renameOf("Laptop") }));
    const field = within(row).getByLabelText(PASSKEYS.newName);
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard("{Escape}");
    expect(within(row).queryByLabelText(PASSKEYS.newName)).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: PASSKEYS.renameOf("Laptop") }));
    await userEvent.clear(within(row).getByLabelText(PASSKEYS.newName));
    await userEvent.type(within(row).getByLabelText(PASSKEYS.newName), "Work laptop{Enter}");
    expect(await screen.findByText(PASSKEYS.renamed("Work laptop"))).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Work laptop" });

    await userEvent.click(within(row).getByRole("button", { name: PASSKEYS.removeOf("Work laptop") }));
    const dialog = screen.getByRole("dialog", { name: PASSKEYS.removeTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: PASSKEYS.remove }));
    expect(await screen.findByText(PASSKEYS.removed("Work laptop"))).toBeTruthy();
    expect(screen.queryByTestId("passkey-passkey_1")).toBeNull();
  });

  it("shows a refused removal in the confirmation", async () => {
    stubApi(
      on("DELETE", "/v1/auth/passkeys/passkey_1", apiError(404, "resource_missing", "No such passkey")),
      ...securityServer({ passkeys: [passkey("passkey_1", "Laptop")] }).routes,
      ...oneWorkspace(),
    );
    renderApp(<PasskeysSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: PASSKEYS.removeOf("Laptop") }));
    const dialog = screen.getByRole("dialog", { name: PASSKEYS.removeTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: PASSKEYS.remove }));
    expect(await within(dialog).findByText(/^Could not remove the passkey: /)).toBeTruthy();
  });
});
