import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertCustomer,
  type Merchant,
  setupMerchant,
  signUp,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";
import { createApp } from "../app.ts";
import { nowSeconds } from "../domain/ids.ts";
import { downloadLinksOf } from "../services/exports/download-link.ts";
import { ExportWorker } from "../services/exports/worker.ts";
import { openAccountMail } from "../services/mail/account-mail.ts";

/**
 * Data exports through the API, on the real server: asked for, built by the worker, downloaded by
 * the signed link with no bearer header, unzipped and parsed as CSV, and compared with what the
 * API's lists show the same caller for the same range.
 */
let api: TestApi;
let app: ReturnType<typeof createApp>;
let worker: ExportWorker;
let a: Merchant;
let b: Merchant;
let skLive: string;
const ids: Record<string, string> = {};
const FORMULA = '=HYPERLINK("https://evil.example","click")';
const now = nowSeconds();
const range = { from: now - 3600, to: now + 3600 };

async function intent(token: string, body: Record<string, unknown>) {
  const res = await api.request("POST", "/v1/payment_intents", { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; environment_id?: string; recipient: string; token_contract: string };
}

/** A pending refund of an intent, as a refund request leaves it: written as the fixture it is. */
async function refundOf(intentId: string, id: string) {
  const row = await api.deps.db
    .selectFrom("payment_intents")
    .selectAll()
    .where("id", "=", intentId)
    .executeTakeFirstOrThrow();
  await api.deps.db
    .insertInto("refunds")
    .values({
      id,
      workspace_id: row.workspace_id,
      environment_id: row.environment_id,
      env: row.env,
      payment_intent_id: row.id,
      customer_id: null,
      asset: row.asset,
      token_contract: row.token_contract,
      amount: "1000",
      amount_micros: 1_000_000,
      source: row.recipient,
      destination: "ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG",
      reason: "requested_by_customer",
      status: "pending",
      status_reason: null,
      txid: null,
      metadata: JSON.stringify({ note: FORMULA }),
      created_at: now,
      updated_at: now,
      succeeded_at: null,
      failed_at: null,
    })
    .execute();
  return row;
}

beforeAll(async () => {
  api = await startTestApi();
  app = createApp(api.deps);
  worker = new ExportWorker(api.deps);
  a = await setupMerchant(api);
  b = await setupMerchant(api);
  const paid = await intent(b.sk, { amount_minor: 500, customer_email: "-2+3@example.com" });
  await intent(b.sk, { amount_minor: 700, metadata: { note: FORMULA } });
  const old = await intent(b.sk, { amount_minor: 900 });
  // Asked for before the range: in the lists, not in the export.
  await api.deps.db
    .updateTable("payment_intents")
    .set({ created_at: range.from - 100 })
    .where("id", "=", old.id)
    .execute();
  const sandbox = await refundOf(paid.id, "re_exportB");
  await insertCustomer(api, {
    id: "cus_exportB",
    workspaceId: b.workspaceId,
    environmentId: sandbox.environment_id,
    env: "test",
    email: FORMULA,
    paidMinor: 500,
    now,
  });
  const live = await api.request("POST", `/v1/workspaces/${b.workspaceId}/api-keys`, {
    token: b.token,
    body: { type: "sk", env: "live" },
  });
  expect(live.status).toBe(201);
  skLive = live.body.key;
  const liveIntent = await intent(skLive, { amount_minor: 1100 });
  const liveRow = await refundOf(liveIntent.id, "re_exportBlive");
  await insertCustomer(api, {
    id: "cus_exportBlive",
    workspaceId: b.workspaceId,
    environmentId: liveRow.environment_id,
    env: "live",
    email: "live-payer@example.com",
    paidMinor: 1100,
    now,
  });
  const foreign = await intent(a.sk, { amount_minor: 1300, customer_email: "a-payer@example.com" });
  const foreignRow = await refundOf(foreign.id, "re_exportA");
  await insertCustomer(api, {
    id: "cus_exportA",
    workspaceId: a.workspaceId,
    environmentId: foreignRow.environment_id,
    env: "test",
    email: "a-payer@example.com",
    paidMinor: 1300,
    now,
  });
  Object.assign(ids, {
    old: old.id,
    live: liveIntent.id,
    liveEnvironment: liveRow.environment_id,
    sandbox: sandbox.environment_id,
    foreign: foreign.id,
  });
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

type Auth = { token: string; headers?: Record<string, string> };
const sessionOf = (m: Merchant, environmentId?: string): Auth => ({
  token: m.token,
  headers: {
    "x-workspace-id": m.workspaceId,
    ...(environmentId ? { "x-environment-id": environmentId } : {}),
  },
});

async function createExport(auth: Auth, body: unknown = range) {
  const res = await api.request("POST", "/v1/exports", { ...auth, body });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { id: string; status: string; download_url: string | null };
}

/** Builds every pending export, then reads the export back as `auth` sees it. */
async function ready(id: string, auth: Auth) {
  await worker.tick();
  const res = await api.request("GET", `/v1/exports/${id}`, auth);
  expect(res.status).toBe(200);
  expect(res.body.status).toBe("ready");
  return res.body;
}

/** Follows a download URL the way a browser does: no Authorization header. */
async function download(url: string) {
  const { pathname, search } = new URL(url);
  return app.request(`${pathname}${search}`);
}

async function unzip(url: string): Promise<Record<string, string>> {
  const res = await download(url);
  expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="spay-export-exp_\w+\.zip"$/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );
}

function rows(csv: string | undefined): Record<string, string>[] {
  expect(csv).toBeDefined();
  expect(csv?.endsWith("\r\n")).toBe(true);
  return parse(csv ?? "", { columns: true, record_delimiter: "\r\n" });
}

/** Every item of a list, paged through with `starting_after`. */
async function listAll(path: string, auth: Auth): Promise<{ id: string; created_at: number }[]> {
  const all: { id: string; created_at: number }[] = [];
  for (let after: string | undefined; ; ) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await api.request(
      "GET",
      `${path}${sep}limit=100${after ? `&starting_after=${after}` : ""}`,
      auth,
    );
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    all.push(...res.body.data);
    if (!res.body.has_more) return all;
    after = res.body.data.at(-1).id;
  }
}

const inRange = (items: { id: string; created_at: number }[]) =>
  items.filter((i) => i.created_at >= range.from && i.created_at <= range.to).map((i) => i.id);

describe("POST /v1/exports, the worker and the signed download", () => {
  it("exports what the API lists for the range, as five RFC 4180 CSV files in one ZIP", async () => {
    const sk: Auth = { token: b.sk };
    const created = await createExport(sk);
    expect(created).toMatchObject({
      object: "export",
      status: "pending",
      row_counts: null,
      download_url: null,
      completed_at: null,
      from: range.from,
      to: range.to,
      environment_id: ids.sandbox,
    });
    expect(created.id).toMatch(/^exp_[A-Za-z0-9]{24}$/);
    const exported = await ready(created.id, sk);
    expect(exported.expires_at - exported.completed_at).toBe(7 * 86_400);
    const payments = await listAll("/v1/payment_intents", sk);
    // The intent asked for before the range is listed, and left out of the export.
    expect(payments.map((p) => p.id)).toContain(ids.old);
    const lists: Record<string, string[]> = {
      payments: inRange(payments),
      refunds: inRange(await listAll("/v1/refunds", sk)),
      customers: inRange(await listAll("/v1/customers", sk)),
      events: inRange(await listAll("/v1/events", sk)),
      audit_log: (await listAll(`/v1/audit_log?from=${range.from}&to=${range.to}`, sk)).map((e) => e.id),
    };
    // Read after the lists: the download's own audit entry comes after the export was built.
    const files = await unzip(exported.download_url);
    expect(Object.keys(files).sort()).toEqual([
      "audit_log.csv",
      "customers.csv",
      "events.csv",
      "payments.csv",
      "refunds.csv",
    ]);
    for (const [file, listed] of Object.entries(lists)) {
      const exportedIds = rows(files[`${file}.csv`]).map((r) => r.id);
      expect(exportedIds.sort(), file).toEqual([...listed].sort());
      expect(exported.row_counts[file], file).toBe(listed.length);
    }
    expect(exported.row_counts).toMatchObject({ payments: 2, refunds: 1, customers: 1 });
    expect(exported.row_counts.events).toBeGreaterThanOrEqual(2);
    expect(lists.payments).not.toContain(ids.old);
    expect(lists.audit_log?.length).toBeGreaterThan(0);
  });

  it("never shows another tenant's or another environment's rows", async () => {
    const exported = await ready((await createExport({ token: b.sk })).id, { token: b.sk });
    const text = Object.values(await unzip(exported.download_url)).join("\n");
    for (const foreign of [ids.foreign, "re_exportA", "cus_exportA", "a-payer@example.com"])
      expect(text, foreign).not.toContain(foreign);
    for (const other of [ids.live, "re_exportBlive", "cus_exportBlive", "live-payer@example.com"])
      expect(text, other).not.toContain(other);

    // The live key's export holds the live rows only.
    const live = await ready((await createExport({ token: skLive })).id, { token: skLive });
    const liveFiles = await unzip(live.download_url);
    expect(rows(liveFiles["payments.csv"]).map((r) => r.id)).toEqual([ids.live]);
    expect(rows(liveFiles["customers.csv"]).map((r) => r.id)).toEqual(["cus_exportBlive"]);
    // A session naming the sandbox sees the sandbox only; without the header, the whole workspace.
    const sandbox = sessionOf(b, ids.sandbox);
    const scoped = await ready((await createExport(sandbox)).id, sandbox);
    expect(rows((await unzip(scoped.download_url))["payments.csv"]).map((r) => r.id)).not.toContain(ids.live);
    const whole = await ready((await createExport(sessionOf(b))).id, sessionOf(b));
    expect(whole.environment_id).toBeNull();
    const wholeIds = rows((await unzip(whole.download_url))["payments.csv"]).map((r) => r.id);
    expect(wholeIds).toContain(ids.live);
    expect(wholeIds).not.toContain(ids.foreign);
  });

  it("an environment's export is another environment's 404, and missing from its list", async () => {
    const wholeWorkspace = await createExport(sessionOf(b));
    const test = await createExport({ token: b.sk });
    await worker.tick();
    for (const [auth, id] of [
      [{ token: skLive }, test.id],
      [{ token: skLive }, wholeWorkspace.id],
      [sessionOf(b, ids.liveEnvironment), test.id],
      [{ token: a.sk }, test.id],
      [sessionOf(a), test.id],
    ] as const) {
      const res = await api.request("GET", `/v1/exports/${id}`, auth);
      expect(res.status, id).toBe(404);
    }
    const listed = await api.request("GET", "/v1/exports?limit=100", { token: skLive });
    expect(listed.body.data.map((e: { id: string }) => e.id)).not.toContain(test.id);
    expect(listed.body.data.map((e: { id: string }) => e.id)).not.toContain(wholeWorkspace.id);
    const all = await api.request("GET", "/v1/exports?limit=100", sessionOf(b));
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual(
      expect.arrayContaining([test.id, wholeWorkspace.id]),
    );
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const exported = await ready((await createExport({ token: b.sk })).id, { token: b.sk });
    const files = await unzip(exported.download_url);
    const customer = rows(files["customers.csv"]).find((r) => r.id === "cus_exportB");
    expect(customer?.email).toBe(`'${FORMULA}`);
    const payment = rows(files["payments.csv"]).find((r) => r.customer_email?.includes("2+3@"));
    expect(payment?.customer_email).toBe("'-2+3@example.com");
    for (const [name, csv] of Object.entries(files))
      for (const row of rows(csv))
        for (const [column, cell] of Object.entries(row))
          expect(/^[=+\-@\t\r]/.test(cell), `${name} ${column}: ${cell}`).toBe(false);
  });

  it("mails the member who asked a link that downloads without a bearer header", async () => {
    const session = sessionOf(b);
    const created = await createExport(session);
    await ready(created.id, session);
    const mail = await api.deps.db
      .selectFrom("account_mail")
      .selectAll()
      .where("kind", "=", "export_ready")
      .where("recipient", "=", b.email)
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.user_id).toBe(b.user.id);
    // The body is sealed: its link is a credential.
    expect(mail.sealed_body).not.toContain(created.id);
    const opened = openAccountMail(api.deps.secrets, mail);
    expect(opened?.subject).toBe("Your export of Main Store is ready");
    const link = /(https:\/\/\S+\/v1\/exports\/(exp_\w+)\/download\?token=\S+)/.exec(opened?.text ?? "");
    expect(link?.[2]).toBe(created.id);
    const files = await unzip(link?.[1] ?? "");
    expect(Object.keys(files)).toHaveLength(5);
    // An API key's export mails nobody.
    const before = await api.deps.db
      .selectFrom("account_mail")
      .select("id")
      .where("kind", "=", "export_ready")
      .execute();
    await ready((await createExport({ token: b.sk })).id, { token: b.sk });
    const after = await api.deps.db
      .selectFrom("account_mail")
      .select("id")
      .where("kind", "=", "export_ready")
      .execute();
    expect(after.length).toBe(before.length);
  });

  it("refuses a tampered, expired, foreign or missing link, before saying whether the export exists", async () => {
    const exported = await ready((await createExport({ token: b.sk })).id, { token: b.sk });
    const url = new URL(exported.download_url);
    const token = url.searchParams.get("token") ?? "";
    const [expiry, holder, tag] = token.split(".") as [string, string, string];
    const attempt = async (id: string, t: string | null) => {
      const res = await app.request(
        `/v1/exports/${id}/download${t === null ? "" : `?token=${encodeURIComponent(t)}`}`,
      );
      return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
    };
    const invalid = { status: 403, code: "export_link_invalid" };
    expect(await attempt(exported.id, `${Number(expiry) + 86_400}.${holder}.${tag}`)).toEqual(invalid);
    expect(
      await attempt(exported.id, `${expiry}.${holder}.${tag.startsWith("A") ? "B" : "A"}${tag.slice(1)}`),
    ).toEqual(invalid);
    expect(await attempt(exported.id, `${expiry}.user_${"B".repeat(24)}.${tag}`)).toEqual(invalid);
    expect(await attempt(exported.id, null)).toEqual(invalid);
    expect(await attempt(exported.id, "garbage")).toEqual(invalid);
    // A genuine link to another export opens only that one; an unknown id learns no more.
    const other = await createExport({ token: b.sk });
    expect(await attempt(other.id, token)).toEqual(invalid);
    expect(await attempt("exp_AAAAAAAAAAAAAAAAAAAAAAAA", token)).toEqual(invalid);
    // A genuine link past its 15 minutes.
    const links = downloadLinksOf(api.deps.secrets);
    const stale = links.token(exported.id, { type: "api_key", id: holder }, nowSeconds() - 15 * 60);
    expect(await attempt(exported.id, stale)).toEqual({ status: 403, code: "export_link_expired" });
    const fresh = links.token(exported.id, { type: "api_key", id: holder }, nowSeconds() - 15 * 60 + 30);
    expect((await app.request(`/v1/exports/${exported.id}/download?token=${fresh}`)).status).toBe(200);
    // A genuine link to an export not built yet.
    const pending = links.token(other.id, { type: "api_key", id: holder }, nowSeconds());
    expect(await attempt(other.id, pending)).toEqual({ status: 409, code: "export_not_ready" });
    await worker.tick();
  });

  it("records who asked and who downloaded, with the IP, in the audit log", async () => {
    const session = sessionOf(b);
    const created = await createExport(session);
    const exported = await ready(created.id, session);
    expect((await download(exported.download_url)).status).toBe(200);
    const entries = await api.request("GET", "/v1/audit_log?limit=100", session);
    const of = (action: string) =>
      entries.body.data.find(
        (e: { action: string; object_id: string }) => e.action === action && e.object_id === created.id,
      );
    expect(of("export.created")).toMatchObject({
      actor: { type: "user", id: b.user.id },
      workspace_id: b.workspaceId,
      object_type: "export",
      ip: "unknown",
      details: { from: range.from, to: range.to },
    });
    // The download carried no credential: the link names the member it was issued to.
    expect(of("export.downloaded")).toMatchObject({
      actor: { type: "user", id: b.user.id },
      workspace_id: b.workspaceId,
      ip: "unknown",
    });
    const byKey = await createExport({ token: b.sk });
    const keyExport = await ready(byKey.id, { token: b.sk });
    await download(keyExport.download_url);
    const keyEntries = await api.request("GET", "/v1/audit_log?limit=100&action=export.downloaded", {
      token: b.sk,
    });
    const keyId = (
      await api.deps.db
        .selectFrom("exports")
        .select("requested_by_id")
        .where("id", "=", byKey.id)
        .executeTakeFirstOrThrow()
    ).requested_by_id;
    expect(keyEntries.body.data.find((e: { object_id: string }) => e.object_id === byKey.id)?.actor).toEqual({
      type: "api_key",
      id: keyId,
    });
  });

  it("deletes the file after 7 days: the export is expired and its link answers 410", async () => {
    const exported = await ready((await createExport({ token: b.sk })).id, { token: b.sk });
    await api.deps.db
      .updateTable("exports")
      .set({ expires_at: nowSeconds() - 1 })
      .where("id", "=", exported.id)
      .execute();
    // Past its week, it is expired before the worker comes by: no link is signed.
    const before = await api.request("GET", `/v1/exports/${exported.id}`, { token: b.sk });
    expect(before.body).toMatchObject({ status: "expired", download_url: null });
    const res = await download(exported.download_url);
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("export_expired");
    expect(await worker.tick()).toBeGreaterThanOrEqual(1);
    const row = await api.deps.db
      .selectFrom("exports")
      .selectAll()
      .where("id", "=", exported.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("expired");
    const parts = await api.deps.db
      .selectFrom("export_files")
      .select("part")
      .where("export_id", "=", exported.id)
      .execute();
    expect(parts).toEqual([]);
  });

  it("lists the caller's exports newest first, cursor-paged", async () => {
    const first = await createExport({ token: b.sk });
    const second = await createExport({ token: b.sk });
    await worker.tick();
    const page = await api.request("GET", "/v1/exports?limit=1", { token: b.sk });
    expect(page.body).toMatchObject({ object: "list", has_more: true });
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual([second.id]);
    expect(page.body.data[0].download_url).toMatch(/\/download\?token=/);
    const next = await api.request("GET", `/v1/exports?limit=1&starting_after=${second.id}`, { token: b.sk });
    expect(next.body.data.map((e: { id: string }) => e.id)).toEqual([first.id]);
    const back = await api.request("GET", `/v1/exports?limit=1&ending_before=${first.id}`, { token: b.sk });
    expect(back.body.data.map((e: { id: string }) => e.id)).toEqual([second.id]);
    const foreign = await api.request("GET", `/v1/exports?starting_after=${second.id}`, { token: a.sk });
    expect(foreign.body.error).toMatchObject({ code: "parameter_invalid", param: "starting_after" });
  });
});

describe("who may export, and what", () => {
  it("only owners and admins: a support or developer member gets 403 role_forbidden", async () => {
    const exported = await createExport({ token: b.sk });
    for (const role of ["support", "developer", "admin"] as const) {
      const member = await signUp(api);
      await api.deps.db
        .insertInto("organization_members")
        .values({ organization_id: b.organizationId, user_id: member.user.id, role, created_at: 0 })
        .execute();
      const auth = { token: member.token, headers: { "x-workspace-id": b.workspaceId } };
      const calls = [
        await api.request("POST", "/v1/exports", { ...auth, body: range }),
        await api.request("GET", "/v1/exports", auth),
        await api.request("GET", `/v1/exports/${exported.id}`, auth),
      ];
      for (const res of calls) {
        if (role === "admin") expect(res.status, role).toBeLessThan(300);
        else
          expect({ role, status: res.status, code: res.body.error?.code }).toEqual({
            role,
            status: 403,
            code: "role_forbidden",
          });
      }
    }
    const pk = await api.request("POST", "/v1/exports", { token: b.pk, body: range });
    expect(pk.body.error.code).toBe("secret_key_required");
    await worker.tick();
  });

  it("refuses a range that ends before it starts or spans more than 366 days", async () => {
    for (const body of [
      { from: now, to: now - 1 },
      { from: now - 366 * 86_400 - 1, to: now },
    ]) {
      const res = await api.request("POST", "/v1/exports", { token: b.sk, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "export_range_invalid", param: "to" });
    }
    const year = await api.request("POST", "/v1/exports", {
      token: b.sk,
      body: { from: now - 366 * 86_400, to: now },
    });
    expect(year.status).toBe(202);
    await worker.tick();
  });

  it("holds at most 5 exports waiting to be built per workspace", async () => {
    const m = await setupMerchant(api);
    for (let i = 0; i < 5; i++) await createExport({ token: m.sk });
    const sixth = await api.request("POST", "/v1/exports", { token: m.sk, body: range });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.code).toBe("exports_in_progress");
    await worker.tick();
    await createExport({ token: m.sk });
    await worker.tick();
  });
});
