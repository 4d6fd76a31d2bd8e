import { Secret, TOTP } from "otpauth";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace, signUp, startTestApi, TEST_PASSWORD, type TestApi } from "../../test/harness.ts";
import { createApp } from "../app.ts";
import { nowSeconds } from "../domain/ids.ts";
import { hashToken } from "../domain/secrets.ts";
import { describeDevice } from "../services/sessions.ts";
import { SECOND_FACTOR_FRESH_SECONDS } from "../services/two-factor/step-up.ts";

/**
 * Passkeys end to end with a real browser's WebAuthn: Debian's Chromium, each "device" a page with
 * a virtual authenticator of its own (the DevTools protocol's WebAuthn domain: a platform
 * authenticator holding discoverable credentials that verifies its user). The page calls
 * `navigator.credentials.create()` and `.get()` itself, with options the API gave and the browser's
 * own JSON conversions; what it answers goes back to the API as the dashboard would send it.
 *
 * WebAuthn needs a secure context and a host name for the relying party: the pages are served (by
 * the browser's request interception, no socket) at http://localhost — the gateway's public URL
 * here — and, to play another site on the same host, at http://localhost:8123.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DASHBOARD = "http://localhost";
/** Another origin on the same host: a page there gets `localhost` passkeys to sign, for its own origin. */
const OTHER_SITE = "http://localhost:8123";

let api: TestApi;
let browser: Browser;

beforeAll(async () => {
  api = await startTestApi({ publicUrl: DASHBOARD });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

/** A browser tab with its own authenticator: one person's phone or laptop. */
interface Device {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  userAgent: string;
}

async function newDevice(): Promise<Device> {
  const context = await browser.newContext();
  // Every page of `localhost` (any port) is a blank document: the test drives WebAuthn itself.
  await context.route(
    (url) => url.hostname === "localhost",
    (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>sPay</title>" }),
  );
  const page = await context.newPage();
  await page.goto(`${DASHBOARD}/`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { page, cdp, authenticatorId, userAgent: String(await page.evaluate("navigator.userAgent")) };
}

/** The browser's WebAuthn as the page's script sees it (this file is typed for Node, not the DOM). */
interface BrowserWebAuthn {
  PublicKeyCredential: {
    parseCreationOptionsFromJSON(options: unknown): unknown;
    parseRequestOptionsFromJSON(options: unknown): unknown;
  };
  navigator: {
    credentials: {
      create(options: { publicKey: unknown }): Promise<{ toJSON(): unknown } | null>;
      get(options: { publicKey: unknown }): Promise<{ toJSON(): unknown } | null>;
    };
  };
}

/** What a page's script changes in the options before using them: what a hostile or odd page would do. */
interface Tweak {
  /** Ask for these credentials instead of the ones the server named. */
  allowCredentials?: string[];
  userVerification?: "discouraged";
}

type CredentialJSON = { id: string; response: Record<string, string> } & Record<string, unknown>;

/** `navigator.credentials.create()` or `.get()` in the device's page, with the options the API gave. */
async function ceremony(
  device: Device,
  kind: "create" | "get",
  options: unknown,
  tweak: Tweak = {},
): Promise<CredentialJSON> {
  const json = await device.page.evaluate(
    async ({ kind, options, tweak }) => {
      const web = globalThis as unknown as BrowserWebAuthn;
      const publicKey = { ...(options as Record<string, unknown>) };
      if (tweak.allowCredentials)
        publicKey.allowCredentials = tweak.allowCredentials.map((id) => ({ id, type: "public-key" }));
      if (tweak.userVerification) publicKey.userVerification = tweak.userVerification;
      const credential =
        kind === "create"
          ? await web.navigator.credentials.create({
              publicKey: web.PublicKeyCredential.parseCreationOptionsFromJSON(publicKey),
            })
          : await web.navigator.credentials.get({
              publicKey: web.PublicKeyCredential.parseRequestOptionsFromJSON(publicKey),
            });
      return credential?.toJSON();
    },
    { kind, options, tweak },
  );
  return json as CredentialJSON;
}

/** The device's page moves to `origin` (its authenticator and passkeys stay with it). */
async function visit(device: Device, origin: string): Promise<void> {
  await device.page.goto(`${origin}/`);
}

function call(device: Device, method: string, path: string, token?: string, body?: unknown) {
  return api.request(method, path, {
    token,
    headers: { "user-agent": device.userAgent },
    ...(body === undefined ? {} : { body }),
  });
}

/** Creates a passkey on `device` for the account of `token` and adds it; answers it and its credential id. */
async function addPasskey(device: Device, token: string, name?: string) {
  const options = await call(device, "POST", "/v1/auth/passkeys/registration-options", token);
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const response = await ceremony(device, "create", options.body);
  const added = await call(device, "POST", "/v1/auth/passkeys", token, { name, response });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { passkey: added.body as { id: string; name: string }, credentialId: response.id, response };
}

const login = (email: string) =>
  api.request("POST", "/v1/auth/login", { body: { email, password: TEST_PASSWORD } });

/** A password sign-in's second-factor challenge, and passkey options for it. */
async function passwordThenOptions(device: Device, email: string) {
  const first = await login(email);
  expect(first.body.second_factor_required).toBe(true);
  const token = first.body.challenge_token as string;
  const options = await call(device, "POST", "/v1/auth/two-factor/passkey-options", undefined, {
    challenge_token: token,
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return { challenge: first.body, token, options: options.body };
}

const verify = (device: Device, challenge_token: string, passkey: unknown) =>
  call(device, "POST", "/v1/auth/two-factor/verify", undefined, { challenge_token, passkey });

async function passkeyRow(id: string) {
  return api.deps.db.selectFrom("passkeys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function sessionOf(token: string) {
  return api.deps.db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
}

async function auditCount(userId: string, action: string): Promise<number> {
  const rows = await api.deps.db
    .selectFrom("audit_log")
    .select("details")
    .where("user_id", "=", userId)
    .where("action", "=", action)
    .execute();
  return rows.length;
}

async function securityAlerts(userId: string): Promise<number> {
  const rows = await api.deps.db
    .selectFrom("account_mail")
    .select("id")
    .where("kind", "=", "security_alert")
    .where("user_id", "=", userId)
    .execute();
  return rows.length;
}

/** Fixture: the counter the server last saw for the passkey. */
async function setCounter(id: string, counter: number): Promise<void> {
  await api.deps.db.updateTable("passkeys").set({ counter }).where("id", "=", id).execute();
}

/** Fixture: as if the session had proved its second factor long enough ago to need it again. */
async function staleSecondFactor(token: string): Promise<void> {
  await api.deps.db
    .updateTable("sessions")
    .set({ second_factor_at: nowSeconds() - SECOND_FACTOR_FRESH_SECONDS - 1 })
    .where("token_hash", "=", hashToken(token))
    .execute();
}

describe("passkeys in Chromium with a virtual authenticator", () => {
  it("adds a passkey made on the dashboard's origin: listed, named, other sessions signed out, the owner told", async () => {
    const device = await newDevice();
    const user = await signUp(api);
    const elsewhere = (await login(user.email)).body.session_id as string;
    const alertsBefore = await securityAlerts(user.user.id);

    const options = await call(device, "POST", "/v1/auth/passkeys/registration-options", user.token);
    expect(options.body).toMatchObject({ rp: { id: "localhost", name: "sPay" }, excludeCredentials: [] });
    const response = await ceremony(device, "create", options.body);
    // The options were this session's: another session of the same account cannot use them.
    const otherSession = await call(device, "POST", "/v1/auth/passkeys", elsewhere, { response });
    expect(otherSession.status).toBe(400);
    expect(otherSession.body.error.code).toBe("passkey_registration_invalid");
    const added = await call(device, "POST", "/v1/auth/passkeys", user.token, { response });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const passkey = added.body as { id: string; name: string };
    // No name given: the browser and system it was added from.
    expect(passkey.name).toBe(describeDevice(device.userAgent) ?? "Passkey");
    const list = await call(device, "GET", "/v1/auth/passkeys", user.token);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: passkey.id,
        object: "passkey",
        last_used_at: null,
        transports: ["internal"],
      }),
    ]);
    expect((await api.request("GET", "/v1/auth/session", { token: elsewhere })).status).toBe(401);
    expect((await call(device, "GET", "/v1/auth/session", user.token)).status).toBe(200);
    const status = await call(device, "GET", "/v1/auth/two-factor", user.token);
    expect(status.body).toMatchObject({ totp: { enabled: false }, passkeys: 1, enabled: true });
    expect(await auditCount(user.user.id, "user.passkey_added")).toBe(1);
    expect(await securityAlerts(user.user.id)).toBe(alertsBefore + 1);

    // Its options were spent by the registration: the same answer again adds nothing.
    const again = await call(device, "POST", "/v1/auth/passkeys", user.token, { response });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("passkey_registration_invalid");

    const renamed = await call(device, "PATCH", `/v1/auth/passkeys/${passkey.id}`, user.token, {
      name: "  Laptop ",
    });
    expect(renamed.body).toMatchObject({ id: passkey.id, name: "Laptop" });
  });

  it("a password sign-in asks for the passkey, and the passkey completes it", async () => {
    const device = await newDevice();
    const user = await signUp(api);
    const { passkey, credentialId } = await addPasskey(device, user.token, "Phone");
    const counterBefore = Number((await passkeyRow(passkey.id)).counter);

    const { challenge, token, options } = await passwordThenOptions(device, user.email);
    expect(challenge.methods).toEqual(["passkey"]);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([credentialId]);
    const answer = await ceremony(device, "get", options);
    const signedIn = await verify(device, token, answer);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.id).toBe(user.user.id);
    const session = await sessionOf(signedIn.body.session_id);
    expect(session.second_factor_at).not.toBeNull();
    const used = await passkeyRow(passkey.id);
    expect(Number(used.counter)).toBeGreaterThan(counterBefore);
    expect(used.last_used_at).not.toBeNull();
  });

  it("a passkey alone signs in as both factors, once per answer, and only when it verified its user", async () => {
    const device = await newDevice();
    const user = await signUp(api);
    const { passkey } = await addPasskey(device, user.token);

    const options = await call(device, "POST", "/v1/auth/passkeys/sign-in-options");
    expect(options.status).toBe(200);
    // No account named: the browser offers the passkeys it holds for this site.
    expect(options.body).toMatchObject({
      allowCredentials: [],
      userVerification: "required",
      rpId: "localhost",
    });
    const counterBefore = Number((await passkeyRow(passkey.id)).counter);
    const answer = await ceremony(device, "get", options.body);
    const signedIn = await call(device, "POST", "/v1/auth/passkeys/sign-in", undefined, { response: answer });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.id).toBe(user.user.id);
    // No second-factor challenge follows: the session has proved both.
    const session = await sessionOf(signedIn.body.session_id);
    expect(Number(session.second_factor_at)).toBeGreaterThanOrEqual(nowSeconds() - 5);

    // The same answer replayed: its challenge is spent. (Its counter would give it away too, but
    // synced passkeys report none: put back as it was, only the challenge's single use refuses it.)
    await setCounter(passkey.id, counterBefore);
    const replayed = await call(device, "POST", "/v1/auth/passkeys/sign-in", undefined, { response: answer });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe("passkey_invalid");

    // An authenticator that did not verify its user (a page asking it not to) is one factor only.
    await device.cdp.send("WebAuthn.setUserVerified", {
      authenticatorId: device.authenticatorId,
      isUserVerified: false,
    });
    try {
      const more = await call(device, "POST", "/v1/auth/passkeys/sign-in-options");
      const unverified = await ceremony(device, "get", more.body, { userVerification: "discouraged" });
      const refused = await call(device, "POST", "/v1/auth/passkeys/sign-in", undefined, {
        response: unverified,
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("passkey_invalid");
    } finally {
      await device.cdp.send("WebAuthn.setUserVerified", {
        authenticatorId: device.authenticatorId,
        isUserVerified: true,
      });
    }
  });

  it("counts as the second factor an organization requires, proves it again at step-up, and removing one needs that", async () => {
    const ownerDevice = await newDevice();
    const owner = await signUp(api);
    const { organizationId, workspaceId } = await createWorkspace(api, owner.token);
    const orgPath = `/v1/organizations/${organizationId}`;
    const requireIt = () => call(ownerDevice, "PATCH", orgPath, owner.token, { require_two_factor: true });
    expect((await requireIt()).body.error.code).toBe("two_factor_enrollment_required");
    const { passkey } = await addPasskey(ownerDevice, owner.token, "Owner's laptop");
    expect((await requireIt()).body.require_two_factor).toBe(true);

    // A member without a second factor is kept out until their passkey is added.
    const memberDevice = await newDevice();
    const member = await signUp(api);
    await api.deps.db
      .insertInto("organization_members")
      .values({ organization_id: organizationId, user_id: member.user.id, role: "developer", created_at: 0 })
      .execute();
    const blocked = await call(memberDevice, "GET", orgPath, member.token);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe("two_factor_enrollment_required");
    await addPasskey(memberDevice, member.token);
    expect((await call(memberDevice, "GET", orgPath, member.token)).status).toBe(200);

    // Step-up: once the proof is stale, guarded actions ask for it again, and a passkey gives it.
    await staleSecondFactor(owner.token);
    const newKey = () =>
      api.request("POST", `/v1/workspaces/${workspaceId}/api-keys`, {
        token: owner.token,
        body: { type: "sk" },
      });
    expect((await newKey()).body.error.code).toBe("second_factor_required");
    const removeIt = () => call(ownerDevice, "DELETE", `/v1/auth/passkeys/${passkey.id}`, owner.token);
    const refused = await removeIt();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("second_factor_required");
    // Nor can a stale session add a passkey of its own.
    const addStale = await call(ownerDevice, "POST", "/v1/auth/passkeys/registration-options", owner.token);
    expect(addStale.body.error.code).toBe("second_factor_required");
    // Nor an authenticator app: a factor added by a stolen session would pass the next step-up.
    const totp = await call(ownerDevice, "POST", "/v1/auth/two-factor/totp", owner.token);
    const code = new TOTP({ secret: Secret.fromBase32(totp.body.secret), digits: 6, period: 30 }).generate();
    const confirmStale = await call(ownerDevice, "POST", "/v1/auth/two-factor/totp/confirm", owner.token, {
      code,
    });
    expect(confirmStale.body.error.code).toBe("second_factor_required");

    const options = await call(ownerDevice, "POST", "/v1/auth/passkeys/step-up-options", owner.token);
    expect(options.status).toBe(200);
    const counterBefore = Number((await passkeyRow(passkey.id)).counter);
    const answer = await ceremony(ownerDevice, "get", options.body);
    const steppedUp = await call(ownerDevice, "POST", "/v1/auth/two-factor/step-up", owner.token, {
      passkey: answer,
    });
    expect(steppedUp.status, JSON.stringify(steppedUp.body)).toBe(200);
    expect(steppedUp.body.fresh_until).toBe(steppedUp.body.second_factor_at + SECOND_FACTOR_FRESH_SECONDS);
    expect((await newKey()).status).toBe(201);
    // That answer was for that step-up only (its counter put back, as a synced passkey's: the
    // challenge's single use alone refuses it).
    await staleSecondFactor(owner.token);
    await setCounter(passkey.id, counterBefore);
    const replayed = await call(ownerDevice, "POST", "/v1/auth/two-factor/step-up", owner.token, {
      passkey: answer,
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe("passkey_invalid");

    const again = await call(ownerDevice, "POST", "/v1/auth/passkeys/step-up-options", owner.token);
    const fresh = await ceremony(ownerDevice, "get", again.body);
    expect(
      (await call(ownerDevice, "POST", "/v1/auth/two-factor/step-up", owner.token, { passkey: fresh }))
        .status,
    ).toBe(200);
    const elsewhere = (await login(owner.email)).body;
    expect(elsewhere.second_factor_required).toBe(true);
    const removed = await removeIt();
    expect(removed.body).toEqual({ id: passkey.id, object: "passkey", deleted: true });
    expect((await call(ownerDevice, "GET", "/v1/auth/passkeys", owner.token)).body.data).toEqual([]);
    expect(await auditCount(owner.user.id, "user.passkey_removed")).toBe(1);
    expect(await securityAlerts(owner.user.id)).toBe(2);
    // Without a passkey the owner has no second factor left: the next sign-in asks for none.
    expect((await login(owner.email)).body.session_id).toEqual(expect.any(String));
  });

  it("refuses another account's passkey, another sign-in's options, another site's answer and a counter gone back", async () => {
    const aliceDevice = await newDevice();
    const alice = await signUp(api);
    const { passkey: alicePasskey, credentialId: aliceCredential } = await addPasskey(
      aliceDevice,
      alice.token,
    );
    const bobDevice = await newDevice();
    const bob = await signUp(api);
    await addPasskey(bobDevice, bob.token);

    // Bob's sign-in, answered by Alice's passkey (a page asking her authenticator for her own
    // credential over Bob's challenge): a valid signature, from the wrong account.
    const bobs = await passwordThenOptions(bobDevice, bob.email);
    const aliceForBob = await ceremony(aliceDevice, "get", bobs.options, {
      allowCredentials: [aliceCredential],
    });
    const crossed = await verify(aliceDevice, bobs.token, aliceForBob);
    expect(crossed.status).toBe(401);
    expect(crossed.body.error.code).toBe("passkey_invalid");

    // Options of one sign-in answer that one only, even for the same account.
    const first = await passwordThenOptions(aliceDevice, alice.email);
    const second = await passwordThenOptions(aliceDevice, alice.email);
    const forFirst = await ceremony(aliceDevice, "get", first.options);
    const mismatched = await verify(aliceDevice, second.token, forFirst);
    expect(mismatched.status).toBe(401);
    expect(mismatched.body.error.code).toBe("passkey_invalid");
    expect((await verify(aliceDevice, first.token, forFirst)).status).toBe(200);

    // Another site on the same host: the signature is good, the origin is not the dashboard's.
    const phished = await passwordThenOptions(aliceDevice, alice.email);
    await visit(aliceDevice, OTHER_SITE);
    try {
      const fromThere = await ceremony(aliceDevice, "get", phished.options);
      const refused = await verify(aliceDevice, phished.token, fromThere);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe("passkey_invalid");
      // Nor is a passkey created there added.
      const carol = await signUp(api);
      const options = await call(aliceDevice, "POST", "/v1/auth/passkeys/registration-options", carol.token);
      const created = await ceremony(aliceDevice, "create", options.body);
      const notAdded = await call(aliceDevice, "POST", "/v1/auth/passkeys", carol.token, {
        response: created,
      });
      expect(notAdded.status).toBe(400);
      expect(notAdded.body.error.code).toBe("passkey_registration_invalid");
    } finally {
      await visit(aliceDevice, DASHBOARD);
    }

    // A counter behind the one last seen: a clone of the key has been used since. Refused.
    const seen = Number((await passkeyRow(alicePasskey.id)).counter);
    await setCounter(alicePasskey.id, seen + 1000);
    const options = await call(aliceDevice, "POST", "/v1/auth/passkeys/sign-in-options");
    const behind = await ceremony(aliceDevice, "get", options.body, { allowCredentials: [aliceCredential] });
    const cloned = await call(aliceDevice, "POST", "/v1/auth/passkeys/sign-in", undefined, {
      response: behind,
    });
    expect(cloned.status).toBe(401);
    expect(cloned.body.error.code).toBe("passkey_invalid");
    expect(Number((await passkeyRow(alicePasskey.id)).counter)).toBe(seen + 1000);
  });

  it("limits passkey sign-in per address like the other public sign-in routes", async () => {
    // The same gateway with two sign-in attempts a minute per address (the test API has none).
    const limited = createApp({ ...api.deps, config: { ...api.deps.config, rateLimitAuthPerMinute: 2 } });
    const ask = (path: string, body: unknown) =>
      limited.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await ask("/v1/auth/passkeys/sign-in-options", {})).status).toBe(200);
    expect(
      (await ask("/v1/auth/two-factor/passkey-options", { challenge_token: "mfa_unknown" })).status,
    ).toBe(401);
    const third = await ask("/v1/auth/passkeys/sign-in", { response: { id: "x" } });
    expect(third.status).toBe(400);
    const fourth = await ask("/v1/auth/passkeys/sign-in-options", {});
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });
});
