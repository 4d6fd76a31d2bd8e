import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SECOND_FACTOR } from "../auth/messages.ts";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { OTPAUTH, RECOVERY, SECRET, securityServer } from "../testing/security-stub.ts";
import { groupedSecret } from "./EnrollTotpModal.tsx";
import { ENROLL, RECOVERY_CODES, STEP_UP, TWO_FACTOR } from "./messages.ts";
import { TwoFactorSection } from "./TwoFactorSection.tsx";

let clipboard: string[] = [];
beforeEach(() => {
  clipboard = [];
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (t: string) => void clipboard.push(t) },
  });
});
afterEach(() => vi.unstubAllGlobals());

const ENABLED = { totp: { enabled: true, created_at: 1_767_225_600 }, recovery_codes_remaining: 10 };
const writes = (calls: StubbedCall[], path: string) =>
  calls.filter((c) => c.method !== "GET" && c.path === path);

/** The account without a second factor, and a server that enrolls it: the secret, then the codes. */
function enrollingServer() {
  const server = securityServer();
  const routes = [
    on("POST", "/v1/auth/two-factor/totp", { body: { otpauth_url: OTPAUTH, secret: SECRET } }),
    on("POST", "/v1/auth/two-factor/totp/confirm", (call) => {
      if ((call.body as { code: string }).code !== "492039")
        return apiError(401, "invalid_second_factor_code");
      server.state.twoFactor = ENABLED;
      return { body: { recovery_codes: RECOVERY } };
    }),
    ...server.routes,
    ...oneWorkspace(),
  ];
  return { server, routes };
}

async function openEnrollment() {
  await userEvent.click(await screen.findByRole("button", { name: TWO_FACTOR.enable }));
  return screen.findByRole("dialog", { name: ENROLL.title });
}

describe("Settings → two-factor authentication: turning it on", () => {
  it("shows the QR code of the otpauth URL and the secret to type, and posts the app's code", async () => {
    const { routes } = enrollingServer();
    const calls = stubApi(...routes);
    renderApp(<TwoFactorSection />, { signedIn: true });
    expect((await screen.findByTestId("two-factor-state")).textContent).toBe(TWO_FACTOR.off);
    const dialog = await openEnrollment();
    const field = await within(dialog).findByLabelText(ENROLL.codeLabel);
    expect(document.activeElement).toBe(field);
    const qr = await within(dialog).findByRole("img", { name: ENROLL.qrAlt });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(within(dialog).getByTestId("totp-qr").dataset.otpauthUrl).toBe(OTPAUTH);
    expect(within(dialog).getByTestId("totp-secret").textContent).toBe(groupedSecret(SECRET));
    await userEvent.click(within(dialog).getByRole("button", { name: "Copy Secret key" }));
    expect(clipboard).toEqual([SECRET]);
    await userEvent.type(field, "492 039");
    await userEvent.click(within(dialog).getByRole("button", { name: ENROLL.confirm }));
    expect(await screen.findByRole("dialog", { name: RECOVERY_CODES.title })).toBeTruthy();
    expect(writes(calls, "/v1/auth/two-factor/totp/confirm").map((c) => c.body)).toEqual([
      { code: "492039" },
    ]);
    // One secret per opening: the QR code and the server agree.
    expect(writes(calls, "/v1/auth/two-factor/totp")).toHaveLength(1);
  });

  it("says a wrong code was wrong, clears it, and keeps the QR code on screen", async () => {
    const { routes } = enrollingServer();
    stubApi(...routes);
    renderApp(<TwoFactorSection />, { signedIn: true });
    const dialog = await openEnrollment();
    const field = (await within(dialog).findByLabelText(ENROLL.codeLabel)) as HTMLInputElement;
    await userEvent.type(field, "111111");
    await userEvent.click(within(dialog).getByRole("button", { name: ENROLL.confirm }));
    expect(await within(dialog).findByText(ENROLL.wrongCode)).toBeTruthy();
    expect(field.value).toBe("");
    expect(within(dialog).getByTestId("totp-secret")).toBeTruthy();
  });

  it("shows the ten recovery codes once: copy, download, and a tick before the dialog goes", async () => {
    const { routes } = enrollingServer();
    stubApi(...routes);
    renderApp(<TwoFactorSection />, { signedIn: true });
    const dialog = await openEnrollment();
    await userEvent.type(await within(dialog).findByLabelText(ENROLL.codeLabel), "492039");
    await userEvent.click(within(dialog).getByRole("button", { name: ENROLL.confirm }));
    const list = await within(dialog).findByRole("list", { name: RECOVERY_CODES.listLabel });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(RECOVERY);
    expect(document.activeElement).toBe(list);

    await userEvent.click(within(dialog).getByRole("button", { name: RECOVERY_CODES.copy }));
    expect(clipboard).toEqual([RECOVERY.join("\n")]);
    expect(within(dialog).getByRole("status").textContent).toBe(RECOVERY_CODES.copied);

    const download = within(dialog).getByRole("link", { name: RECOVERY_CODES.download });
    expect(download.getAttribute("download")).toBe(RECOVERY_CODES.fileName);
    const text = decodeURIComponent(
      (download.getAttribute("href") ?? "").replace(/^data:text\/plain;charset=utf-8,/, ""),
    );
    for (const code of RECOVERY) expect(text).toContain(code);
    download.addEventListener("click", (e) => e.preventDefault());
    await userEvent.click(download);
    expect(within(dialog).getByRole("status").textContent).toBe(
      RECOVERY_CODES.downloaded(RECOVERY_CODES.fileName),
    );

    // Neither Done nor Escape lets the codes go before the tick.
    await userEvent.click(within(dialog).getByRole("button", { name: RECOVERY_CODES.done }));
    await userEvent.keyboard("{Escape}");
    expect(within(dialog).getByText(RECOVERY_CODES.saveFirst)).toBeTruthy();
    const tick = within(dialog).getByRole("checkbox", { name: RECOVERY_CODES.saved });
    expect(document.activeElement).toBe(tick);
    await userEvent.click(tick);
    await userEvent.click(within(dialog).getByRole("button", { name: RECOVERY_CODES.done }));

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText(RECOVERY[0] as string)).toBeNull();
    expect(screen.getByTestId("two-factor-news").textContent).toBe(TWO_FACTOR.enabled);
    // The status is read again: on, ten codes left; nothing shows the codes again.
    await vi.waitFor(() => expect(screen.getByTestId("two-factor-state").textContent).toBe(TWO_FACTOR.on));
    expect(screen.getByTestId("recovery-left").textContent).toBe(TWO_FACTOR.recoveryLeft(10));
    expect(screen.queryByText(RECOVERY[0] as string)).toBeNull();
  });
});

describe("Settings → two-factor authentication: actions that need the second factor again", () => {
  /** A server whose DELETE wants a fresh second factor until the step-up answered. */
  function guardedServer() {
    const server = securityServer({ twoFactor: ENABLED });
    let fresh = false;
    const routes = [
      on("POST", "/v1/auth/two-factor/step-up", (call) => {
        if ((call.body as { code?: string }).code !== "492039")
          return apiError(401, "invalid_second_factor_code");
        fresh = true;
        return { body: { second_factor_at: 1, fresh_until: 301 } };
      }),
      on("DELETE", "/v1/auth/two-factor/totp", () => {
        if (!fresh) return apiError(403, "second_factor_required");
        server.state.twoFactor = { totp: { enabled: false, created_at: null }, recovery_codes_remaining: 0 };
        return { body: server.state.twoFactor };
      }),
      ...server.routes,
      ...oneWorkspace(),
    ];
    return routes;
  }

  async function confirmTurnOff() {
    await userEvent.click(await screen.findByRole("button", { name: TWO_FACTOR.disable }));
    const confirm = screen.getByRole("dialog", { name: TWO_FACTOR.disableTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: TWO_FACTOR.disable }));
    return confirm;
  }

  it("asks 'Confirm it's you' on 403 second_factor_required, steps up, then retries the action", async () => {
    const calls = stubApi(...guardedServer());
    renderApp(<TwoFactorSection />, { signedIn: true });
    await confirmTurnOff();
    const stepUp = await screen.findByRole("dialog", { name: STEP_UP.title });
    const field = await within(stepUp).findByLabelText(SECOND_FACTOR.codeLabel);
    // A wrong code first: refused, asked again.
    await userEvent.type(field, "000000");
    await userEvent.click(within(stepUp).getByRole("button", { name: SECOND_FACTOR.verify }));
    expect(await within(stepUp).findByText(SECOND_FACTOR.invalidCode)).toBeTruthy();
    await userEvent.type(field, "492039");
    await userEvent.click(within(stepUp).getByRole("button", { name: SECOND_FACTOR.verify }));
    expect(await screen.findByText(TWO_FACTOR.disabled)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(writes(calls, "/v1/auth/two-factor/step-up").map((c) => c.body)).toEqual([
      { code: "000000" },
      { code: "492039" },
    ]);
    expect(writes(calls, "/v1/auth/two-factor/totp")).toHaveLength(2);
    expect(screen.getByTestId("two-factor-state").textContent).toBe(TWO_FACTOR.off);
  });

  it("takes a recovery code at the step-up too", async () => {
    const calls = stubApi(
      on("POST", "/v1/auth/two-factor/step-up", { body: { second_factor_at: 1, fresh_until: 301 } }),
      ...guardedServer(),
    );
    renderApp(<TwoFactorSection />, { signedIn: true });
    await confirmTurnOff();
    const stepUp = await screen.findByRole("dialog", { name: STEP_UP.title });
    await userEvent.click(await within(stepUp).findByRole("button", { name: SECOND_FACTOR.useRecovery }));
    await userEvent.type(within(stepUp).getByLabelText(SECOND_FACTOR.recoveryLabel), "abcd-1234");
    await userEvent.click(within(stepUp).getByRole("button", { name: SECOND_FACTOR.verify }));
    await vi.waitFor(() =>
      expect(writes(calls, "/v1/auth/two-factor/step-up").map((c) => c.body)).toEqual([
        { recovery_code: "abcd-1234" },
      ]),
    );
  });

  it("closing the question takes no action and shows no error; Escape closes only the question", async () => {
    const calls = stubApi(...guardedServer());
    renderApp(<TwoFactorSection />, { signedIn: true });
    const confirm = await confirmTurnOff();
    const stepUp = await screen.findByRole("dialog", { name: STEP_UP.title });
    await within(stepUp).findByLabelText(SECOND_FACTOR.codeLabel);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: STEP_UP.title })).toBeNull();
    // The confirmation stays as it was, without an error, ready to try again.
    expect(screen.getByRole("dialog", { name: TWO_FACTOR.disableTitle })).toBe(confirm);
    expect(within(confirm).getByRole("alert").textContent).toBe("");
    expect(writes(calls, "/v1/auth/two-factor/totp")).toHaveLength(1);
    expect(writes(calls, "/v1/auth/two-factor/step-up")).toHaveLength(0);
  });

  it("regenerates the recovery codes after the step-up and shows the new ones once", async () => {
    let fresh = false;
    const server = securityServer({ twoFactor: { ...ENABLED, recovery_codes_remaining: 2 } });
    stubApi(
      on("POST", "/v1/auth/two-factor/step-up", () => {
        fresh = true;
        return { body: { second_factor_at: 1, fresh_until: 301 } };
      }),
      on("POST", "/v1/auth/two-factor/recovery-codes", () =>
        fresh ? { body: { recovery_codes: RECOVERY } } : apiError(403, "second_factor_required"),
      ),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<TwoFactorSection />, { signedIn: true });
    expect((await screen.findByTestId("recovery-left")).textContent).toContain(TWO_FACTOR.recoveryLow);
    await userEvent.click(screen.getByRole("button", { name: TWO_FACTOR.regenerate }));
    const confirm = screen.getByRole("dialog", { name: TWO_FACTOR.regenerateTitle });
    await userEvent.click(within(confirm).getByRole("button", { name: TWO_FACTOR.regenerateSubmit }));
    const stepUp = await screen.findByRole("dialog", { name: STEP_UP.title });
    await userEvent.type(await within(stepUp).findByLabelText(SECOND_FACTOR.codeLabel), "492039");
    await userEvent.click(within(stepUp).getByRole("button", { name: SECOND_FACTOR.verify }));
    const codes = await screen.findByRole("dialog", { name: RECOVERY_CODES.title });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
  });
});
