import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { OrganizationSchema } from "../http/schemas.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { transaction } from "./write-transaction.ts";

export type OrganizationView = z.infer<typeof OrganizationSchema>;

const SLUG_TAKEN_ORG = "Organization slug is already taken. Please choose a different one.";

function organizationsQuery(deps: Deps) {
  return deps.db
    .selectFrom("organizations as o")
    .select([
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
    created_at: row.created_at,
  };
}

export async function listOrganizations(deps: Deps, userId: string): Promise<OrganizationView[]> {
  const rows = await organizationsQuery(deps)
    .where("o.id", "in", (eb) =>
      eb.selectFrom("organization_members").select("organization_id").where("user_id", "=", userId),
    )
    .orderBy("o.seq")
    .execute();
  return rows.map(view);
}

/** Members only; anyone else gets 404 so organizations cannot be probed. */
export async function getOrganization(deps: Deps, userId: string, id: string): Promise<OrganizationView> {
  const row = await organizationsQuery(deps)
    .where("o.id", "=", id)
    .where("o.id", "in", (eb) =>
      eb.selectFrom("organization_members").select("organization_id").where("user_id", "=", userId),
    )
    .executeTakeFirst();
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
  userId: string,
  id: string,
  input: { name?: string | undefined; slug?: string | undefined; description?: string | null | undefined },
): Promise<OrganizationView> {
  await getOrganization(deps, userId, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    try {
      await deps.db.updateTable("organizations").set(changes).where("id", "=", id).execute();
    } catch (err) {
      if (isUniqueViolation(err, "slug"))
        throw new ApiError("slug_taken", { param: "slug", message: SLUG_TAKEN_ORG });
      throw err;
    }
  }
  return getOrganization(deps, userId, id);
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
