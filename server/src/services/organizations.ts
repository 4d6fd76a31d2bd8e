import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { OrganizationSchema } from "../http/schemas.ts";
import { recordAudit } from "./audit-log.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { hasSecondFactor } from "./two-factor/factors.ts";
import { transaction } from "./write-transaction.ts";

export type OrganizationView = z.infer<typeof OrganizationSchema>;

const SLUG_TAKEN_ORG = "Organization slug is already taken. Please choose a different one.";

/** Organizations as `userId` sees them: only those they belong to, with their role there. */
function organizationsQuery(deps: Deps, userId: string) {
  return deps.db
    .selectFrom("organizations as o")
    .innerJoin("organization_members as me", (join) =>
      join.onRef("me.organization_id", "=", "o.id").on("me.user_id", "=", userId),
    )
    .select([
      "me.role",
      "o.require_two_factor",
      "o.id",
      "o.seq",
      "o.name",
      "o.slug",
      "o.description",
      "o.created_at",
      sql<number>`(select count(*)::int from organization_members m where m.organization_id = o.id)`.as(
        "user_count",
      ),
      sql<number>`(select count(*)::int from workspaces w where w.organization_id = o.id)`.as(
        "workspace_count",
      ),
    ]);
}

type OrganizationRecord = Awaited<
  ReturnType<ReturnType<typeof organizationsQuery>["executeTakeFirstOrThrow"]>
>;

function view(row: OrganizationRecord): OrganizationView {
  return {
    id: row.id,
    object: "organization",
    name: row.name,
    slug: row.slug,
    description: row.description,
    user_count: row.user_count,
    workspace_count: row.workspace_count,
    role: row.role,
    require_two_factor: row.require_two_factor,
    created_at: row.created_at,
  };
}

export async function listOrganizations(deps: Deps, userId: string): Promise<OrganizationView[]> {
  const rows = await organizationsQuery(deps, userId).orderBy("o.seq").execute();
  return rows.map(view);
}

/** Members only; anyone else gets 404 so organizations cannot be probed. */
export async function getOrganization(deps: Deps, userId: string, id: string): Promise<OrganizationView> {
  const row = await organizationsQuery(deps, userId).where("o.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("organization", id);
  return view(row);
}

export async function createOrganization(
  deps: Deps,
  userId: string,
  input: { name: string; slug: string; description?: string | undefined },
): Promise<OrganizationView> {
  const id = newId("organization");
  const now = nowSeconds();
  try {
    await transaction(deps, async (trx) => {
      await trx
        .insertInto("organizations")
        .values({
          id,
          name: input.name,
          slug: input.slug,
          description: input.description ?? null,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto("organization_members")
        .values({ organization_id: id, user_id: userId, role: "owner", created_at: now })
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug"))
      throw new ApiError("slug_taken", { param: "slug", message: SLUG_TAKEN_ORG });
    throw err;
  }
  return getOrganization(deps, userId, id);
}

export async function updateOrganization(
  deps: Deps,
  actor: { userId: string; ip: string },
  id: string,
  input: {
    name?: string | undefined;
    slug?: string | undefined;
    description?: string | null | undefined;
    require_two_factor?: boolean | undefined;
  },
): Promise<OrganizationView> {
  const before = await getOrganization(deps, actor.userId, id);
  const { require_two_factor, ...profile } = input;
  const changes = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
  if (require_two_factor === true && !before.require_two_factor) {
    // Whoever turns it on must pass it, or they would lock themselves out of their own organization.
    if (!(await hasSecondFactor(deps.db, actor.userId)))
      throw new ApiError("two_factor_enrollment_required", { param: "require_two_factor" });
  }
  const requirementChanges =
    require_two_factor !== undefined && require_two_factor !== before.require_two_factor;
  if (Object.keys(changes).length > 0 || requirementChanges) {
    try {
      await transaction(deps, async (trx) => {
        await trx
          .updateTable("organizations")
          .set({ ...changes, ...(requirementChanges ? { require_two_factor } : {}) })
          .where("id", "=", id)
          .execute();
        if (requirementChanges)
          await recordAudit(trx, {
            action: "organization.two_factor_requirement_changed",
            actor: { kind: "user", userId: actor.userId },
            ip: actor.ip,
            organizationId: id,
            object: { type: "organization", id },
            details: {
              before: { require_two_factor: before.require_two_factor },
              after: { require_two_factor },
            },
          });
      });
    } catch (err) {
      if (isUniqueViolation(err, "slug"))
        throw new ApiError("slug_taken", { param: "slug", message: SLUG_TAKEN_ORG });
      throw err;
    }
  }
  return getOrganization(deps, actor.userId, id);
}

/** Deletes the organization with its workspaces and everything in them (FK cascades). */
export async function deleteOrganization(deps: Deps, userId: string, id: string): Promise<void> {
  await getOrganization(deps, userId, id);
  const workspaces = await deps.db
    .selectFrom("workspaces")
    .select("id")
    .where("organization_id", "=", id)
    .execute();
  const mark = deps.keys?.mark() ?? 0;
  await deps.db.deleteFrom("organizations").where("id", "=", id).execute();
  // Its workspaces' keys must fail in every API process before the deletion is answered.
  await Promise.all(workspaces.map((w) => deps.keys?.settledWorkspace(w.id, mark)));
}
