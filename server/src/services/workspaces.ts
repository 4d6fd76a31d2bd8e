import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { ApiError, notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import { slugify } from "../domain/slug.ts";
import type { Deps, Principal } from "../http/context.ts";
import type { BusinessProfileSchema, WorkspaceSchema } from "../http/schemas.ts";
import { type AuditEntryInput, recordAudit } from "./audit-log.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { getOrganization } from "./organizations.ts";
import { transaction } from "./write-transaction.ts";

export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export type WorkspaceView = z.infer<typeof WorkspaceSchema>;

const SLUG_TAKEN_WS =
  "Workspace slug is already taken within this organization. Please choose a different one.";

export function workspacesQuery(db: Db) {
  return db
    .selectFrom("workspaces as w")
    .innerJoin("organizations as o", "o.id", "w.organization_id")
    .leftJoin("workspace_wallets as ww", "ww.workspace_id", "w.id")
    .select([
      "w.id",
      "w.seq",
      "w.organization_id",
      "o.name as organization_name",
      "w.name",
      "w.slug",
      "w.display_name",
      "w.website",
      "w.description",
      "w.allow_browser_amounts",
      "w.notify_on_payment_email",
      "w.created_at",
      "ww.stacks_address",
      "ww.bitcoin_payment_address",
      "ww.bitcoin_ordinals_address",
      sql<number>`(select count(*)::int from organization_members m where m.organization_id = w.organization_id)`.as(
        "user_count",
      ),
    ]);
}

type WorkspaceRecord = Awaited<ReturnType<ReturnType<typeof workspacesQuery>["executeTakeFirstOrThrow"]>>;

export function workspaceView(row: WorkspaceRecord): WorkspaceView {
  return {
    id: row.id,
    object: "workspace",
    organization_id: row.organization_id,
    org_id: row.organization_id,
    organization_name: row.organization_name,
    name: row.name,
    slug: row.slug,
    user_count: row.user_count,
    stacks_address: row.stacks_address,
    bitcoin_payment_address: row.bitcoin_payment_address,
    bitcoin_ordinals_address: row.bitcoin_ordinals_address,
    business_profile: { display_name: row.display_name, website: row.website, description: row.description },
    allow_browser_amounts: row.allow_browser_amounts,
    notify_on_payment_email: row.notify_on_payment_email,
    created_at: row.created_at,
  };
}

/** A workspace the caller may see (access already checked by the route). */
export async function getWorkspace(deps: Deps, id: string): Promise<WorkspaceView> {
  const row = await workspacesQuery(deps.db).where("w.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("workspace", id);
  return workspaceView(row);
}

export async function listWorkspaces(
  deps: Deps,
  userId: string,
  organizationId: string,
): Promise<WorkspaceView[]> {
  await getOrganization(deps, userId, organizationId);
  const rows = await workspacesQuery(deps.db)
    .where("w.organization_id", "=", organizationId)
    .orderBy("w.seq")
    .execute();
  return rows.map(workspaceView);
}

/** The sandbox environment every new workspace starts with (at least one always exists). */
export const DEFAULT_ENVIRONMENT_NAME = "sandbox";

export async function createWorkspace(
  deps: Deps,
  userId: string,
  organizationId: string,
  input: { name: string; slug?: string | undefined },
): Promise<WorkspaceView> {
  await getOrganization(deps, userId, organizationId);
  const id = newId("workspace");
  const now = nowSeconds();
  const explicitSlug = input.slug !== undefined;
  const base = input.slug ?? (slugify(input.name) || null);
  await transaction(deps, async (trx) => {
    // A derived slug gets a numeric suffix when taken; an explicit one is the caller's choice → slug_taken.
    let slug = base;
    if (slug && !explicitSlug) {
      const taken = await trx
        .selectFrom("workspaces")
        .select("slug")
        .where("organization_id", "=", organizationId)
        .where("slug", "like", `${slug}%`)
        .execute();
      const used = new Set(taken.map((t) => t.slug));
      for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    }
    try {
      await trx
        .insertInto("workspaces")
        .values({
          id,
          organization_id: organizationId,
          name: input.name,
          slug,
          display_name: null,
          website: null,
          description: null,
          webhook_tested: false,
          test_payment_completed: false,
          created_at: now,
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError("slug_taken", { param: "slug", message: SLUG_TAKEN_WS });
      throw err;
    }
    await trx
      .insertInto("environments")
      .values({
        id: newId("environment"),
        workspace_id: id,
        name: DEFAULT_ENVIRONMENT_NAME,
        type: "sandbox",
        created_at: now,
      })
      .execute();
  });
  return getWorkspace(deps, id);
}

export async function updateWorkspace(
  deps: Deps,
  id: string,
  input: {
    name?: string | undefined;
    slug?: string | null | undefined;
    allow_browser_amounts?: boolean | undefined;
    notify_on_payment_email?: string | null | undefined;
  },
  audit: { actor: Principal; ip: string | null },
): Promise<WorkspaceView> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length > 0) {
    const mark = deps.keys?.mark() ?? 0;
    let settingChanged = false;
    try {
      await transaction(deps, async (trx) => {
        const before = await trx
          .selectFrom("workspaces")
          .select(["allow_browser_amounts", "notify_on_payment_email"])
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst();
        await trx.updateTable("workspaces").set(changes).where("id", "=", id).execute();
        // Settings whose every change is audit-logged: letting the browser set amounts lifts a
        // protection against price tampering; the notification address is where every payment's
        // details are mailed to.
        const audited = [
          ["allow_browser_amounts", "workspace.browser_amounts_changed"],
          ["notify_on_payment_email", "workspace.payment_notifications_changed"],
        ] as const;
        for (const [field, action] of audited) {
          const value = input[field];
          if (before === undefined || value === undefined || value === before[field]) continue;
          if (field === "allow_browser_amounts") settingChanged = true;
          await recordAudit(trx, {
            action,
            actor: audit.actor,
            ip: audit.ip,
            workspaceId: id,
            object: { type: "workspace", id },
            details: { [field]: value },
          });
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError("slug_taken", { param: "slug", message: SLUG_TAKEN_WS });
      throw err;
    }
    // Intent creation caches the browser-amount setting: the next request, in any process, sees this.
    if (settingChanged) await deps.keys?.settledWorkspace(id, mark);
  }
  return getWorkspace(deps, id);
}

export async function deleteWorkspace(deps: Deps, id: string): Promise<void> {
  const mark = deps.keys?.mark() ?? 0;
  // Its intents and events go with it (a trigger: the hot tables hold no foreign key to it).
  await deps.db.deleteFrom("workspaces").where("id", "=", id).execute();
  // Its keys must fail in every API process before the deletion is answered.
  await deps.keys?.settledWorkspace(id, mark);
  // A create that authenticated before the deletion may have committed since: swept now that no
  // process accepts the workspace's keys.
  await deps.db.deleteFrom("events").where("workspace_id", "=", id).execute();
  await deps.db.deleteFrom("payment_intents").where("workspace_id", "=", id).execute();
}

/** PATCH business-profile: any of display_name, website, description; mirrored to the legacy merchant. */
export async function updateBusinessProfile(
  deps: Deps,
  id: string,
  input: {
    display_name?: string | null | undefined;
    website?: string | null | undefined;
    description?: string | null | undefined;
  },
  origin: Pick<AuditEntryInput, "actor" | "ip">,
): Promise<WorkspaceView> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return getWorkspace(deps, id);
  const merchantChanges = Object.fromEntries(
    Object.entries({
      name: input.display_name,
      website_url: input.website,
      business_description: input.description,
    }).filter(([, v]) => v !== undefined && v !== null),
  );
  await transaction(deps, async (trx) => {
    const fields = Object.keys(changes) as (keyof typeof input)[];
    const before = await trx
      .selectFrom("workspaces")
      .select(fields)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable("workspaces").set(changes).where("id", "=", id).execute();
    await recordAudit(trx, {
      action: "workspace.business_profile_changed",
      ...origin,
      workspaceId: id,
      object: { type: "workspace", id },
      // What each changed field was and became: the log answers "who changed our name, and from what".
      details: { changed: fields, before, after: changes },
    });
    if (Object.keys(merchantChanges).length === 0) return;
    await trx
      .updateTable("merchants")
      .set(merchantChanges)
      .where("user_id", "in", (eb) =>
        eb
          .selectFrom("organization_members as m")
          .innerJoin("workspaces as w", "w.organization_id", "m.organization_id")
          .select("m.user_id")
          .where("w.id", "=", id)
          .where("m.role", "=", "owner"),
      )
      .execute();
  });
  return getWorkspace(deps, id);
}
