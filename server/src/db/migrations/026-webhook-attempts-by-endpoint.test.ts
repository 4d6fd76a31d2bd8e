import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../../services/access.ts";
import { endpointAttempts } from "../../services/webhooks/deliveries.ts";
import { getEndpoint, listEndpoints } from "../../services/webhooks/endpoints.ts";

/**
 * Migration 026: an endpoint's attempts are read by endpoint, newest first — the delivery log and
 * each endpoint's `last_attempt`. With the attempts of many endpoints in the table, the queries the
 * services really send must find one endpoint's attempts through `(endpoint_id, seq)`, not by
 * reading every attempt. The plans are PostgreSQL's own on both engines (PGlite is PostgreSQL).
 */

let api: TestApi;
let merchant: Merchant;
let other: Merchant;
let scope: WorkspaceScope;
const NOW = 1_760_000_000;
/** Endpoints in the table: the merchant's first two, the other workspace's the rest. */
const ENDPOINTS = 200;
const ATTEMPTS_EACH = 50;
const endpointId = (n: number) => `we_idx_${n}`;

/** Records the SQL of every query sent through it, as the services build it. */
class Recorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  private readonly compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.compiler.compileQuery(args.node, args.queryId));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The one recorded query that reads `webhook_attempts`. */
  attemptsQuery(): CompiledQuery {
    const reads = this.queries.filter((q) => q.sql.includes('"webhook_attempts"'));
    expect(reads).toHaveLength(1);
    return reads[0] as CompiledQuery;
  }
}

/** PostgreSQL's plan of `query`, with the statistics of the rows written below. */
async function planOf(query: CompiledQuery): Promise<string> {
  const result = await api.deps.db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

async function sandboxOf(workspaceId: string): Promise<string> {
  const row = await api.deps.db
    .selectFrom("environments")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("type", "=", "sandbox")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  other = await setupMerchant(api);
  const mine = await sandboxOf(merchant.workspaceId);
  const theirs = await sandboxOf(other.workspaceId);
  scope = {
    workspaceId: merchant.workspaceId,
    environmentId: mine,
    env: "test",
    principal: { kind: "session", userId: "usr_index_test", sessionId: "ses_index_test" },
  };
  const owner = (n: number) =>
    n < 2
      ? { workspace_id: merchant.workspaceId, environment_id: mine, event: "evt_idx_mine" }
      : { workspace_id: other.workspaceId, environment_id: theirs, event: "evt_idx_theirs" };
  await api.deps.db
    .insertInto("events")
    .values(
      [merchant.workspaceId, other.workspaceId].map((workspace_id, i) => ({
        id: i === 0 ? "evt_idx_mine" : "evt_idx_theirs",
        workspace_id,
        env: "test" as const,
        type: "payment_intent.succeeded",
        data: JSON.stringify({ object: { id: `pi_idx_${i}` } }),
        created_at: NOW,
      })),
    )
    .execute();
  const numbers = Array.from({ length: ENDPOINTS }, (_, n) => n);
  await api.deps.db
    .insertInto("webhook_endpoints")
    .values(
      numbers.map((n) => {
        const { workspace_id, environment_id } = owner(n);
        return {
          id: endpointId(n),
          workspace_id,
          environment_id,
          env: "test" as const,
          url: `https://hooks.example.test/${n}`,
          description: null,
          enabled_events: JSON.stringify(["*"]),
          status: "enabled" as const,
          disabled_reason: null,
          secret_sealed: "sealed",
          previous_secret_sealed: null,
          previous_secret_expires_at: null,
          failing_since: null,
          created_at: NOW,
          updated_at: NOW,
        };
      }),
    )
    .execute();
  await api.deps.db
    .insertInto("webhook_deliveries")
    .values(
      numbers.map((n) => ({
        id: `wd_idx_${n}`,
        event_id: owner(n).event,
        endpoint_id: endpointId(n),
        manual: false,
        state: "failed" as const,
        next_attempt_at: NOW,
        locked_until: null,
        last_status: 500,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
  // Attempts as the worker writes them: every endpoint's retries interleaved in time.
  await sql`
    insert into webhook_attempts
      (id, delivery_id, event_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, succeeded)
    select 'wa_idx_' || e.n || '_' || a.n, 'wd_idx_' || e.n,
      case when e.n < 2 then 'evt_idx_mine' else 'evt_idx_theirs' end,
      'we_idx_' || e.n, a.n, ${NOW} + a.n, case when a.n = ${ATTEMPTS_EACH} then 200 else 500 end, 20,
      a.n = ${ATTEMPTS_EACH}
    from generate_series(1, ${ATTEMPTS_EACH}) a(n), generate_series(0, ${ENDPOINTS - 1}) e(n)
    order by a.n, e.n`.execute(api.deps.db);
  await sql`analyze webhook_attempts`.execute(api.deps.db);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

function recording(): { deps: Deps; recorder: Recorder } {
  const recorder = new Recorder();
  return { deps: { ...api.deps, db: api.deps.db.withPlugin(recorder) }, recorder };
}

describe("webhook attempts are indexed by endpoint (migration 026)", () => {
  it("the index exists: (endpoint_id, seq)", async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes
      where tablename = 'webhook_attempts' and indexname = 'webhook_attempts_endpoint'`.execute(api.deps.db);
    expect(rows.map((r) => r.indexdef.replace(/^.* USING /, ""))).toEqual(["btree (endpoint_id, seq)"]);
  });

  it("the delivery log reads one endpoint's newest attempts through it", async () => {
    const { deps, recorder } = recording();
    const log = await endpointAttempts(deps, scope, endpointId(0), 20);
    expect(log).toHaveLength(20);
    expect(log.map((a) => a.attempt)).toEqual(Array.from({ length: 20 }, (_, i) => ATTEMPTS_EACH - i));
    const plan = await planOf(recorder.attemptsQuery());
    expect(plan).toContain("webhook_attempts_endpoint");
    expect(plan).not.toMatch(/Seq Scan on webhook_attempts/);
  });

  it("an endpoint's last attempt is read through it", async () => {
    const { deps, recorder } = recording();
    const endpoint = await getEndpoint(deps, scope, endpointId(1));
    expect(endpoint.last_attempt).toEqual({
      attempted_at: NOW + ATTEMPTS_EACH,
      status_code: 200,
      succeeded: true,
      test: false,
    });
    const plan = await planOf(recorder.attemptsQuery());
    expect(plan).toContain("webhook_attempts_endpoint");
    expect(plan).not.toMatch(/Seq Scan on webhook_attempts/);
  });

  it("the endpoint list reads the last attempt of each of the workspace's endpoints through it", async () => {
    const { deps, recorder } = recording();
    const endpoints = await listEndpoints(deps, scope);
    expect(endpoints.map((e) => [e.id, e.last_attempt?.attempted_at])).toEqual([
      [endpointId(0), NOW + ATTEMPTS_EACH],
      [endpointId(1), NOW + ATTEMPTS_EACH],
    ]);
    const plan = await planOf(recorder.attemptsQuery());
    expect(plan).toContain("webhook_attempts_endpoint");
    expect(plan).not.toMatch(/Seq Scan on webhook_attempts/);
  });
});
