import { type Role, roleCan } from "@spay/protocol";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { recordAudit } from "./audit-log.ts";
import { transaction } from "./write-transaction.ts";

/** A member acting on their organization, with the role the route's guard found. */
export interface Actor {
  userId: string;
  role: Role;
  ip: string;
}

export interface MemberView {
  object: "member";
  organization_id: string;
  user: { id: string; name: string; email: string | null; wallet_address: string | null };
  role: Role;
  joined_at: number;
}

function membersQuery(db: Db, organizationId: string) {
  return db
    .selectFrom("organization_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select([
      "m.organization_id",
      "m.user_id",
      "m.role",
      "m.created_at",
      "u.name",
      "u.email",
      "u.wallet_address",
    ])
    .where("m.organization_id", "=", organizationId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersQuery>["executeTakeFirstOrThrow"]>>;

function view(row: MemberRow): MemberView {
  return {
    object: "member",
    organization_id: row.organization_id,
    user: { id: row.user_id, name: row.name, email: row.email, wallet_address: row.wallet_address },
    role: row.role,
    joined_at: Number(row.created_at),
  };
}

export async function listMembers(deps: Deps, organizationId: string): Promise<MemberView[]> {
  const rows = await membersQuery(deps.db, organizationId)
    .orderBy("m.created_at")
    .orderBy("m.user_id")
    .execute();
  return rows.map(view);
}

/**
 * The organization's members, locked for the rest of the transaction: every change that could
 * leave it without an owner reads them this way, so two such changes (two owners demoting each
 * other at once) run one after the other and the second sees the first.
 */
async function lockedMembers(trx: Db, organizationId: string): Promise<{ user_id: string; role: Role }[]> {
  const result = await sql<{ user_id: string; role: Role }>`
    select user_id, role from organization_members where organization_id = ${organizationId}
    order by user_id for update`.execute(trx);
  return result.rows;
}

function assertOwnersRemain(members: { user_id: string; role: Role }[], losing: string): void {
  const owners = members.filter((m) => m.role === "owner");
  if (owners.length === 1 && owners[0]?.user_id === losing) throw new ApiError("last_owner");
}

/** Granting or taking away the owner role is for owners; every other change for whom members.write allows. */
function assertMayTouch(actor: Actor, from: Role, to: Role | null): void {
  if ((from === "owner" || to === "owner") && !roleCan(actor.role, "ownership.write"))
    throw new ApiError("role_forbidden", { message: "Only an owner may grant or remove the owner role" });
}

export async function changeRole(
  deps: Deps,
  actor: Actor,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<MemberView> {
  await transaction(deps, async (trx) => {
    const members = await lockedMembers(trx, organizationId);
    const target = members.find((m) => m.user_id === userId);
    if (!target) throw notFound("member", userId, "user_id");
    if (target.role === role) return;
    assertMayTouch(actor, target.role, role);
    if (target.role === "owner") assertOwnersRemain(members, userId);
    await trx
      .updateTable("organization_members")
      .set({ role })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .execute();
    await recordAudit(trx, {
      action: "member.role_changed",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      organizationId,
      object: { type: "user", id: userId },
      details: { before: { role: target.role }, after: { role } },
    });
  });
  return memberView(deps, organizationId, userId);
}

export async function memberView(deps: Deps, organizationId: string, userId: string): Promise<MemberView> {
  const row = await membersQuery(deps.db, organizationId).where("m.user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound("member", userId, "user_id");
  return view(row);
}

/**
 * Removes a member (or lets a member leave). Their sessions end at once, everywhere: what they could
 * reach through this organization must be out of reach on their very next request, and a session is
 * not tied to one organization. They sign in again to reach the others they belong to.
 */
export async function removeMember(
  deps: Deps,
  actor: Actor,
  organizationId: string,
  userId: string,
): Promise<void> {
  const leaving = actor.userId === userId;
  await transaction(deps, async (trx) => {
    const members = await lockedMembers(trx, organizationId);
    const target = members.find((m) => m.user_id === userId);
    if (!target) throw notFound("member", userId, "user_id");
    if (!leaving) {
      if (!roleCan(actor.role, "members.write")) throw new ApiError("role_forbidden");
      assertMayTouch(actor, target.role, null);
    }
    if (target.role === "owner") assertOwnersRemain(members, userId);
    await trx
      .deleteFrom("organization_members")
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("sessions")
      .set({ revoked_at: nowSeconds() })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
    await recordAudit(trx, {
      action: "member.removed",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      organizationId,
      object: { type: "user", id: userId },
      details: { before: { role: target.role }, left: leaving },
    });
  });
}

/** Makes another member an owner and the acting owner an admin, in one step. */
export async function transferOwnership(
  deps: Deps,
  actor: Actor,
  organizationId: string,
  userId: string,
): Promise<MemberView[]> {
  if (userId === actor.userId)
    throw new ApiError("parameter_invalid", {
      param: "user_id",
      message: "You already own this organization",
    });
  await transaction(deps, async (trx) => {
    const members = await lockedMembers(trx, organizationId);
    const target = members.find((m) => m.user_id === userId);
    if (!target) throw notFound("member", userId, "user_id");
    await trx
      .updateTable("organization_members")
      .set({ role: "owner" })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("organization_members")
      .set({ role: "admin" })
      .where("organization_id", "=", organizationId)
      .where("user_id", "=", actor.userId)
      .execute();
    await recordAudit(trx, {
      action: "organization.ownership_transferred",
      actor: { kind: "user", userId: actor.userId },
      ip: actor.ip,
      organizationId,
      object: { type: "user", id: userId },
      details: { before: { owner: actor.userId, role: target.role }, after: { owner: userId } },
    });
  });
  return listMembers(deps, organizationId);
}
