import { ROLE_DESCRIPTIONS, type Role } from "@spay/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../App.tsx";
import type { Invitation, Member } from "../api/types.ts";
import { SESSION_KEY } from "../state/session.tsx";
import { apiError, on, oneWorkspace, type StubbedCall, stubApi } from "../testing/api-stub.ts";
import { renderApp, TEST_USER } from "../testing/render.tsx";
import { TEAM } from "./messages.ts";

const ORG = "/v1/organizations/org_1";

function member(id: string, name: string, email: string | null, role: Role): Member {
  return {
    object: "member",
    organization_id: "org_1",
    user: { id, name, email, wallet_address: null },
    role,
    joined_at: 1_767_225_600,
  };
}

function invitation(
  id: string,
  email: string,
  role: Role,
  status: Invitation["status"] = "pending",
): Invitation {
  return {
    id,
    object: "invitation",
    organization_id: "org_1",
    email,
    role,
    status,
    invited_by: TEST_USER.id,
    created_at: 1_767_225_600,
    expires_at: 1_767_830_400,
    accepted_at: null,
  };
}

/** The signed-in merchant (TEST_USER) with `role`, and Ada, a developer. */
const me = (role: Role) => member(TEST_USER.id, "merchant", TEST_USER.email, role);
const ADA = member("user_ada", "Ada Lovelace", "ada@example.com", "developer");
const OWEN = member("user_owen", "Owen", "owen@example.com", "owner");

/** The organization's team as the server keeps it: the lists, and the writes applied to them. */
function teamServer(initial: { members: Member[]; invitations?: Invitation[] }) {
  const state = { members: [...initial.members], invitations: [...(initial.invitations ?? [])] };
  const list = <T,>(data: T[]) => ({ body: { object: "list", data } });
  return {
    state,
    routes: [
      on("GET", `${ORG}/members`, () => list(state.members)),
      on("GET", `${ORG}/invitations`, () => list(state.invitations)),
    ],
  };
}

function renderTeam(role: Role, team: ReturnType<typeof teamServer>, ...routes: Parameters<typeof stubApi>) {
  const calls = stubApi(...routes, ...team.routes, ...oneWorkspace(role));
  renderApp(<AppRoutes />, { path: "/team", signedIn: true });
  return calls;
}

const writes = (calls: StubbedCall[]) => calls.filter((c) => c.method !== "GET");
const row = async (userId: string) => screen.findByTestId(`member-${userId}`);

describe("Team page: members and invitations", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the members (name, email, role, joined) and the pending and expired invitations", async () => {
    const team = teamServer({
      members: [me("owner"), ADA],
      invitations: [
        invitation("inv_1", "new@example.com", "support"),
        invitation("inv_2", "late@example.com", "admin", "expired"),
      ],
    });
    const calls = renderTeam("owner", team);
    expect(await screen.findByRole("heading", { level: 1, name: TEAM.title })).toBeTruthy();
    const ada = await row("user_ada");
    expect(within(ada).getByText("Ada Lovelace").getAttribute("title")).toBe("Ada Lovelace");
    expect(ada.querySelector('td[data-label="Email"]')?.textContent).toBe("ada@example.com");
    expect(ada.querySelector('td[data-label="Joined"]')?.textContent).toBe("January 1, 2026");
    const mine = await row(TEST_USER.id);
    expect(mine.querySelector('td[data-label="Name"]')?.textContent).toBe("merchant (you)");
    expect(mine.querySelector('td[data-label="Role"]')?.textContent).toBe("Owner");
    const invitations = await screen.findByTestId("invitations-table");
    const pending = within(invitations).getByTestId("invitation-inv_1");
    expect(pending.querySelector('td[data-label="Email"]')?.textContent).toBe("new@example.com");
    expect(pending.querySelector('td[data-label="Role"]')?.textContent).toBe("Support");
    expect(pending.querySelector('td[data-label="Status"]')?.textContent).toBe("Pending");
    expect(
      within(invitations).getByTestId("invitation-inv_2").querySelector('td[data-label="Status"]')
        ?.textContent,
    ).toBe("Expired");
    // Each role is described from the protocol's table.
    expect(screen.getByText(ROLE_DESCRIPTIONS.support)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("says 'Only you so far' when the owner is alone, with nothing pending", async () => {
    renderTeam("owner", teamServer({ members: [me("owner")] }));
    expect((await screen.findByTestId("team-empty")).textContent).toContain(TEAM.onlyYou);
    expect(screen.getByText(TEAM.noInvitations)).toBeTruthy();
  });

  it("says it is loading the members and invitations until they answer", async () => {
    const team = teamServer({ members: [me("owner")] });
    renderTeam(
      "owner",
      team,
      on("GET", `${ORG}/members`, { body: { object: "list", data: team.state.members }, delayMs: 300 }),
      on("GET", `${ORG}/invitations`, { body: { object: "list", data: [] }, delayMs: 300 }),
    );
    expect(await screen.findByText(TEAM.loadingMembers)).toBeTruthy();
    expect(screen.getByText(TEAM.loadingInvitations)).toBeTruthy();
    expect(await screen.findByTestId("team-empty")).toBeTruthy();
    expect(screen.queryByText(TEAM.loadingMembers)).toBeNull();
  });

  it("shows a failed load with a Retry that loads again", async () => {
    let fail = true;
    const team = teamServer({ members: [me("owner"), ADA] });
    renderTeam(
      "owner",
      team,
      // Refused until `fail` is off; then the team server answers.
      (call) =>
        fail ? on("GET", `${ORG}/members`, apiError(403, "forbidden", "Not allowed"))(call) : undefined,
    );
    const failure = await screen.findByText(TEAM.membersFailed("Not allowed"));
    const alert = failure.closest('[role="alert"]') as HTMLElement;
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: /retry/i }));
    expect(await row("user_ada")).toBeTruthy();
  });

  it("invites by email with the chosen role, described under the choice, and lists the invitation", async () => {
    const team = teamServer({ members: [me("owner")] });
    const calls = renderTeam(
      "owner",
      team,
      on("POST", `${ORG}/invitations`, (call) => {
        const body = call.body as { email: string; role: Role };
        const created = invitation("inv_new", body.email, body.role);
        team.state.invitations.unshift(created);
        return { status: 201, body: created };
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: TEAM.invite }));
    const dialog = await screen.findByRole("dialog", { name: TEAM.inviteTitle });
    const role = within(dialog).getByLabelText(TEAM.role) as HTMLSelectElement;
    // The owner may grant every role, owner included.
    expect([...role.options].map((o) => o.value)).toEqual(["owner", "admin", "developer", "support"]);
    await userEvent.type(within(dialog).getByLabelText(TEAM.email), "  grace@example.com ");
    await userEvent.selectOptions(role, "developer");
    expect(within(dialog).getByTestId("invite-role-description").textContent).toBe(
      ROLE_DESCRIPTIONS.developer,
    );
    expect(role.getAttribute("aria-describedby")).toBe(
      within(dialog).getByTestId("invite-role-description").id,
    );
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.sendInvite }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", `${ORG}/invitations`, { email: "grace@example.com", role: "developer" }],
    ]);
    const invited = within(screen.getByTestId("invitations-table")).getByTestId("invitation-inv_new");
    expect(invited.querySelector('td[data-label="Email"]')?.textContent).toBe("grace@example.com");
    expect(invited.querySelector('td[data-label="Role"]')?.textContent).toBe("Developer");
    expect(screen.getByTestId("team-news").textContent).toBe(TEAM.invited("grace@example.com"));
  });

  it("shows the server's refusal of an invitation in the dialog, the typed address kept", async () => {
    const calls = renderTeam(
      "owner",
      teamServer({ members: [me("owner"), ADA] }),
      on(
        "POST",
        `${ORG}/invitations`,
        apiError(409, "already_member", "This person is already a member of the organization"),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: TEAM.invite }));
    const dialog = await screen.findByRole("dialog", { name: TEAM.inviteTitle });
    await userEvent.type(within(dialog).getByLabelText(TEAM.email), "ada@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.sendInvite }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      TEAM.inviteFailed("This person is already a member of the organization"),
    );
    expect((within(dialog).getByLabelText(TEAM.email) as HTMLInputElement).value).toBe("ada@example.com");
    expect(writes(calls)).toHaveLength(1);
  });

  it("changes a member's role with Save (not on every arrow key) and shows the server's answer", async () => {
    const team = teamServer({ members: [me("owner"), ADA] });
    const calls = renderTeam(
      "owner",
      team,
      on("PATCH", `${ORG}/members/user_ada`, (call) => ({
        body: { ...ADA, role: (call.body as { role: Role }).role },
      })),
    );
    const ada = await row("user_ada");
    const select = (await within(ada).findByRole("combobox", {
      name: TEAM.roleOf("Ada Lovelace"),
    })) as HTMLSelectElement;
    await userEvent.selectOptions(select, "support");
    await userEvent.selectOptions(select, "admin");
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(ada).getByRole("button", { name: TEAM.saveRoleOf("Ada Lovelace") }));
    await waitFor(() =>
      expect(screen.getByTestId("team-news").textContent).toBe(TEAM.roleChanged("Ada Lovelace", "Admin")),
    );
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ["PATCH", `${ORG}/members/user_ada`, { role: "admin" }],
    ]);
    expect(select.value).toBe("admin");
    expect(within(ada).queryByRole("button", { name: TEAM.saveRoleOf("Ada Lovelace") })).toBeNull();
  });

  it("shows the last_owner refusal when the only owner tries to leave, and stays signed in", async () => {
    const calls = renderTeam(
      "owner",
      teamServer({ members: [me("owner"), ADA] }),
      on(
        "DELETE",
        `${ORG}/members/${TEST_USER.id}`,
        apiError(409, "last_owner", "An organization keeps at least one owner: transfer ownership first"),
      ),
    );
    const mine = await row(TEST_USER.id);
    await userEvent.click(await within(mine).findByRole("button", { name: TEAM.leave }));
    const dialog = await screen.findByRole("dialog", { name: TEAM.leaveTitle });
    expect(within(dialog).getByText(TEAM.leaveConfirm("Acme"))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.leave }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      TEAM.leaveFailed("An organization keeps at least one owner: transfer ownership first"),
    );
    expect(writes(calls)).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
    expect(screen.getByTestId(`member-${TEST_USER.id}`)).toBeTruthy();
  });

  it("shows the last_owner refusal of a role change beside the members", async () => {
    const team = teamServer({ members: [me("owner"), OWEN] });
    renderTeam(
      "owner",
      team,
      on(
        "PATCH",
        `${ORG}/members/user_owen`,
        apiError(409, "last_owner", "An organization keeps at least one owner: transfer ownership first"),
      ),
    );
    const owen = await row("user_owen");
    await userEvent.selectOptions(
      await within(owen).findByRole("combobox", { name: TEAM.roleOf("Owen") }),
      "admin",
    );
    await userEvent.click(within(owen).getByRole("button", { name: TEAM.saveRoleOf("Owen") }));
    expect(
      await screen.findByText(
        TEAM.roleFailed("An organization keeps at least one owner: transfer ownership first"),
      ),
    ).toBeTruthy();
    // The choice goes back to the role the server kept.
    expect((within(owen).getByRole("combobox") as HTMLSelectElement).value).toBe("owner");
  });

  it("shows the server's own words for a refusal, not only the catalogue's (the role changed meanwhile)", async () => {
    renderTeam(
      "owner",
      teamServer({ members: [me("owner"), OWEN] }),
      on(
        "PATCH",
        `${ORG}/members/user_owen`,
        apiError(403, "role_forbidden", "Only an owner may grant or remove the owner role"),
      ),
    );
    const owen = await row("user_owen");
    await userEvent.selectOptions(
      await within(owen).findByRole("combobox", { name: TEAM.roleOf("Owen") }),
      "developer",
    );
    await userEvent.click(within(owen).getByRole("button", { name: TEAM.saveRoleOf("Owen") }));
    expect(
      await screen.findByText(TEAM.roleFailed("Only an owner may grant or remove the owner role")),
    ).toBeTruthy();
  });

  it("leaving ends the session here too (the server ended it everywhere) and goes to the start", async () => {
    const calls = renderTeam(
      "developer",
      teamServer({ members: [OWEN, me("developer")] }),
      on("DELETE", `${ORG}/members/${TEST_USER.id}`, { body: { id: TEST_USER.id, deleted: true } }),
    );
    await userEvent.click(await within(await row(TEST_USER.id)).findByRole("button", { name: TEAM.leave }));
    const dialog = await screen.findByRole("dialog", { name: TEAM.leaveTitle });
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.leave }));
    await waitFor(() => expect(localStorage.getItem(SESSION_KEY)).toBeNull());
    expect(writes(calls).map((c) => [c.method, c.path])).toEqual([
      ["DELETE", `${ORG}/members/${TEST_USER.id}`],
    ]);
    await waitFor(() => expect(screen.queryByRole("heading", { level: 1, name: TEAM.title })).toBeNull());
  });

  it("removes a member after the confirmation, and the row goes", async () => {
    const team = teamServer({ members: [me("admin"), ADA] });
    const calls = renderTeam(
      "admin",
      team,
      on("DELETE", `${ORG}/members/user_ada`, () => {
        team.state.members = team.state.members.filter((m) => m.user.id !== "user_ada");
        return { body: { id: "user_ada", object: "member", deleted: true } };
      }),
    );
    await userEvent.click(
      await within(await row("user_ada")).findByRole("button", { name: TEAM.removeOf("Ada Lovelace") }),
    );
    const dialog = await screen.findByRole("dialog", { name: TEAM.removeTitle });
    expect(within(dialog).getByText(TEAM.removeConfirm("Ada Lovelace", "Acme"))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.remove }));
    await waitFor(() => expect(screen.queryByTestId("member-user_ada")).toBeNull());
    expect(screen.getByTestId("team-news").textContent).toBe(TEAM.removed("Ada Lovelace"));
    expect(writes(calls).map((c) => [c.method, c.path])).toEqual([["DELETE", `${ORG}/members/user_ada`]]);
  });

  it("transfers ownership (owner only, confirmed) and reads the organizations again for the new role", async () => {
    let transferred = false;
    const organization = {
      id: "org_1",
      name: "Acme",
      slug: "acme",
      description: null,
      user_count: 2,
      workspace_count: 1,
      created_at: 0,
    };
    const calls = renderTeam(
      "owner",
      teamServer({ members: [me("owner"), ADA] }),
      // The server's answer for the signed-in member's role, before and after.
      on("GET", "/v1/organizations", () => ({
        body: { data: [{ ...organization, role: transferred ? "admin" : "owner" }] },
      })),
      on("POST", `${ORG}/transfer_ownership`, () => {
        transferred = true;
        return {
          body: {
            object: "list",
            data: [
              { ...me("owner"), role: "admin" },
              { ...ADA, role: "owner" },
            ],
          },
        };
      }),
    );
    await userEvent.click(
      await within(await row("user_ada")).findByRole("button", { name: TEAM.transferOf("Ada Lovelace") }),
    );
    const dialog = await screen.findByRole("dialog", { name: TEAM.transferTitle });
    const orgReads = calls.filter((c) => c.path === "/v1/organizations").length;
    await userEvent.click(within(dialog).getByRole("button", { name: TEAM.transfer }));
    await waitFor(() =>
      expect(screen.getByTestId("team-news").textContent).toBe(TEAM.transferred("Ada Lovelace")),
    );
    expect(writes(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", `${ORG}/transfer_ownership`, { user_id: "user_ada" }],
    ]);
    expect(calls.filter((c) => c.path === "/v1/organizations").length).toBeGreaterThan(orgReads);
    // Now an admin: Ada, the owner, is out of reach, and no one is offered ownership any more.
    const role = (userId: string) =>
      screen.getByTestId(`member-${userId}`).querySelector('td[data-label="Role"]')?.textContent;
    await waitFor(() => expect(role("user_ada")).toBe("Owner"));
    expect(role(TEST_USER.id)).toBe("Admin");
    expect(screen.queryByRole("button", { name: /^Transfer ownership/ })).toBeNull();
  });

  it("revokes an invitation and it leaves the list", async () => {
    const team = teamServer({
      members: [me("owner")],
      invitations: [invitation("inv_1", "new@example.com", "support")],
    });
    const calls = renderTeam(
      "owner",
      team,
      on("DELETE", `${ORG}/invitations/inv_1`, {
        body: { ...invitation("inv_1", "new@example.com", "support"), status: "revoked" },
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: TEAM.revokeOf("new@example.com") }));
    await waitFor(() => expect(screen.queryByTestId("invitation-inv_1")).toBeNull());
    expect(screen.getByTestId("team-news").textContent).toBe(TEAM.revoked("new@example.com"));
    expect(writes(calls).map((c) => [c.method, c.path])).toEqual([["DELETE", `${ORG}/invitations/inv_1`]]);
  });
});

describe("Team page: what each role is offered", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers a support member no Invite, role change, Remove, Transfer or Revoke: only Leave, and says why", async () => {
    renderTeam(
      "support",
      teamServer({
        members: [OWEN, ADA, me("support")],
        invitations: [invitation("inv_1", "new@example.com", "support")],
      }),
    );
    const ada = await row("user_ada");
    await screen.findByTestId("invitation-inv_1");
    // The role is known once the organizations answered: wait for the page to say what it is.
    expect((await screen.findByTestId("role-note-members.write")).textContent).toBe(
      "Your role is Support. Only an owner or an admin can invite members, change roles below owner, remove members.",
    );
    expect(screen.queryByRole("button", { name: TEAM.invite })).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(within(ada).queryByRole("button")).toBeNull();
    expect(ada.querySelector('td[data-label="Role"]')?.textContent).toBe("Developer");
    expect(screen.queryByRole("button", { name: TEAM.revokeOf("new@example.com") })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: TEAM.columns.actions, hidden: false })).toBeTruthy();
    expect(within(await row(TEST_USER.id)).getByRole("button", { name: TEAM.leave })).toBeTruthy();
  });

  it("lets an admin manage members below owner but never pick owner, nor touch an owner", async () => {
    renderTeam("admin", teamServer({ members: [OWEN, ADA, me("admin")] }));
    const ada = await row("user_ada");
    const select = (await within(ada).findByRole("combobox", {
      name: TEAM.roleOf("Ada Lovelace"),
    })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["admin", "developer", "support"]);
    expect(within(ada).getByRole("button", { name: TEAM.removeOf("Ada Lovelace") })).toBeTruthy();
    // Only an owner transfers ownership.
    expect(within(ada).queryByRole("button", { name: TEAM.transferOf("Ada Lovelace") })).toBeNull();
    const owen = await row("user_owen");
    expect(within(owen).queryByRole("combobox")).toBeNull();
    expect(within(owen).queryByRole("button")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: TEAM.invite }));
    const dialog = await screen.findByRole("dialog", { name: TEAM.inviteTitle });
    const role = within(dialog).getByLabelText(TEAM.role) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(["admin", "developer", "support"]);
  });
});

describe("Team page: hostile text", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("renders a script tag and a 300-character name as text, truncated with the full name in its title", async () => {
    const script = "<script>window.pwned=1</script>";
    const long = `${"Ж".repeat(150)}${"W".repeat(150)}`;
    const hostile = member("user_evil", script, `${"x".repeat(200)}@example.com`, "developer");
    const longOne = member("user_long", long, "long@example.com", "support");
    renderTeam(
      "owner",
      teamServer({
        members: [me("owner"), hostile, longOne],
        invitations: [invitation("inv_x", script, "support")],
      }),
    );
    const evil = await row("user_evil");
    expect(within(evil).getByText(script).tagName).toBe("SPAN");
    const name = within(await row("user_long")).getByText(long);
    expect(name.className).toBe("team-name");
    expect(name.getAttribute("title")).toBe(long);
    expect(within(screen.getByTestId("invitations-table")).getByText(script)).toBeTruthy();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    // The role choice and the confirmations name the member as text too.
    expect(await within(evil).findByRole("combobox", { name: TEAM.roleOf(script) })).toBeTruthy();
  });
});
