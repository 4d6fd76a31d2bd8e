import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupMerchant, signUp, startTestApi, TEST_PASSWORD, type TestApi } from "../../test/harness.ts";
import { type Smtp, startSmtp } from "../../test/smtp.ts";
import { recordEvent } from "../services/events.ts";
import { smtpTransport } from "../services/mail/transport.ts";
import { defaultMailOptions, MailWorker } from "../services/mail/worker.ts";
import { DEFAULT_PREFERENCES } from "../services/preferences.ts";
import { transaction } from "../services/write-transaction.ts";

/** Which mail a member receives: saved per member, and honoured when each mail comes due. */
let api: TestApi;
let smtp: Smtp;
let worker: MailWorker;
beforeAll(async () => {
  api = await startTestApi();
  smtp = await startSmtp();
  worker = new MailWorker(api.deps, smtpTransport(smtp.url), {
    ...defaultMailOptions(api.deps),
    delays: [0],
  });
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await api?.close();
});

const sentTo = (email: string) =>
  smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === email);

describe("preferences", () => {
  it("start at the defaults and keep what the member changes", async () => {
    const user = await signUp(api);
    const read = await api.request("GET", "/v1/auth/preferences", { token: user.token });
    expect(read.body).toEqual(DEFAULT_PREFERENCES);
    const changed = await api.request("PATCH", "/v1/auth/preferences", {
      token: user.token,
      body: { payment_notifications: true },
    });
    expect(changed.body).toEqual({ ...DEFAULT_PREFERENCES, payment_notifications: true });
    expect((await api.request("GET", "/v1/auth/preferences", { token: user.token })).body).toEqual(
      changed.body,
    );
    const bad = await api.request("PATCH", "/v1/auth/preferences", {
      token: user.token,
      body: { marketing: true },
    });
    expect(bad.status).toBe(400);
  });

  it("a security alert turned off after it was queued is suppressed, never sent", async () => {
    const user = await signUp(api);
    const signIn = await api.request("POST", "/v1/auth/login", {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" },
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    await api.request("PATCH", "/v1/auth/preferences", {
      token: user.token,
      body: { security_alerts: false },
    });
    await worker.tick();
    expect(sentTo(user.email)).toHaveLength(0);
    const rows = await api.deps.db
      .selectFrom("account_mail")
      .select("status")
      .where("user_id", "=", user.user.id)
      .execute();
    expect(rows).toEqual([{ status: "suppressed" }]);

    await api.request("PATCH", "/v1/auth/preferences", {
      token: user.token,
      body: { security_alerts: true },
    });
    await api.request("POST", "/v1/auth/login", {
      headers: { "user-agent": "curl/8.5.0" },
      body: { email: user.email, password: TEST_PASSWORD },
    });
    await worker.tick();
    expect(sentTo(user.email).map((m) => m.subject)).toEqual(["Security alert for your sPay account"]);
  });

  it("payment notifications reach the members who asked for them, once each", async () => {
    const owner = await setupMerchant(api);
    const quiet = await signUp(api);
    await api.deps.db
      .insertInto("organization_members")
      .values({
        organization_id: owner.organizationId,
        user_id: quiet.user.id,
        role: "developer",
        created_at: 0,
      })
      .execute();
    await api.request("PATCH", "/v1/auth/preferences", {
      token: owner.token,
      body: { payment_notifications: true },
    });
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: owner.sk,
      body: { amount_minor: 700 },
    });
    const event = await transaction(api.deps, (trx) =>
      recordEvent(trx, {
        workspaceId: owner.workspaceId,
        env: "test",
        type: "payment_intent.succeeded",
        object: intent.body,
        fannedOut: true,
      }),
    );
    const queued = await api.deps.db
      .selectFrom("mail_outbox")
      .select(["kind", "recipient"])
      .where("event_id", "=", event)
      .execute();
    expect(queued).toEqual([{ kind: "payment_notification", recipient: owner.email.toLowerCase() }]);
  });
});
