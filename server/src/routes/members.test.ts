import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  TEST_PASSWORD,
  type TestApi,
  uniqueEmail,
} from "../../test/harness.ts";
import { type Smtp, startSmtp } from "../../test/smtp.ts";
import { nowSeconds } from "../domain/ids.ts";
import { smtpTransport } from "../services/mail/transport.ts";
import { defaultMailOptions, MailWorker } from "../services/mail/worker.ts";

/**
 * Teams: invitations mailed over real SMTP and accepted once, roles that decide every route, and the
 * rules that keep an organization owned.
 */
let api: TestApi;
let smtp: Smtp;
let worker: MailWorker;
let owner: Merchant;

beforeAll(async () => {
  api = await startTestApi();
  smtp = await startSmtp();
  worker = new MailWorker(api.deps, smtpTransport(smtp.url), {
    ...defaultMailOptions(api.deps),
    delays: [0],
  });
  owner = await setupMerchant(api);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await api?.close();
});

const as = (token: string, workspaceId = owner.workspaceId) => ({
  token,
  headers: { "x-workspace-id": workspaceId },
});

/** Invites `email`, sends the mail over SMTP and reads the token back from the received mail. */
async function invite(email: string, role: string, by = owner.token, org = owner.organizationId) {
  const res = await api.request("POST", `/v1/organizations/${org}/invitations`, {
    token: by,
    body: { email, role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await worker.tick();
  const mail = smtp.received.findLast((m) => m.to && !Array.isArray(m.to) && m.to.text === email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const token = /\/invite#(invtok_[\w-]+)/.exec(mail?.text ?? "")?.[1];
  expect(token).toBeDefined();
  return { invitation: res.body, token: token as string, mail };
}

/** A new member with `role` who registered through their invitation. */
async function newMember(role: string) {
  const email = uniqueEmail();
  const { token } = await invite(email, role);
  const res = await api.request("POST", "/v1/invitations/register", {
    body: { token, password: TEST_PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.session_id as string, userId: res.body.user.id as string, email };
}

describe("invitations", () => {
  it("mail the link; the token is kept only sealed and hashed; a new account joins once with the role", async () => {
    const email = uniqueEmail();
    const { invitation, token, mail } = await invite(email, "support");
    expect(invitation).toMatchObject({ object: "invitation", email, role: "support", status: "pending" });
    expect(mail?.subject).toBe("You are invited to join Acme on sPay");
    const stored = await api.deps.db.selectFrom("account_mail").select("sealed_body").execute();
    expect(stored.some((r) => r.sealed_body.includes(token))).toBe(false);
    const invitations = await api.deps.db.selectFrom("invitations").select("token_hash").execute();
    expect(invitations.some((r) => r.token_hash.includes(token))).toBe(false);

    const preview = await api.request("POST", "/v1/invitations/preview", { body: { token } });
    expect(preview.body).toMatchObject({
      organization_name: "Acme",
      role: "support",
      email,
      account_exists: false,
    });

    const joined = await api.request("POST", "/v1/invitations/register", {
      body: { token, password: TEST_PASSWORD, name: "Sam Support" },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.organization_id).toBe(owner.organizationId);
    await worker.tick();
    const told = smtp.received.filter(
      (m) => m.to && !Array.isArray(m.to) && m.to.text === owner.email.toLowerCase(),
    );
    expect(told.map((m) => m.subject)).toContain("A new member joined Acme");
    expect(told.find((m) => m.subject === "A new member joined Acme")?.text).toContain(
      "Sam Support accepted",
    );
    const list = await api.request(
      "GET",
      `/v1/organizations/${owner.organizationId}/members`,
      as(owner.token),
    );
    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        role: "support",
        user: expect.objectContaining({ email, name: "Sam Support" }),
      }),
    );

    const again = await api.request("POST", "/v1/invitations/register", {
      body: { token, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("invitation_invalid");
  });

  it("an existing account accepts with its own session, and only the invited address may", async () => {
    const invitee = await signUp(api);
    const stranger = await signUp(api);
    const { token } = await invite(invitee.email, "developer");
    const preview = await api.request("POST", "/v1/invitations/preview", { body: { token } });
    expect(preview.body.account_exists).toBe(true);
    const wrong = await api.request("POST", "/v1/invitations/accept", {
      token: stranger.token,
      body: { token },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("invitation_email_mismatch");
    const right = await api.request("POST", "/v1/invitations/accept", {
      token: invitee.token,
      body: { token },
    });
    expect(right.status).toBe(200);
    const orgs = await api.request("GET", "/v1/organizations", { token: invitee.token });
    expect(orgs.body.data).toContainEqual(
      expect.objectContaining({ id: owner.organizationId, role: "developer" }),
    );
  });

  it("an expired or revoked invitation is refused; a pending one blocks a duplicate", async () => {
    const expiring = await invite(uniqueEmail(), "support");
    await api.deps.db
      .updateTable("invitations")
      .set({ expires_at: nowSeconds() - 1 })
      .where("id", "=", expiring.invitation.id)
      .execute();
    const expired = await api.request("POST", "/v1/invitations/preview", { body: { token: expiring.token } });
    expect(expired.body.error.code).toBe("invitation_invalid");

    const email = uniqueEmail();
    const revoking = await invite(email, "support");
    const duplicate = await api.request("POST", `/v1/organizations/${owner.organizationId}/invitations`, {
      token: owner.token,
      body: { email, role: "admin" },
    });
    expect(duplicate.body.error.code).toBe("invitation_pending");
    const revoked = await api.request(
      "DELETE",
      `/v1/organizations/${owner.organizationId}/invitations/${revoking.invitation.id}`,
      { token: owner.token },
    );
    expect(revoked.body.status).toBe("revoked");
    const used = await api.request("POST", "/v1/invitations/register", {
      body: { token: revoking.token, password: TEST_PASSWORD },
    });
    expect(used.body.error.code).toBe("invitation_invalid");
  });

  it("only an owner invites an owner; a member cannot be invited twice", async () => {
    const admin = await newMember("admin");
    const res = await api.request("POST", `/v1/organizations/${owner.organizationId}/invitations`, {
      token: admin.token,
      body: { email: uniqueEmail(), role: "owner" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("role_forbidden");
    const member = await api.request("POST", `/v1/organizations/${owner.organizationId}/invitations`, {
      token: owner.token,
      body: { email: admin.email, role: "support" },
    });
    expect(member.body.error.code).toBe("already_member");
  });
});

describe("roles", () => {
  it("support reads payments and refunds but is refused keys, refunds and members — before any body is read", async () => {
    const support = await newMember("support");
    const payments = await api.request("GET", "/v1/payments", as(support.token));
    expect(payments.status).toBe(200);
    const refunds = await api.request("GET", "/v1/refunds", as(support.token));
    expect(refunds.status).toBe(200);
    // Onboarding progress is every member's; the keys in it are not.
    const progress = await api.request("GET", "/onboarding/status", as(support.token));
    expect(progress.status).toBe(200);
    expect(progress.body.api_keys).toEqual([]);
    expect(
      (await api.request("GET", "/onboarding/status", as(owner.token))).body.api_keys.length,
    ).toBeGreaterThan(0);
    for (const [method, path, body] of [
      ["GET", `/v1/workspaces/${owner.workspaceId}/api-keys`, undefined],
      ["POST", `/v1/workspaces/${owner.workspaceId}/api-keys`, { nonsense: true }],
      ["POST", "/v1/refunds", { nonsense: true }],
      ["POST", `/v1/organizations/${owner.organizationId}/invitations`, { email: "not an email" }],
      ["DELETE", `/v1/organizations/${owner.organizationId}`, undefined],
    ] as const) {
      const res = await api.request(method, path, { ...as(support.token), body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe("role_forbidden");
    }
  });

  it("an admin changes roles below owner, never the owner role", async () => {
    const admin = await newMember("admin");
    const dev = await newMember("developer");
    const path = (id: string) => `/v1/organizations/${owner.organizationId}/members/${id}`;
    const demoted = await api.request("PATCH", path(dev.userId), {
      token: admin.token,
      body: { role: "support" },
    });
    expect(demoted.body.role).toBe("support");
    const promote = await api.request("PATCH", path(dev.userId), {
      token: admin.token,
      body: { role: "owner" },
    });
    expect(promote.body.error.code).toBe("role_forbidden");
    const demoteOwner = await api.request("PATCH", path(owner.user.id), {
      token: admin.token,
      body: { role: "support" },
    });
    expect(demoteOwner.body.error.code).toBe("role_forbidden");
    const entries = await api.request("GET", "/v1/audit_log?action=member.role_changed", as(owner.token));
    expect(entries.body.data).toContainEqual(
      expect.objectContaining({
        object_id: dev.userId,
        actor: { type: "user", id: admin.userId },
        details: { before: { role: "developer" }, after: { role: "support" } },
      }),
    );
  });

  it("the last owner can neither leave nor be demoted; ownership is transferred instead", async () => {
    const solo = await setupMerchant(api);
    const path = `/v1/organizations/${solo.organizationId}/members/${solo.user.id}`;
    const leave = await api.request("DELETE", path, { token: solo.token });
    expect(leave.status).toBe(409);
    expect(leave.body.error.code).toBe("last_owner");
    const demote = await api.request("PATCH", path, { token: solo.token, body: { role: "admin" } });
    expect(demote.body.error.code).toBe("last_owner");

    const heirEmail = uniqueEmail();
    const invited = await api.request("POST", `/v1/organizations/${solo.organizationId}/invitations`, {
      token: solo.token,
      body: { email: heirEmail, role: "developer" },
    });
    expect(invited.status).toBe(201);
    await worker.tick();
    const mail = smtp.received.findLast((m) => m.to && !Array.isArray(m.to) && m.to.text === heirEmail);
    const token = /\/invite#(invtok_[\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const heir = await api.request("POST", "/v1/invitations/register", {
      body: { token, password: TEST_PASSWORD },
    });
    const moved = await api.request("POST", `/v1/organizations/${solo.organizationId}/transfer_ownership`, {
      token: solo.token,
      body: { user_id: heir.body.user.id },
    });
    expect(moved.status).toBe(200);
    const roles = Object.fromEntries(
      (moved.body.data as { user: { id: string }; role: string }[]).map((m) => [m.user.id, m.role]),
    );
    expect(roles).toEqual({ [solo.user.id]: "admin", [heir.body.user.id]: "owner" });
    const nowLeave = await api.request("DELETE", path, { token: solo.token });
    expect(nowLeave.status).toBe(200);
  });

  it("a removed member's open session fails on its very next request", async () => {
    const dev = await newMember("developer");
    const before = await api.request("GET", "/v1/payments", as(dev.token));
    expect(before.status).toBe(200);
    const removed = await api.request(
      "DELETE",
      `/v1/organizations/${owner.organizationId}/members/${dev.userId}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    const after = await api.request("GET", "/v1/payments", as(dev.token));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("session_invalid");
    const entries = await api.request("GET", "/v1/audit_log?action=member.removed", as(owner.token));
    expect(entries.body.data).toContainEqual(
      expect.objectContaining({
        object_id: dev.userId,
        details: { before: { role: "developer" }, left: false },
      }),
    );
  });
});

/** Adds an authenticator to the account of `token` (the server accepts the steps beside the current one). */
async function enrollTotp(token: string) {
  const start = await api.request("POST", "/v1/auth/two-factor/totp", { token });
  expect(start.status).toBe(200);
  const code = new TOTP({ secret: Secret.fromBase32(start.body.secret), digits: 6, period: 30 }).generate();
  const confirm = await api.request("POST", "/v1/auth/two-factor/totp/confirm", { token, body: { code } });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
}

describe("an organization that requires a second factor", () => {
  it("is turned on only by someone who has one, and closes itself to members without one until they enroll", async () => {
    const org = await setupMerchant(api);
    const path = `/v1/organizations/${org.organizationId}`;
    const refused = await api.request("PATCH", path, {
      token: org.token,
      body: { require_two_factor: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("two_factor_enrollment_required");
    await enrollTotp(org.token);
    const on = await api.request("PATCH", path, { token: org.token, body: { require_two_factor: true } });
    expect(on.body.require_two_factor).toBe(true);

    const memberEmail = uniqueEmail();
    const invited = await api.request("POST", `${path}/invitations`, {
      token: org.token,
      body: { email: memberEmail, role: "developer" },
    });
    expect(invited.status).toBe(201);
    await worker.tick();
    const mail = smtp.received.findLast((m) => m.to && !Array.isArray(m.to) && m.to.text === memberEmail);
    const token = /\/invite#(invtok_[\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const joined = await api.request("POST", "/v1/invitations/register", {
      body: { token, password: TEST_PASSWORD },
    });
    const member = joined.body.session_id as string;
    const blocked = await api.request("GET", "/v1/payments", as(member, org.workspaceId));
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe("two_factor_enrollment_required");
    // Their own account stays open: that is where they enroll.
    expect((await api.request("GET", "/v1/auth/two-factor", { token: member })).status).toBe(200);
    await enrollTotp(member);
    expect((await api.request("GET", "/v1/payments", as(member, org.workspaceId))).status).toBe(200);
    const entries = await api.request(
      "GET",
      "/v1/audit_log?action=organization.two_factor_requirement_changed",
      as(org.token, org.workspaceId),
    );
    expect(entries.body.data[0]).toMatchObject({
      details: { before: { require_two_factor: false }, after: { require_two_factor: true } },
    });
  });
});

describe("step-up", () => {
  it("rolling a key, verifying a payout wallet or deleting needs a second factor proved in the last five minutes", async () => {
    const org = await setupMerchant(api);
    await enrollTotp(org.token);
    const keys = await api.request("GET", `/v1/workspaces/${org.workspaceId}/api-keys`, { token: org.token });
    const secret = keys.body.data.find((k: { type: string }) => k.type === "sk");
    const roll = () =>
      api.request("POST", `/v1/api-keys/${secret.id}/roll`, {
        token: org.token,
        body: { expires_in_seconds: 0 },
      });
    // Confirming the authenticator proved it just now: fresh.
    expect((await roll()).status).toBe(201);
    await api.deps.db
      .updateTable("sessions")
      .set({ second_factor_at: nowSeconds() - 301 })
      .where("user_id", "=", org.user.id)
      .execute();
    const stale = await api.request("POST", `/v1/workspaces/${org.workspaceId}/api-keys`, {
      token: org.token,
      body: { type: "sk" },
    });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe("second_factor_required");
    const deleting = await api.request("DELETE", `/v1/organizations/${org.organizationId}`, {
      token: org.token,
    });
    expect(deleting.body.error.code).toBe("second_factor_required");
    const alerts = await api.deps.db
      .selectFrom("account_mail")
      .select("recipient")
      .where("kind", "=", "security_alert")
      .where("user_id", "=", org.user.id)
      .execute();
    // Enrolling and the roll each told the owner.
    expect(alerts.length).toBeGreaterThanOrEqual(2);
  });
});
