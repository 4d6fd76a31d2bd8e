import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, on, oneWorkspace, stubApi } from "../testing/api-stub.ts";
import { renderApp } from "../testing/render.tsx";
import { securityServer, session } from "../testing/security-stub.ts";
import { SESSIONS } from "./messages.ts";
import { SessionsSection } from "./SessionsSection.tsx";

afterEach(() => vi.unstubAllGlobals());

/** A browser string as long as a hostile client sends, with no space to break at. */
const HOSTILE_AGENT = `Mozilla/5.0${"X".repeat(489)}`;

function sessionsServer() {
  const server = securityServer({
    sessions: [
      session("sess_here", {
        current: true,
        device: "Chrome 131 on macOS",
        ip: "2001:db8:85a3::8a2e:370:7334",
      }),
      session("sess_phone", { device: "Safari on iOS", ip: "198.51.100.4" }),
      session("sess_odd", { device: HOSTILE_AGENT, user_agent: HOSTILE_AGENT, ip: null, last_seen_at: null }),
    ],
  });
  return server;
}

describe("Settings → Sessions", () => {
  it("lists each session's device, address, sign-in and last activity, this device marked and not signed out", async () => {
    const server = sessionsServer();
    stubApi(...server.routes, ...oneWorkspace());
    renderApp(<SessionsSection />, { signedIn: true });
    const here = await screen.findByTestId("session-sess_here");
    expect(within(here).getByText(SESSIONS.thisDevice)).toBeTruthy();
    expect(within(here).getByText("Chrome 131 on macOS")).toBeTruthy();
    expect(within(here).getByText("2001:db8:85a3::8a2e:370:7334")).toBeTruthy();
    expect(within(here).queryByRole("button")).toBeNull();
    const phone = screen.getByTestId("session-sess_phone");
    expect(within(phone).queryByText(SESSIONS.thisDevice)).toBeNull();
    expect(within(phone).getByRole("button", { name: SESSIONS.signOutOf("Safari on iOS") })).toBeTruthy();
    // A 500-character browser string: whole in its title, cut on screen, the row's facts intact.
    const odd = screen.getByTestId("session-sess_odd");
    const name = within(odd).getByTitle(HOSTILE_AGENT);
    expect([name.tagName, name.className]).toEqual(["STRONG", "truncate session-device"]);
    const agent = within(phone).getByTitle(session("x").user_agent as string);
    expect(agent.className).toContain("line-clamp");
    expect(within(odd).getByText(SESSIONS.unknownIp)).toBeTruthy();
    expect(within(odd).getByText(SESSIONS.never)).toBeTruthy();
  });

  it("signs out one other session, announces it, and keeps the focus in the section", async () => {
    const server = sessionsServer();
    const calls = stubApi(
      on("DELETE", "/v1/auth/sessions/sess_phone", () => {
        server.state.sessions = server.state.sessions.filter((s) => s.id !== "sess_phone");
        return { body: { id: "sess_phone", object: "session", deleted: true } };
      }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<SessionsSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: SESSIONS.signOutOf("Safari on iOS") }));
    expect((await screen.findByTestId("sessions-news")).textContent).toBe(
      SESSIONS.signedOut("Safari on iOS"),
    );
    expect(screen.queryByTestId("session-sess_phone")).toBeNull();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/v1/auth/sessions/sess_phone",
    ]);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: SESSIONS.title }));
  });

  it("signs out all other sessions after a confirmation, leaving this one", async () => {
    const server = sessionsServer();
    const calls = stubApi(
      on("POST", "/v1/auth/sessions/revoke_others", { body: { revoked: 2 } }),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<SessionsSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: SESSIONS.signOutOthers }));
    const dialog = screen.getByRole("dialog", { name: SESSIONS.signOutOthersTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: SESSIONS.signOutOthers }));
    expect((await screen.findByTestId("sessions-news")).textContent).toBe(SESSIONS.signedOutOthers(2));
    expect(calls.some((c) => c.path === "/v1/auth/sessions/revoke_others")).toBe(true);
    expect(screen.getAllByRole("listitem").map((li) => li.dataset.testid)).toEqual(["session-sess_here"]);
    expect(screen.getByText(SESSIONS.onlyThis)).toBeTruthy();
    expect(screen.queryByRole("button", { name: SESSIONS.signOutOthers })).toBeNull();
  });

  it("shows a refused sign-out, and a list that could not load with Retry", async () => {
    const server = sessionsServer();
    stubApi(
      on("DELETE", /^\/v1\/auth\/sessions\//, apiError(404, "resource_missing")),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<SessionsSection />, { signedIn: true });
    await userEvent.click(await screen.findByRole("button", { name: SESSIONS.signOutOf("Safari on iOS") }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Could not sign out the session: /);
    expect(screen.getByTestId("session-sess_phone")).toBeTruthy();
  });

  it("says when the list cannot be read, and reads it again on Retry", async () => {
    let fail = true;
    const server = sessionsServer();
    stubApi(
      on("GET", "/v1/auth/sessions", () => (fail ? apiError(500, "api_error") : undefined)),
      ...server.routes,
      ...oneWorkspace(),
    );
    renderApp(<SessionsSection />, { signedIn: true });
    const notice = await screen.findByText(/^Could not load your sessions: /, {}, { timeout: 5_000 });
    fail = false;
    await userEvent.click(within(notice.parentElement as HTMLElement).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("session-sess_here")).toBeTruthy();
  });
});
