import { randomBytes } from "node:crypto";
import { type Role, roleCan } from "@spay/protocol";
import type { Db } from "../db/database.ts";
import type { InvitationRow } from "../db/schema.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { SecretBox } from "../domain/secret-box.ts";
import { hashToken } from "../domain/secrets.ts";
import type { Deps } from "../http/context.ts";
import { recordAudit } from "./audit-log.ts";
import { normalizeEmail, type RequestOrigin, register, type SessionGrant } from "./auth.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { queueAccountMail } from "./mail/account-mail.ts";
import { renderInvitation, renderMemberJoined } from "./mail/account-render.ts";
import type { Actor } from "./members.ts";
import { transaction } from "./write-transaction.ts";

/** How long an invitation can be accepted: a week, as the mail says. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;
const TOKEN_PREFIX = "invtok_";

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

export interface InvitationView {
  id: string;
  object: "invitation";
  organization_id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
}

function statusOf(row: InvitationRow, now = nowSeconds()): InvitationStatus {
  if (row.accepted_at !== null) return "accepted";
  if (row.revoked_at !== null) return "revoked";
  return Number(row.expires_at) <= now ? "expired" : "pending";
}

function view(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    object: "invitation",
    organization_id: row.organization_id,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    invited_by: row.invited_by,
    created_at: Number(row.created_at),
    expires_at: Number(row.expires_at),
    accepted_at: row.accepted_at === null ? null : Number(row.accepted_at),
  };
}

/** Pending and expired invitations, newest first (accepted and revoked ones are in the audit log). */
export async function listInvitations(deps: Deps, organizationId: string): Promise<InvitationView[]> {
  const rows = await deps.db
    .selectFrom("invitations")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .orderBy("seq", "desc")
    .execute();
  return rows.map(view);
}

/**
 * Invites an address to the organization with a role and mails it the link, in one transaction: the
 * mail is queued only if the invitation exists. Only an owner may invite an owner. An expired
 * invitation to the same address gives way to the new one.
 */
export async function invite(
  deps: Deps,
  actor: Actor,
  organizationId: string,
  input: { email: string; role: Role },
): Promise<InvitationView> {
  if (input.role === "owner" && !roleCan(actor.role, "ownership.write"))
    throw new ApiError("role_forbidden", { message: "Only an owner may invite an owner", param: "role" });
  const email = normalizeEmail(input.email);
  const token = `${TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
  const now = nowSeconds();
  try {
    const row = await transaction(deps, async (trx) => {
      const member = await trx
        .selectFrom("organization_members as m")
        .innerJoin("users as u", "u.id", "m.user_id")
        .select("u.id")
        .where("m.organization_id", "=", organizationId)
        .where("u.email", "=", email)
        .executeTakeFirst();
      if (member) throw new ApiError("already_member", { param: "email" });
      await trx
        .updateTable("invitations")
        .set({ revoked_at: now })
        .where("organization_id", "=", organizationId)
        .where("email", "=", email)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", "<=", now)
        .execute();
      const created = await trx
        .insertInto("invitations")
        .values({
          id: newId("invitation"),
          organization_id: organizationId,
          email,
          role: input.role,
          token_hash: hashToken(token),
          invited_by: actor.userId,
          created_at: now,
          expires_at: now + INVITATION_TTL_SECONDS,
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const context = await invitationContext(trx, organizationId, actor.userId);
      await queueAccountMail(trx, deps.secrets, {
        kind: "invitation",
        recipient: email,
        organizationId,
        mail: renderInvitation({
          organization: context.organization,
          inviter: context.inviter,
          role: input.role,
          url: `${deps.config.publicUrl}/invite#${token}`,
          expiresAt: created.expires_at,
        }),
      });
      await recordAudit(trx, {
        action: "member.invited",
        actor: { kind: "user", userId: actor.userId },
        ip: actor.ip,
        organizationId,
        object: { type: "invitation", id: created.id },
        details: { email, role: input.role },
      });
      return created;
    });
    return view(row);
  } catch (err) {
    if (isUniqueViolation(err, "invitations_pending"))
      throw new ApiError("invitation_pending", { param: "email" });
    throw err;
  }
}

async function invitationContext(db: Db, organizationId: string, inviterId: string | null) {
  const [organization, inviter] = await Promise.all([
    db.selectFrom("organizations").select("name").where("id", "=", organizationId).executeTakeFirstOrThrow(),
    inviterId
      ? db.selectFrom("users").select(["name", "email"]).where("id", "=", inviterId).executeTakeFirst()
      : undefined,
  ]);
  return { organization: organization.name, inviter: inviter?.name ?? inviter?.email ?? "A member" };
}

export async function revokeInvitation(
  deps: Deps,
  actor: Actor,
  organizationId: string,
  invitationId: string,
): Promise<InvitationView> {
  return transaction(deps, async (trx) => {
    const row = await trx
      .updateTable("invitations")
      .set({ revoked_at: nowSeconds() })
      .where("id", "=", invitationId)
      .where("organization_id", "=", organizationId)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound("invitation", invitationId);
    await recordAudit(trx, {
      action: "member.invitation_revoked",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      organizationId,
      object: { type: "invitation", id: invitationId },
      details: { email: row.email, role: row.role },
    });
    return view(row);
  });
}

/** The invitation a token names, if it can still be accepted; the same error for every other case. */
async function usableInvitation(db: Db, token: string): Promise<InvitationRow> {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || statusOf(row) !== "pending") throw new ApiError("invitation_invalid");
  return row;
}

export interface InvitationPreview {
  object: "invitation_preview";
  organization_name: string;
  inviter: string;
  email: string;
  role: Role;
  expires_at: number;
  /** Whether an account with the invited address exists: the page asks it to sign in, else to register. */
  account_exists: boolean;
}

/** What the invitation page shows before accepting; only the token's holder (the invitee) can ask. */
export async function previewInvitation(deps: Deps, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(deps.db, token);
  const [context, account] = await Promise.all([
    invitationContext(deps.db, row.organization_id, row.invited_by),
    deps.db.selectFrom("users").select("id").where("email", "=", row.email).executeTakeFirst(),
  ]);
  return {
    object: "invitation_preview",
    organization_name: context.organization,
    inviter: context.inviter,
    email: row.email,
    role: row.role,
    expires_at: Number(row.expires_at),
    account_exists: account !== undefined,
  };
}

/**
 * Uses the invitation once: the account joins with the invited role. The account's email must be
 * the invited address (the token proves who reads that mailbox, not who holds the link), so a
 * forwarded link lets nobody else in. Two accepts of one token: the second finds it used.
 */
async function join(
  trx: Db,
  secrets: SecretBox,
  token: string,
  userId: string,
  userEmail: string | null,
  ip: string | null,
): Promise<string> {
  const row = await usableInvitation(trx, token);
  if (userEmail === null || normalizeEmail(userEmail) !== row.email)
    throw new ApiError("invitation_email_mismatch");
  const now = nowSeconds();
  const used = await trx
    .updateTable("invitations")
    .set({ accepted_at: now, accepted_by: userId })
    .where("id", "=", row.id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!used) throw new ApiError("invitation_invalid");
  const inserted = await trx
    .insertInto("organization_members")
    .values({ organization_id: row.organization_id, user_id: userId, role: row.role, created_at: now })
    .onConflict((oc) => oc.columns(["organization_id", "user_id"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (!inserted) throw new ApiError("already_member");
  await tellAdmins(trx, secrets, row, userId);
  await recordAudit(trx, {
    action: "member.joined",
    actor: { kind: "user", userId },
    ip,
    organizationId: row.organization_id,
    object: { type: "invitation", id: row.id },
    details: { role: row.role, email: row.email },
  });
  return row.organization_id;
}

/** The organization's owners and admins hear that someone joined (unless they turned team news off). */
async function tellAdmins(
  trx: Db,
  secrets: SecretBox,
  invitation: InvitationRow,
  joinerId: string,
): Promise<void> {
  const [admins, joiner, organization] = await Promise.all([
    trx
      .selectFrom("organization_members as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["u.id", "u.email"])
      .where("m.organization_id", "=", invitation.organization_id)
      .where("m.role", "in", ["owner", "admin"])
      .where("m.user_id", "!=", joinerId)
      .execute(),
    trx.selectFrom("users").select(["name", "email"]).where("id", "=", joinerId).executeTakeFirstOrThrow(),
    trx
      .selectFrom("organizations")
      .select("name")
      .where("id", "=", invitation.organization_id)
      .executeTakeFirstOrThrow(),
  ]);
  const mail = renderMemberJoined({
    member: joiner.name || joiner.email || invitation.email,
    organization: organization.name,
    role: invitation.role,
  });
  for (const admin of admins) {
    if (!admin.email) continue;
    await queueAccountMail(trx, secrets, {
      kind: "member_joined",
      recipient: admin.email,
      userId: admin.id,
      organizationId: invitation.organization_id,
      mail,
    });
  }
}

/** A signed-in account accepts. */
export async function acceptInvitation(
  deps: Deps,
  userId: string,
  token: string,
  ip: string,
): Promise<{ organization_id: string }> {
  return transaction(deps, async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return { organization_id: await join(trx, deps.secrets, token, userId, user.email, ip) };
  });
}

/**
 * Someone without an account accepts: the account is made with the invited address (the token
 * proves the mailbox) and the password given, then joins. If the join fails after the account was
 * made (the invitation revoked in between), the account stays, as any registration does.
 */
export async function acceptInvitationAsNewUser(
  deps: Deps,
  input: { token: string; password: string; name?: string | undefined },
  origin: RequestOrigin,
): Promise<SessionGrant & { organization_id: string }> {
  const row = await usableInvitation(deps.db, input.token);
  const grant = await register(
    deps,
    { email: row.email, password: input.password, name: input.name },
    origin,
  );
  const organization_id = await transaction(deps, (trx) =>
    join(trx, deps.secrets, input.token, grant.user.id, row.email, origin.ip),
  );
  return { ...grant, organization_id };
}
