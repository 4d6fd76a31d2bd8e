import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiResponse,
  allowBrowserAmounts,
  type Merchant,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../test/harness.ts";

/**
 * Public reads of a payment intent. A publishable key is public by design and a
 * hosted checkout needs no credential at all, so what stands between an intent's id — which travels
 * in memos on a public chain, in logs, in support mails — and its customer_email, shipping address
 * and metadata is the intent's client secret. Rule: every read, stream or report of an intent by a
 * publishable key or anonymously needs that intent's client secret; without it, or with another
 * intent's, the answer is the 404 of an id that does not exist.
 */
let api: TestApi;
let merchant: Merchant;
let other: Merchant;
// biome-ignore lint/suspicious/noExplicitAny: intents are read as JSON and asserted on.
type Intent = Record<string, any>;
let victim: Intent;
let mine: Intent;
let theirs: Intent;

const PRIVATE = { customer_email: "victim@example.com", metadata: { order: "A-1", address: "1 Main St" } };
const TXID = `0x${"ab".repeat(32)}`;

beforeAll(async () => {
  api = await startTestApi();
  merchant = await setupMerchant(api);
  other = await setupMerchant(api);
  const create = async (token: string, body: object) => {
    const res = await api.request("POST", "/v1/payment_intents", {
      token,
      body: { amount_minor: 500, ...body },
    });
    expect(res.status).toBe(201);
    return res.body as Intent;
  };
  victim = await create(merchant.sk, PRIVATE);
  // Browser-made intents with their own amount: the workspaces allow it.
  await allowBrowserAmounts(api, merchant);
  await allowBrowserAmounts(api, other);
  mine = await create(merchant.pk, {});
  theirs = await create(other.pk, {});
});
afterAll(() => api?.close());

/** The public ways to reach an intent by id: the hosted page (no key) and the pk API. */
const READS = [
  {
    name: "hosted checkout read",
    method: "GET",
    path: (id: string) => `/api/checkout/payment-intents/${id}`,
  },
  { name: "retrieve", method: "GET", path: (id: string) => `/v1/payment_intents/${id}`, pk: true },
  {
    name: "status history",
    method: "GET",
    path: (id: string) => `/v1/payment_intents/${id}/events`,
    pk: true,
  },
  { name: "live stream", method: "GET", path: (id: string) => `/v1/payment_intents/${id}/stream`, pk: true },
  {
    name: "txid report",
    method: "POST",
    path: (id: string) => `/v1/payment_intents/${id}/submit`,
    pk: true,
    body: { txid: TXID },
  },
] as const;

function call(read: (typeof READS)[number], id: string, clientSecret?: string): Promise<ApiResponse> {
  const query = clientSecret === undefined ? "" : `?client_secret=${encodeURIComponent(clientSecret)}`;
  return api.request(read.method, `${read.path(id)}${query}`, {
    token: "pk" in read ? merchant.pk : undefined,
    body: "body" in read ? read.body : undefined,
  });
}

/** The same answer an id that was never issued gets, with only the id in the message differing. */
async function expectLikeUnknownId(read: (typeof READS)[number], res: ApiResponse, id: string) {
  const unknownId = "pi_000000000000000000000000";
  const unknown = await call(read, unknownId);
  expect(res.status).toBe(404);
  expect(unknown.status).toBe(404);
  expect({ ...res.body.error, request_id: null }).toEqual({
    ...unknown.body.error,
    request_id: null,
    message: unknown.body.error.message.replace(unknownId, id),
  });
  expect(JSON.stringify(res.body)).not.toContain("victim@example.com");
}

/** Rows per table of the whole database: what a refused request must leave alone. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    api.deps.db,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const res = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(api.deps.db);
    counts[name] = Number(res.rows[0]?.n);
  }
  return counts;
}

/** The intent and its status history as its merchant reads them. */
async function stateOf(id: string) {
  const intent = await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk });
  const events = await api.request("GET", `/v1/payment_intents/${id}/events`, { token: merchant.sk });
  return { intent: intent.body, events: events.body };
}

describe("public reads need the intent's client secret", () => {
  for (const read of READS) {
    it(`id only: the ${read.name} of someone's intent, knowing just its id, is a 404 like an unknown id (the id alone reveals nothing)`, async () => {
      await expectLikeUnknownId(read, await call(read, victim.id), victim.id);
    });

    it(`secret swap: the ${read.name} with the client secret of another intent (my own) is a 404`, async () => {
      await expectLikeUnknownId(read, await call(read, victim.id, mine.client_secret), victim.id);
    });

    it(`forgery: the ${read.name} with a secret of the right shape but a guessed tag is a 404`, async () => {
      const forged = `${victim.id}_secret_${"A".repeat(32)}`;
      await expectLikeUnknownId(read, await call(read, victim.id, forged), victim.id);
      const truncated = (victim.client_secret as string).slice(0, -1);
      await expectLikeUnknownId(read, await call(read, victim.id, truncated), victim.id);
    });
  }

  it("a txid reported without the right client secret writes nothing: the intent, its history and every table stay as they were", async () => {
    const submit = READS.find((r) => r.name === "txid report")!;
    const before = { intent: await stateOf(victim.id), rows: await rowCounts() };
    await call(submit, victim.id);
    await call(submit, victim.id, mine.client_secret);
    expect({ intent: await stateOf(victim.id), rows: await rowCounts() }).toEqual(before);
  });

  it("cross-tenant: another merchant's publishable key with the right client secret still gets 404", async () => {
    const res = await api.request(
      "GET",
      `/v1/payment_intents/${theirs.id}?client_secret=${theirs.client_secret}`,
      {
        token: merchant.pk,
      },
    );
    expect(res.status).toBe(404);
  });

  it("the rightful browser: with its own client secret the hosted page, retrieve, history and stream answer, and the report is accepted", async () => {
    const hosted = await api.request(
      "GET",
      `/api/checkout/payment-intents/${victim.id}?client_secret=${victim.client_secret}`,
    );
    expect(hosted.status).toBe(200);
    expect(hosted.body.payment_intent).toMatchObject({ id: victim.id, customer_email: "victim@example.com" });
    const retrieve = await call(READS[1], victim.id, victim.client_secret);
    expect(retrieve.status).toBe(200);
    expect(retrieve.body.client_secret).toBe(victim.client_secret);
    expect((await call(READS[2], victim.id, victim.client_secret)).status).toBe(200);

    const served = await api.listen();
    try {
      const abort = new AbortController();
      const res = await fetch(
        `${served.url}/v1/payment_intents/${victim.id}/stream?client_secret=${victim.client_secret}`,
        {
          headers: { authorization: `Bearer ${merchant.pk}` },
          signal: abort.signal,
        },
      );
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toContain(`"id":"${victim.id}"`);
      abort.abort();
      await reader.cancel().catch(() => {});
    } finally {
      await served.close();
    }

    const submitted = await call(READS[4], mine.id, mine.client_secret);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ id: mine.id, client_secret: mine.client_secret });
  });
});

describe("who is given the client secret, and where it never goes", () => {
  it("creation returns it (secret or publishable key), in Stripe's form, and checkout_url/spay_url carry it to the hosted page", async () => {
    for (const intent of [victim, mine]) {
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9_-]{32}$`));
      const url = new URL(intent.checkout_url);
      expect(url.pathname).toBe(`/pay/${intent.id}`);
      expect(url.searchParams.get("client_secret")).toBe(intent.client_secret);
      expect(intent.spay_url).toBe(intent.checkout_url);
      // What the hosted page does with its URL: the intent's id from the path, the secret from the query.
      const page = await api.request(
        "GET",
        `/api/checkout${url.pathname.replace("/pay/", "/payment-intents/")}${url.search}`,
      );
      expect(page.status).toBe(200);
    }
    expect(victim.client_secret).not.toBe(mine.client_secret);
  });

  it("the merchant's secret key and session read by id alone, and get the client secret", async () => {
    const bySk = await api.request("GET", `/v1/payment_intents/${victim.id}`, { token: merchant.sk });
    const bySession = await api.request("GET", `/v1/payment_intents/${victim.id}`, {
      token: merchant.token,
      headers: { "x-workspace-id": merchant.workspaceId },
    });
    for (const res of [bySk, bySession]) {
      expect(res.status).toBe(200);
      expect(res.body.client_secret).toBe(victim.client_secret);
    }
  });

  it("leak: no event (hence no webhook payload) and no list carries a client secret or a URL with one", async () => {
    const events = await api.request("GET", "/v1/events?limit=100", { token: merchant.sk });
    expect(events.status).toBe(200);
    const created = (events.body.data as Intent[]).find((e) => e.data.object.id === victim.id);
    expect(created?.data.object.client_secret).toBeNull();
    expect(created?.data.object.checkout_url).toBe(`https://pay.example.test/pay/${victim.id}`);
    const stored = await api.deps.db.selectFrom("events").select("data").execute();
    expect(JSON.stringify(stored)).not.toContain("_secret_");
    const list = await api.request("GET", "/v1/payment_intents", { token: merchant.sk });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain("_secret_");
  });
});
