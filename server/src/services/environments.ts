import type { z } from "@hono/zod-openapi";
import type { Db } from "../db/database.ts";
import type { EnvironmentRow } from "../db/schema.ts";
import { ApiError } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { EnvironmentSchema } from "../http/schemas.ts";
import { envOfType, type WorkspaceScope } from "./access.ts";
import { recordAudit } from "./audit-log.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { transaction } from "./write-transaction.ts";

export const ENVIRONMENT_TYPES = ["sandbox", "production"] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

/** SPEC.md §5: trimmed, 1–50 characters of letters, digits, hyphen, underscore. */
export const ENVIRONMENT_NAME_MAX = 50;
export const ENVIRONMENT_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * `env` is the key environment it maps to (sandbox → test, production → live);
 * `confirmations_required`, the blocks a payment must be buried under before it settles.
 */
export type EnvironmentView = z.infer<typeof EnvironmentSchema>;

export function environmentView(row: EnvironmentRow): EnvironmentView {
  return {
    id: row.id,
    object: "environment",
    workspace_id: row.workspace_id,
    name: row.name,
    type: row.type,
    env: row.type === "production" ? "live" : "test",
    confirmations_required: row.confirmations_required,
    created_at: row.created_at,
  };
}

export function validEnvironmentName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > ENVIRONMENT_NAME_MAX || !ENVIRONMENT_NAME_PATTERN.test(name)) {
    throw new ApiError("bad_request", { param: "name" });
  }
  return name;
}

export async function listEnvironments(deps: Deps, workspaceId: string): Promise<EnvironmentView[]> {
  const rows = await deps.db
    .selectFrom("environments")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("seq")
    .execute();
  return rows.map(environmentView);
}

async function findEnvironment(db: Db, workspaceId: string, id: string): Promise<EnvironmentRow> {
  const row = await db
    .selectFrom("environments")
    .selectAll()
    .where("id", "=", id)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!row) throw new ApiError("environment_not_found", { param: "id" });
  return row;
}

/**
 * An environment the caller may manage: a credential bound to an environment (an API key, or a
 * session with X-Environment-Id) manages only environments of its own kind — a test key can never
 * rename or delete the production environment, and a live key never a sandbox. Any other answers
 * 404 like another tenant's.
 */
async function findManagedEnvironment(db: Db, scope: WorkspaceScope, id: string): Promise<EnvironmentRow> {
  const row = await findEnvironment(db, scope.workspaceId, id);
  if (scope.env && envOfType(row.type) !== scope.env)
    throw new ApiError("environment_not_found", { param: "id" });
  return row;
}

export async function createEnvironment(
  deps: Deps,
  scope: WorkspaceScope,
  input: { name: string; type: EnvironmentType },
): Promise<EnvironmentView> {
  const workspaceId = scope.workspaceId;
  // A test credential cannot make live environments (nor a live one sandboxes).
  if (scope.env && envOfType(input.type) !== scope.env) throw new ApiError("env_mismatch", { param: "type" });
  const name = validEnvironmentName(input.name);
  try {
    const row = await deps.db
      .insertInto("environments")
      .values({
        id: newId("environment"),
        workspace_id: workspaceId,
        name,
        type: input.type,
        created_at: nowSeconds(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return environmentView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("environment_name_exists", { param: "name" });
    throw err;
  }
}

/** Renames an environment and/or sets its confirmations; an unchanged name is a no-op. */
export async function updateEnvironment(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  input: { name?: string | undefined; confirmations_required?: number | undefined },
): Promise<EnvironmentView> {
  const current = await findManagedEnvironment(deps.db, scope, id);
  const name = input.name === undefined ? current.name : validEnvironmentName(input.name);
  const confirmations = input.confirmations_required ?? current.confirmations_required;
  if (name === current.name && confirmations === current.confirmations_required)
    return environmentView(current);
  try {
    const row = await deps.db
      .updateTable("environments")
      .set({ name, confirmations_required: confirmations })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return environmentView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("environment_name_exists", { param: "name" });
    throw err;
  }
}

/**
 * Deletes an environment and all its data (keys, products, payment links, payment intents — FK
 * cascades). The last environment of a workspace cannot be deleted; the check and the delete run
 * under a lock on the workspace so two concurrent deletes cannot both pass it. The deletion is
 * audit-logged in the same transaction.
 */
export async function deleteEnvironment(
  deps: Deps,
  scope: WorkspaceScope,
  id: string,
  ip: string | null,
): Promise<void> {
  const workspaceId = scope.workspaceId;
  const mark = deps.keys?.mark() ?? 0;
  await transaction(deps, async (trx) => {
    await trx
      .selectFrom("workspaces")
      .select("id")
      .where("id", "=", workspaceId)
      .forUpdate()
      .executeTakeFirst();
    const environment = await findManagedEnvironment(trx, scope, id);
    const { count } = await trx
      .selectFrom("environments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) <= 1) throw new ApiError("cannot_delete_last_environment");
    await trx.deleteFrom("environments").where("id", "=", id).execute();
    await recordAudit(trx, {
      action: "environment.deleted",
      actor: scope.principal,
      ip,
      workspaceId,
      object: { type: "environment", id },
      details: { name: environment.name, type: environment.type },
    });
  });
  // Keys of the removed environment must fail in every API process before the deletion is answered.
  await deps.keys?.settledWorkspace(workspaceId, mark);
}

/**
 * The environment new objects go into when the caller did not choose one: for a key, its own;
 * otherwise the workspace's oldest environment of the wanted type, created if missing.
 */
export async function defaultEnvironment(
  db: Db,
  workspaceId: string,
  type: EnvironmentType = "sandbox",
): Promise<EnvironmentRow> {
  const existing = await db
    .selectFrom("environments")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("type", "=", type)
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing;
  // The default name may belong to an environment of the other type (a sandbox a user named
  // "production"): take the next free suffix rather than borrowing that environment.
  const base = type === "sandbox" ? "sandbox" : "production";
  const taken = await db
    .selectFrom("environments")
    .select("name")
    .where("workspace_id", "=", workspaceId)
    .where("name", "like", `${base}%`)
    .execute();
  const used = new Set(taken.map((t) => t.name));
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
  return db
    .insertInto("environments")
    .values({ id: newId("environment"), workspace_id: workspaceId, name, type, created_at: nowSeconds() })
    .onConflict((oc) => oc.columns(["workspace_id", "name"]).doUpdateSet({ name }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function environmentOf(
  db: Db,
  workspaceId: string,
  environmentId: string | null,
): Promise<EnvironmentRow> {
  if (environmentId) return findEnvironment(db, workspaceId, environmentId);
  return defaultEnvironment(db, workspaceId, "sandbox");
}
