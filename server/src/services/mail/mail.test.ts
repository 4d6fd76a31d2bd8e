import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { type Asset, DECIMALS, SYMBOLS } from "@spay/protocol";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  raceWorkers,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import { type Smtp, startSmtp } from "../../../test/smtp.ts";
import { ChainClient } from "../../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../../cli/pay.ts";
import { ID_PREFIX } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { recordEvent } from "../events.ts";
import { claimDue } from "../outbox/claim.ts";
import { SettlementWatcher } from "../settlement/watcher.ts";
import { transaction } from "../write-transaction.ts";
import { MAIL_MESSAGES } from "./messages.ts";
import { escapeHtml, formatAtomic } from "./render.ts";
import { smtpTransport } from "./transport.ts";
import { defaultMailOptions, MailWorker, type MailWorkerOptions } from "./worker.ts";

/**
 * Receipts by email: queued with the event in its transaction, sent by the mail worker
 * over real SMTP to a local server (smtp-server on 127.0.0.1:0) and parsed back with mailparser.
 */
const HOSTILE = `<script>alert("x")</script> & Co's`;
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
let other: Merchant;
const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchant(api);
  other = await setupMerchant(api);
  const named = await api.request("PATCH", `/v1/workspaces/${merchant.workspaceId}/business-profile`, {
    token: merchant.token,
    body: { display_name: HOSTILE },
  });
  expect(named.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

const FAST: Partial<MailWorkerOptions> = { delays: [0, 0], intervalMs: 50 };

function worker(smtp: Smtp | null, options: Partial<MailWorkerOptions> = {}) {
  return new MailWorker(api.deps, smtp ? smtpTransport(smtp.url) : null, {
    ...defaultMailOptions(api.deps),
    ...FAST,
    ...options,
  });
}

/** The test-mode label of mail about a `test` payment (subject prefix, a line in both parts). */
const TEST_SUBJECT = MAIL_MESSAGES.testModeSubjectPrefix;
const TEST_NOTICE = MAIL_MESSAGES.testModeNotice;

/**
 * How a mail shows a transaction of the devnet (this gateway's test chain, as GET /v1/chains says):
 * the whole id, in monospace, linked nowhere — no explorer has a page for it.
 */
function expectUnlinkedTxid(mail: ParsedMail, txid: string) {
  expect(mail.text).toContain(`${MAIL_MESSAGES.transactionLabel}: ${txid}\n`);
  expect(mail.text).not.toContain("explorer.hiro.so");
  expect(mail.text).not.toContain(MAIL_MESSAGES.viewOnExplorer);
  const html = String(mail.html);
  expect(html).toContain(`<code style="font-family:monospace">${txid}</code>`);
  expect(html).not.toContain("<a ");
  expect(html).not.toContain("explorer.hiro.so");
}

/** A secret key of `m`'s production environment (its payout wallet is verified by setupMerchant). */
async function liveKey(m: Merchant): Promise<string> {
  const res = await api.request("POST", `/v1/workspaces/${m.workspaceId}/api-keys`, {
    token: m.token,
    body: { type: "sk", env: "live" },
  });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

/** An intent with the payer's email and its `payment_intent.succeeded` event, as settlement writes it. */
async function succeededEvent(
  email: string | null = "Payer@Example.com",
  m: Merchant = merchant,
  live: { sk: string } | null = null,
) {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: live?.sk ?? m.sk,
    body: { amount_minor: 1234, ...(email ? { customer_email: email } : {}) },
  });
  expect(res.status).toBe(201);
  expect(res.body.env).toBe(live ? "live" : "test");
  const txid = `0x${"ab".repeat(32)}`;
  const object = { ...res.body, status: "payment_settled", txid, amount_received: res.body.amount_asset };
  const eventId = await transaction(api.deps, (trx) =>
    recordEvent(trx, {
      workspaceId: m.workspaceId,
      env: live ? "live" : "test",
      type: "payment_intent.succeeded",
      object,
    }),
  );
  return { intent: res.body as IntentForPayment & { amount_asset: string }, eventId, txid };
}

const mailOf = (eventId: string) =>
  api.deps.db.selectFrom("mail_outbox").selectAll().where("event_id", "=", eventId).execute();

describe("receipt mail over SMTP", () => {
  it("queues one receipt with the event and sends it: headers, both parts, hostile name escaped", async () => {
    const smtp = await startSmtp();
    try {
      // The gateway settles test payments on the devnet: its mail must not send payers to testnet.
      const chains = await api.request("GET", "/v1/chains");
      expect(chains.body).toEqual({ test: "devnet", live: "mainnet" });
      const { intent, eventId, txid } = await succeededEvent();
      const queued = await mailOf(eventId);
      expect(queued.map((m) => [m.status, m.recipient, m.kind])).toEqual([
        ["pending", "payer@example.com", "payment_receipt"],
      ]);
      // Made in SQL where the mail is queued, with the one prefix of the ids table.
      expect(queued[0]!.id).toMatch(new RegExp(`^${ID_PREFIX.mail}_[0-9a-f]{32}$`));
      const w = worker(smtp);
      await w.tick();
      await w.tick();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from?.value).toEqual([{ name: "sPay", address: "receipts@pay.example.test" }]);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : null).toBe("payer@example.com");
      expect(mail.subject).toBe(`${TEST_SUBJECT}Your receipt from ${HOSTILE}`);
      expect(mail.messageId).toBe(`<${queued[0]!.id}@pay.example.test>`);
      expect(mail.text).toContain(`${HOSTILE} received your payment.`);
      expect(mail.text).toContain("12.34 USD");
      expect(mail.text).toContain(intent.id);
      expectUnlinkedTxid(mail, txid);
      expect(mail.text).toContain(TEST_NOTICE);
      const html = String(mail.html);
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s");
      expect(html).toContain(escapeHtml(TEST_NOTICE));
      const [row] = await mailOf(eventId);
      expect(row).toMatchObject({ status: "sent", attempt_count: 1, subject: mail.subject });
      await w.stop();
    } finally {
      await smtp.close();
    }
  });

  it("a gateway whose test payments settle on testnet links their receipts to Hiro's testnet explorer", async () => {
    const smtp = await startSmtp();
    try {
      const { intent, eventId, txid } = await succeededEvent("testnet.payer@example.com");
      // The same gateway had it been configured for testnet: only its chain differs.
      const onTestnet: Deps = { ...api.deps, config: { ...api.deps.config, chain: "testnet" } };
      const w = new MailWorker(onTestnet, smtpTransport(smtp.url), {
        ...defaultMailOptions(onTestnet),
        ...FAST,
      });
      await w.tick();
      await w.stop();
      const mine = smtp.received.filter((m) => m.text?.includes(intent.id));
      expect(mine).toHaveLength(1);
      const mail = mine[0]!;
      const explorer = `https://explorer.hiro.so/txid/${txid}?chain=testnet`;
      expect(mail.text).toContain(`${MAIL_MESSAGES.viewOnExplorer}: ${explorer}`);
      expect(String(mail.html)).toContain(`<a href="${explorer}">${txid}</a>`);
      expect((await mailOf(eventId)).map((m) => m.status)).toEqual(["sent"]);
    } finally {
      await smtp.close();
    }
  });

  it("a payment without an email queues nothing; one event queues once per recipient", async () => {
    const { eventId } = await succeededEvent(null);
    expect(await mailOf(eventId)).toEqual([]);
    const { eventId: twice } = await succeededEvent();
    const [row] = await mailOf(twice);
    // The unique (event, recipient) key: a second row for the same receipt cannot exist.
    await expect(
      api.deps.db
        .insertInto("mail_outbox")
        .values({ ...row!, id: `${row!.id}x`, seq: undefined })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await mailOf(twice)).toHaveLength(1);
    await worker(null).tick();
  });

  it("retries after the SMTP server answers 451, and sends exactly once", async () => {
    let refusals = 1;
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        if (refusals-- > 0) callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
        else callback();
      },
    });
    try {
      const { eventId } = await succeededEvent();
      const w = worker(smtp);
      await w.tick();
      let [row] = await mailOf(eventId);
      expect(row).toMatchObject({ status: "pending", attempt_count: 1 });
      expect(row?.last_error).toContain("451");
      expect(smtp.received).toHaveLength(0);
      await w.tick();
      await w.tick();
      [row] = await mailOf(eventId);
      expect(row).toMatchObject({ status: "sent", attempt_count: 2 });
      expect(smtp.received).toHaveLength(1);
      await w.stop();
    } finally {
      await smtp.close();
    }
  });

  it("retries after the SMTP server closes the connection (421), and sends exactly once", async () => {
    let refusals = 1;
    const smtp = await startSmtp({
      onConnect(_session, callback) {
        if (refusals-- > 0) callback(Object.assign(new Error("closing"), { responseCode: 421 }));
        else callback();
      },
    });
    try {
      const { eventId } = await succeededEvent();
      const w = worker(smtp);
      await w.tick();
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "pending", attempt_count: 1 });
      await w.tick();
      await w.tick();
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "sent", attempt_count: 2 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.connections).toBe(2);
      await w.stop();
    } finally {
      await smtp.close();
    }
  });

  it("an SMTP 5xx is final: failed, not retried", async () => {
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("no such user"), { responseCode: 550 }));
      },
    });
    try {
      const { eventId } = await succeededEvent();
      const w = worker(smtp);
      await w.tick();
      await w.tick();
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "failed", attempt_count: 1 });
      expect(smtp.connections).toBe(1);
      await w.stop();
    } finally {
      await smtp.close();
    }
  });

  it("a failed mail is retried by hand (POST /v1/mail/{id}/retry): woken worker sends it once; audit-logged", async () => {
    let refusals = 1;
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        if (refusals-- > 0) callback(Object.assign(new Error("no such user"), { responseCode: 550 }));
        else callback();
      },
    });
    try {
      const { eventId } = await succeededEvent("retry@example.com");
      await worker(smtp).tick();
      const [failed] = await mailOf(eventId);
      expect(failed).toMatchObject({ status: "failed", attempt_count: 1 });
      expect(failed?.last_error).toContain("550");
      // A sleeping worker (no polling within the test): only the retry's notification wakes it.
      const sleeper = new MailWorker(
        api.deps,
        smtpTransport(smtp.url),
        { ...defaultMailOptions(api.deps), intervalMs: 600_000 },
        api.notifications,
      );
      sleeper.start();
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const retried = await api.request("POST", `/v1/mail/${failed!.id}/retry`, { token: merchant.sk });
        expect(retried.status).toBe(200);
        expect(retried.body).toMatchObject({
          id: failed!.id,
          object: "mail",
          status: "pending",
          attempts: 0,
          last_error: null,
          to: "retry@example.com",
        });
        const deadline = Date.now() + 10_000;
        while ((await mailOf(eventId))[0]?.status !== "sent" && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await sleeper.stop();
      }
      // The schedule started over: the resend is attempt 1 of its run (the attempt number goes on,
      // so no claim made before the retry matches one made after it), and it went out exactly once.
      expect((await mailOf(eventId))[0]).toMatchObject({
        status: "sent",
        attempt_count: 2,
        attempts_at_retry: 1,
        last_error: null,
      });
      const listed = await api.request("GET", "/v1/mail", { token: merchant.sk });
      expect(listed.body.data.find((m: { id: string }) => m.id === failed!.id)?.attempts).toBe(1);
      expect(smtp.received.map((m) => m.messageId)).toEqual([`<${failed!.id}@pay.example.test>`]);
      const again = await api.request("POST", `/v1/mail/${failed!.id}/retry`, { token: merchant.sk });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("mail_unexpected_state");
      expect(again.body.error.message).toContain("sent");
      await worker(smtp).tick();
      expect(smtp.received).toHaveLength(1);
      const audit = await api.deps.db
        .selectFrom("audit_log")
        .select(["actor_type", "workspace_id", "object_type"])
        .where("action", "=", "mail.retried")
        .where("object_id", "=", failed!.id)
        .execute();
      expect(audit).toEqual([
        { actor_type: "api_key", workspace_id: merchant.workspaceId, object_type: "mail" },
      ]);
    } finally {
      await smtp.close();
    }
  });

  it("two workers racing send each receipt once (one holds the lease while the SMTP server is slow)", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let connected!: () => void;
    const firstConnection = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const smtp: Smtp = await startSmtp({
      onConnect(_session, callback) {
        connected();
        callback();
      },
      onData(_stream, _session, callback) {
        // Only the first message is held: a second send (a broken lease) would be answered at once.
        if (smtp.received.length === 1) void held.then(() => callback());
        else callback();
      },
    });
    try {
      const events = [await succeededEvent(), await succeededEvent()];
      const [a, b] = [worker(smtp), worker(smtp)];
      const first = Promise.all([a.tick(), b.tick()]);
      await firstConnection;
      // A sends while B (and A again) look for due mail: the rows are leased, nothing is claimed.
      expect(await Promise.all([b.tick(), worker(smtp).tick()])).toEqual([0, 0]);
      release();
      await first;
      await Promise.all([a.tick(), b.tick()]);
      expect(smtp.received).toHaveLength(2);
      const ids = smtp.received.map((m) => m.messageId).sort();
      expect(new Set(ids).size).toBe(2);
      for (const { eventId } of events) expect((await mailOf(eventId))[0]?.status).toBe("sent");
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await smtp.close();
    }
  });

  it("a slow SMTP server: every mail is under its worker's live lease when sent, so racing workers send each once", async () => {
    // Each message takes 700 ms to be accepted; a lease of 1 s lapses 1–2 s after its claim. Mails
    // claimed together and sent one after another would outlive their lease while waiting.
    const smtp = await startSmtp({
      onData(_stream, _session, callback) {
        setTimeout(() => callback(), 700);
      },
    });
    try {
      const events: { eventId: string }[] = [];
      for (let i = 0; i < 5; i++) events.push(await succeededEvent(`slow${i}@example.com`));
      const ids = new Set<string>();
      for (const { eventId } of events) for (const row of await mailOf(eventId)) ids.add(row.id);
      expect(ids.size).toBe(5);
      const [a, b] = [worker(smtp, { leaseSeconds: 1 }), worker(smtp, { leaseSeconds: 1 })];
      await raceWorkers(a, b);
      const ours = smtp.received
        .map((m) => /<(mail_[^@]+)@/.exec(m.messageId ?? "")?.[1])
        .filter((id): id is string => id !== undefined && ids.has(id));
      expect(ours.sort()).toEqual([...ids].sort());
      for (const { eventId } of events) expect((await mailOf(eventId))[0]?.status).toBe("sent");
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await smtp.close();
    }
  });

  it("after a manual retry the schedule starts over, though the attempt number goes on", async () => {
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
      },
    });
    try {
      const { eventId } = await succeededEvent("schedule@example.com");
      const w = worker(smtp);
      for (let i = 0; i < 3; i++) await w.tick();
      const [failed] = await mailOf(eventId);
      expect(failed).toMatchObject({ status: "failed", attempt_count: 3, attempts_at_retry: 0 });
      const retried = await api.request("POST", `/v1/mail/${failed!.id}/retry`, { token: merchant.sk });
      expect(retried.body).toMatchObject({ status: "pending", attempts: 0 });
      // Attempt 4 is the run's first: retried after `delays[0]`, not failed as a fourth attempt.
      expect(await w.tick()).toBe(1);
      expect((await mailOf(eventId))[0]).toMatchObject({
        status: "pending",
        attempt_count: 4,
        attempts_at_retry: 3,
      });
      for (let i = 0; i < 2; i++) await w.tick();
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "failed", attempt_count: 6 });
      expect(smtp.received).toHaveLength(0);
      await w.stop();
    } finally {
      await smtp.close();
    }
  });

  it("a claim made before a manual retry never writes its result after it (the attempt number never goes back)", async () => {
    // A's send is held; B's (after A's lease lapsed) is refused with a 5xx: failed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let rcpts = 0;
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        if (rcpts++ === 1) callback(Object.assign(new Error("mailbox busy"), { responseCode: 550 }));
        else callback();
      },
      onData(_stream, _session, callback) {
        if (smtp.received.length === 1) void held.then(() => callback());
        else callback();
      },
    });
    try {
      const { eventId } = await succeededEvent("stale@example.com");
      const a = worker(smtp, { leaseSeconds: 1 });
      const stale = a.tick();
      while (smtp.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const [claimedByA] = await mailOf(eventId);
      expect(claimedByA).toMatchObject({ status: "pending", attempt_count: 1 });
      const b = worker(smtp);
      const deadline = Date.now() + 5_000;
      while ((await b.tick()) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "failed", attempt_count: 2 });
      const retried = await api.request("POST", `/v1/mail/${claimedByA!.id}/retry`, { token: merchant.sk });
      expect(retried.body).toMatchObject({ status: "pending", attempts: 0 });
      // A new claim after the retry (held by a worker that is still sending, say).
      const claimed = await claimDue(api.deps.db, "mail_outbox", { leaseSeconds: 300, batchSize: 1 });
      expect(claimed.map((m) => m.id)).toEqual([claimedByA!.id]);
      // A's send is accepted now: its result (sent) must not land on the retried mail's new claim.
      release();
      await stale;
      const [after] = await mailOf(eventId);
      expect([after?.status, after?.sent_at]).toEqual(["pending", null]);
      expect(claimed[0]?.attempt_count).toBe(3);
      expect(after).toMatchObject({
        attempt_count: 3,
        attempts_at_retry: 2,
        sent_at: null,
        locked_until: claimed[0]?.locked_until,
      });
      // The new claim's holder is gone (its lease lapses): the mail is sent by the next worker.
      await api.deps.db
        .updateTable("mail_outbox")
        .set({ locked_until: 0 })
        .where("id", "=", claimedByA!.id)
        .execute();
      expect(await worker(smtp).tick()).toBe(1);
      expect((await mailOf(eventId))[0]).toMatchObject({ status: "sent", attempt_count: 4 });
      const view = await api.request("GET", "/v1/mail", { token: merchant.sk });
      expect(view.body.data.find((m: { id: string }) => m.id === claimedByA!.id)?.attempts).toBe(2);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await smtp.close();
    }
  });
});

describe("no SMTP configured: receipts are kept and listed", () => {
  it("keeps the rendered mail and lists it to its own environment only (GET /v1/mail)", async () => {
    const { eventId } = await succeededEvent("kept@example.com");
    await worker(null).tick();
    const [row] = await mailOf(eventId);
    expect(row).toMatchObject({ status: "kept", attempt_count: 1, sent_at: null });
    const list = await api.request("GET", "/v1/mail?limit=100", { token: merchant.sk });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((m: { id: string }) => m.id === row!.id);
    expect(listed).toMatchObject({
      object: "mail",
      kind: "payment_receipt",
      status: "kept",
      to: "kept@example.com",
      subject: `${TEST_SUBJECT}Your receipt from ${HOSTILE}`,
    });
    expect(listed.html).not.toContain("<script>");
    expect(listed.text).toContain(HOSTILE);
    const kept = await api.request("GET", "/v1/mail?status=kept&limit=1", { token: merchant.sk });
    expect(kept.body.data).toHaveLength(1);
    expect(kept.body.data[0].status).toBe("kept");
    const page2 = await api.request("GET", `/v1/mail?limit=1&starting_after=${kept.body.data[0].id}`, {
      token: merchant.sk,
    });
    expect(page2.status).toBe(200);
    expect(page2.body.data.map((m: { id: string }) => m.id)).not.toContain(kept.body.data[0].id);
    const theirs = await api.request("GET", "/v1/mail?limit=100", { token: other.sk });
    expect(theirs.body.data).toEqual([]);
    const pk = await api.request("GET", "/v1/mail", { token: merchant.pk });
    expect(pk.status).toBe(403);
  });

  it("a started worker is woken by the event (LISTEN) and keeps the receipt without polling", async () => {
    const w = new MailWorker(
      api.deps,
      null,
      { ...defaultMailOptions(api.deps), intervalMs: 600_000 },
      api.notifications,
    );
    w.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { eventId } = await succeededEvent("woken@example.com");
      const deadline = Date.now() + 10_000;
      while ((await mailOf(eventId))[0]?.status !== "kept" && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await mailOf(eventId))[0]?.status).toBe("kept");
    } finally {
      await w.stop();
    }
  });

  it("queues a refund receipt when a refund succeeds", async () => {
    const smtp = await startSmtp();
    try {
      const { intent } = await succeededEvent("refunded@example.com");
      await worker(null).tick(); // its payment receipt: kept, out of the way
      const now = Math.floor(Date.now() / 1000);
      const intentRow = await api.deps.db
        .selectFrom("payment_intents")
        .selectAll()
        .where("id", "=", intent.id)
        .executeTakeFirstOrThrow();
      const refundId = `re_mailtest${now}`;
      const txid = `0x${"cd".repeat(32)}`;
      await api.deps.db
        .insertInto("refunds")
        .values({
          id: refundId,
          workspace_id: intentRow.workspace_id,
          environment_id: intentRow.environment_id,
          env: intentRow.env,
          payment_intent_id: intentRow.id,
          customer_id: null,
          asset: intentRow.asset,
          token_contract: intentRow.token_contract,
          amount: "500000",
          amount_micros: 500_000,
          source: intentRow.recipient,
          destination: payer.address,
          reason: "requested_by_customer",
          status: "succeeded",
          status_reason: null,
          txid,
          metadata: "{}",
          created_at: now,
          updated_at: now,
          succeeded_at: now,
          failed_at: null,
        })
        .execute();
      const refund = await api.request("GET", `/v1/refunds/${refundId}`, { token: merchant.sk });
      const eventId = await transaction(api.deps, (trx) =>
        recordEvent(trx, {
          workspaceId: merchant.workspaceId,
          env: "test",
          type: "refund.succeeded",
          object: refund.body,
        }),
      );
      expect((await mailOf(eventId)).map((m) => [m.kind, m.recipient])).toEqual([
        ["refund_receipt", "refunded@example.com"],
      ]);
      // Kept or failed mail is not resent: only the refund receipt is due.
      await worker(smtp).tick();
      expect(smtp.received.map((m) => m.subject)).toEqual([`${TEST_SUBJECT}Your refund from ${HOSTILE}`]);
      const mail = smtp.received[0]!;
      expect(mail.text).toContain("0.50 USD");
      expect(mail.text).toContain(refundId);
      expectUnlinkedTxid(mail, txid);
    } finally {
      await smtp.close();
    }
  });
});

/**
 * A payment really settled: the payer's transfer broadcast to the devnet and mined, then found by
 * the settlement watcher, which writes `payment_intent.succeeded` (and so queues its mail).
 */
async function settleOnDevnet(email: string) {
  const chain = new ChainClient({ baseUrl: devnet.url, timeoutMs: 2_000, retries: 0 });
  const watcher = new SettlementWatcher(
    api.deps,
    { test: chain, live: chain },
    { intervalMs: 50, discoveryIntervalMs: 0, dropAfterSeconds: 3600, lateWindowSeconds: 86_400 },
  );
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 2000, customer_email: email },
  });
  expect(res.status).toBe(201);
  const intent = res.body as IntentForPayment;
  const { txid } = await broadcastIntentTransfer(
    await buildIntentTransfer(intent, payer.privateKey, devnet.url),
    devnet.url,
  );
  await devnet.waitForTx(txid);
  await watcher.tick();
  await watcher.tick();
  const settled = await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: merchant.sk });
  expect(settled.body.status).toBe("payment_settled");
  const rows = await api.deps.db
    .selectFrom("mail_outbox")
    .innerJoin("events", "events.id", "mail_outbox.event_id")
    .select(["mail_outbox.id", "mail_outbox.recipient", "mail_outbox.kind", "events.type"])
    .where(({ ref }) => ref("events.data"), "@>", JSON.stringify({ object: { id: intent.id } }) as never)
    .execute();
  return { intent, settled: settled.body as { txid: string }, rows };
}

describe("a payment settled on the devnet", () => {
  it("produces exactly one receipt, with the settling txid", async () => {
    const smtp = await startSmtp();
    try {
      const { intent, settled, rows } = await settleOnDevnet("Devnet.Payer@Example.com");
      expect(rows.map((r) => [r.type, r.recipient])).toEqual([
        ["payment_intent.succeeded", "devnet.payer@example.com"],
      ]);
      const w = worker(smtp);
      await w.tick();
      await w.tick();
      const mine = smtp.received.filter((m) => m.text?.includes(intent.id));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.text).toContain(settled.txid.replace(/^(?!0x)/, "0x"));
      await w.stop();
    } finally {
      await smtp.close();
    }
  }, 60_000);
});

describe("merchant notification of each settled payment", () => {
  const setting = (token: string, value: unknown, workspaceId = merchant.workspaceId) =>
    api.request("PATCH", `/v1/workspaces/${workspaceId}`, {
      token,
      body: { notify_on_payment_email: value },
    });

  it("setting on: a settled payment sends one notification to the merchant and the payer's receipt", async () => {
    const on = await setting(merchant.token, " Owner@Shop.example ");
    expect(on.status).toBe(200);
    expect(on.body.notify_on_payment_email).toBe("Owner@Shop.example");
    const smtp = await startSmtp();
    try {
      const { intent, eventId, txid } = await succeededEvent();
      const queued = await mailOf(eventId);
      expect(queued.map((m) => [m.kind, m.recipient]).sort()).toEqual([
        ["payment_notification", "owner@shop.example"],
        ["payment_receipt", "payer@example.com"],
      ]);
      // Its own unique key: the same notification cannot be queued twice.
      const note = queued.find((m) => m.kind === "payment_notification")!;
      await expect(
        api.deps.db
          .insertInto("mail_outbox")
          .values({ ...note, id: `${note.id}x`, seq: undefined })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
      const w = worker(smtp);
      await w.tick();
      await w.tick();
      await w.stop();
      const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : null);
      expect(smtp.received.map(to).sort()).toEqual(["owner@shop.example", "payer@example.com"]);
      const mail = smtp.received.find((m) => to(m) === "owner@shop.example")!;
      const asset = (intent as unknown as { asset: Asset }).asset;
      const amount = `${formatAtomic(intent.amount_asset, DECIMALS[asset])} ${SYMBOLS[asset]}`;
      expect(mail.subject).toBe(`${TEST_SUBJECT}New payment: ${amount}`);
      for (const part of [amount, "12.34 USD", "Payer: Payer@Example.com", intent.id, TEST_NOTICE]) {
        expect(mail.text).toContain(part);
      }
      expectUnlinkedTxid(mail, txid);
      const html = String(mail.html);
      expect(html).not.toContain("<script>");
      expect(html).toContain(
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s received a new payment.",
      );
      expect(html).toContain(escapeHtml(TEST_NOTICE));
      expect((await mailOf(eventId)).map((m) => m.status)).toEqual(["sent", "sent"]);
    } finally {
      await smtp.close();
    }
  });

  it("setting off: no notification; an invalid address is refused; another tenant cannot change it", async () => {
    const bad = await setting(merchant.token, "not an email");
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("notify_on_payment_email");
    const foreign = await setting(other.token, "thief@evil.example");
    expect(foreign.status).toBe(404);
    const off = await setting(merchant.token, null);
    expect(off.status).toBe(200);
    expect(off.body.notify_on_payment_email).toBeNull();
    // Where payment details are mailed is audit-logged: on, then off; the refused attempts left nothing.
    const audit = await api.deps.db
      .selectFrom("audit_log")
      .select(["details"])
      .where("action", "=", "workspace.payment_notifications_changed")
      .where("workspace_id", "=", merchant.workspaceId)
      .orderBy("seq")
      .execute();
    const detailsOf = (d: unknown) => (typeof d === "string" ? JSON.parse(d) : d) as Record<string, unknown>;
    expect(audit.map((a) => detailsOf(a.details).notify_on_payment_email)).toEqual([
      "Owner@Shop.example",
      null,
    ]);
    const { eventId } = await succeededEvent();
    expect((await mailOf(eventId)).map((m) => m.kind)).toEqual(["payment_receipt"]);
    await worker(null).tick();
    // The other tenant's attempt changed nothing, and its own payments notify no one.
    const { eventId: theirs } = await succeededEvent("buyer@example.com", other);
    expect((await mailOf(theirs)).map((m) => m.kind)).toEqual(["payment_receipt"]);
    await worker(null).tick();
  });

  it("a live payment's receipt and notification carry no test-mode label", async () => {
    expect((await setting(merchant.token, "owner@shop.example")).status).toBe(200);
    const smtp = await startSmtp();
    try {
      const { intent, eventId, txid } = await succeededEvent("live.payer@example.com", merchant, {
        sk: await liveKey(merchant),
      });
      expect((await mailOf(eventId)).map((m) => [m.env, m.kind]).sort()).toEqual([
        ["live", "payment_notification"],
        ["live", "payment_receipt"],
      ]);
      const w = worker(smtp);
      await w.tick();
      await w.stop();
      const asset = (intent as unknown as { asset: Asset }).asset;
      const amount = `${formatAtomic(intent.amount_asset, DECIMALS[asset])} ${SYMBOLS[asset]}`;
      const mine = smtp.received.filter((m) => m.text?.includes(intent.id));
      expect(mine.map((m) => m.subject).sort()).toEqual([
        `New payment: ${amount}`,
        `Your receipt from ${HOSTILE}`,
      ]);
      for (const mail of mine) {
        expect(mail.text).toContain(`https://explorer.hiro.so/txid/${txid}?chain=mainnet`);
        expect(String(mail.html)).toContain(
          `<a href="https://explorer.hiro.so/txid/${txid}?chain=mainnet">${txid}</a>`,
        );
        expect(mail.text).not.toContain(TEST_NOTICE);
        expect(String(mail.html)).not.toContain(escapeHtml(TEST_NOTICE));
      }
    } finally {
      await smtp.close();
      expect((await setting(merchant.token, null)).status).toBe(200);
    }
  });

  it("a payment settled on the devnet: the payer's receipt and the merchant's notification, once each", async () => {
    expect((await setting(merchant.token, "owner@shop.example")).status).toBe(200);
    const smtp = await startSmtp();
    try {
      const { intent, settled, rows } = await settleOnDevnet("Settled.Payer@Example.com");
      expect(rows.map((r) => [r.type, r.kind, r.recipient]).sort()).toEqual([
        ["payment_intent.succeeded", "payment_notification", "owner@shop.example"],
        ["payment_intent.succeeded", "payment_receipt", "settled.payer@example.com"],
      ]);
      const w = worker(smtp);
      await w.tick();
      await w.tick();
      await w.stop();
      await worker(smtp).tick();
      const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : null);
      const mine = smtp.received.filter((m) => m.text?.includes(intent.id));
      expect(mine.map(to).sort()).toEqual(["owner@shop.example", "settled.payer@example.com"]);
      const txid = settled.txid.replace(/^(?!0x)/, "0x");
      for (const mail of mine) {
        expectUnlinkedTxid(mail, txid);
        expect(mail.subject?.startsWith(TEST_SUBJECT)).toBe(true);
      }
      expect(mine.find((m) => to(m) === "owner@shop.example")?.text).toContain(
        "Payer: Settled.Payer@Example.com",
      );
      const sent = await api.deps.db
        .selectFrom("mail_outbox")
        .select(["status", "attempt_count"])
        .where(
          "id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
      expect(sent).toEqual([
        { status: "sent", attempt_count: 1 },
        { status: "sent", attempt_count: 1 },
      ]);
    } finally {
      await smtp.close();
      expect((await setting(merchant.token, null)).status).toBe(200);
    }
  }, 60_000);
});
