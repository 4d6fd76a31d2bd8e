import { setTimeout as sleep } from "node:timers/promises";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newTestWallet,
  signMessage,
  signUp,
  startTestApi,
  TEST_PASSWORD,
  type TestApi,
  type TestWallet,
} from "../../test/harness.ts";
import { hashToken } from "../domain/secrets.ts";
import { assertFreshSecondFactor, SECOND_FACTOR_FRESH_SECONDS } from "../services/two-factor/step-up.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PERIOD_MS = 30_000;

/**
 * The server checks codes against the real clock, accepting the steps before and after the
 * current one. A test starts a few seconds clear of a step boundary and names its codes by step:
 * `step - 1`, `step` and `step + 1` are all accepted for as long as it runs, and each is spent once.
 */
async function settledStep(): Promise<number> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 8_000) await sleep(PERIOD_MS - intoStep + 50);
  return Math.floor(Date.now() / PERIOD_MS);
}

function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: step * PERIOD_MS,
  });
}

/** A six-digit code that is not valid at any of the three accepted steps. */
function wrongCode(secret: string, step: number): string {
  const valid = new Set([codeAt(secret, step - 1), codeAt(secret, step), codeAt(secret, step + 1)]);
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** Adds an authenticator to the account of `token`, confirming it with the code of `step - 1`. */
async function enableTwoFactor(token: string, step: number) {
  const start = await api.request("POST", "/v1/auth/two-factor/totp", { token });
  expect(start.status).toBe(200);
  const secret = start.body.secret as string;
  const confirm = await api.request("POST", "/v1/auth/two-factor/totp/confirm", {
    token,
    body: { code: codeAt(secret, step - 1) },
  });
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.recovery_codes as string[] };
}

const login = (email: string, password = TEST_PASSWORD) =>
  api.request("POST", "/v1/auth/login", { body: { email, password } });

const verify = (challenge_token: string, proof: { code?: string; recovery_code?: string }) =>
  api.request("POST", "/v1/auth/two-factor/verify", { body: { challenge_token, ...proof } });

/** Signs in with the password and completes the second factor with `code`: the new session token. */
async function signInWithCode(email: string, code: string): Promise<string> {
  const first = await login(email);
  expect(first.body.second_factor_required).toBe(true);
  const second = await verify(first.body.challenge_token, { code });
  expect(second.status).toBe(200);
  return second.body.session_id as string;
}

async function walletSignIn(wallet: TestWallet) {
  const challenge = (await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`)).body;
  return api.request("POST", "/v1/auth/wallet/verify", {
    body: {
      address: wallet.address,
      public_key: wallet.publicKey,
      signature: signMessage(wallet, challenge.message),
      nonce: challenge.nonce,
    },
  });
}

async function sessionIdOf(token: string): Promise<string> {
  const row = await api.deps.db
    .selectFrom("sessions")
    .select("id")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Fixture: as if the session had proved its second factor `secondsAgo` ago. */
async function ageSecondFactor(token: string, secondsAgo: number): Promise<void> {
  await api.deps.db
    .updateTable("sessions")
    .set({ second_factor_at: Math.floor(Date.now() / 1000) - secondsAgo })
    .where("token_hash", "=", hashToken(token))
    .execute();
}

/** The user's audit entries of `action`, oldest first, with their details parsed (stored as text). */
async function auditActions(userId: string, action: string) {
  const rows = await api.deps.db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("user_id", "=", userId)
    .where("action", "=", action)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({
    action: row.action,
    details: (typeof row.details === "string" ? JSON.parse(row.details) : row.details) as Record<
      string,
      unknown
    >,
  }));
}

describe("enrolling an authenticator app", () => {
  it("is pending until a first valid code confirms it; then ten recovery codes are shown once", async () => {
    const step = await settledStep();
    const { token, email, user } = await signUp(api);
    const before = await api.request("GET", "/v1/auth/two-factor", { token });
    expect(before.body).toEqual({
      totp: { enabled: false, created_at: null },
      recovery_codes_remaining: 0,
      passkeys: 0,
      enabled: false,
    });

    const start = await api.request("POST", "/v1/auth/two-factor/totp", { token });
    expect(start.status).toBe(200);
    const secret = start.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(start.body.otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("sPay");
    expect(decodeURIComponent(url.pathname)).toContain(email);

    // Stored sealed, never as the secret itself.
    const stored = await api.deps.db
      .selectFrom("user_totp")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(api.deps.secrets.open(stored.secret_sealed)).toBe(secret);

    // A wrong first code activates nothing: sign-in still opens a session at once.
    const wrong = await api.request("POST", "/v1/auth/two-factor/totp/confirm", {
      token,
      body: { code: wrongCode(secret, step) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_second_factor_code");
    expect((await api.request("GET", "/v1/auth/two-factor", { token })).body.totp.enabled).toBe(false);
    expect((await login(email)).body.session_id).toMatch(/^sess_/);

    const confirm = await api.request("POST", "/v1/auth/two-factor/totp/confirm", {
      token,
      body: { code: codeAt(secret, step - 1) },
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const hashes = await api.deps.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    const stored_ = JSON.stringify(hashes);
    for (const code of codes) {
      expect(stored_).not.toContain(code);
      expect(stored_).not.toContain(hashToken(code));
    }

    const after = await api.request("GET", "/v1/auth/two-factor", { token });
    expect(after.body.totp.enabled).toBe(true);
    expect(after.body.totp.created_at).toBeGreaterThan(0);
    expect(after.body.recovery_codes_remaining).toBe(10);
    expect(await auditActions(user.id, "user.two_factor_enabled")).toHaveLength(1);

    // An active authenticator is not replaced by starting again.
    const again = await api.request("POST", "/v1/auth/two-factor/totp", { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("two_factor_already_enabled");
  });

  it("confirming without a started enrollment, and the guarded calls without a factor, are two_factor_not_enabled", async () => {
    const { token } = await signUp(api);
    const confirm = await api.request("POST", "/v1/auth/two-factor/totp/confirm", {
      token,
      body: { code: "123456" },
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.code).toBe("two_factor_not_enabled");
    for (const [method, path, body] of [
      ["DELETE", "/v1/auth/two-factor/totp", undefined],
      ["POST", "/v1/auth/two-factor/recovery-codes", undefined],
      ["POST", "/v1/auth/two-factor/step-up", { code: "123456" }],
    ] as const) {
      const res = await api.request(method, path, { token, body });
      expect(res.body.error?.code, `${method} ${path}`).toBe("two_factor_not_enabled");
    }
  });

  it("is the signed-in user's own: anonymous callers are refused", async () => {
    expect((await api.request("POST", "/v1/auth/two-factor/totp")).status).toBe(401);
    expect((await api.request("GET", "/v1/auth/two-factor")).status).toBe(401);
  });
});

describe("signing in with a second factor", () => {
  it("a password sign-in answers a challenge and opens no session; the code completes it", async () => {
    const step = await settledStep();
    const { token, email, user } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    const sessionsBefore = await api.deps.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();

    const first = await login(email);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual([
      "challenge_token",
      "expires_at",
      "methods",
      "second_factor_required",
    ]);
    expect(first.body).toMatchObject({ second_factor_required: true, methods: ["totp", "recovery_code"] });
    expect(first.body.challenge_token).toMatch(/^mfa_[0-9A-Za-z]{43}$/);
    expect(first.body.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    expect(first.body.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);
    const sessionsAfter = await api.deps.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    // The challenge is kept only as its hash.
    const challenges = await api.deps.db
      .selectFrom("second_factor_challenges")
      .select("token_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(challenges.map((c) => c.token_hash)).toEqual([hashToken(first.body.challenge_token)]);

    const second = await verify(first.body.challenge_token, { code: codeAt(secret, step) });
    expect(second.status).toBe(200);
    expect(Object.keys(second.body).sort()).toEqual(["expires_at", "session_id", "user"]);
    expect(second.body.user.id).toBe(user.id);
    const session = await api.request("GET", "/v1/auth/session", { token: second.body.session_id });
    expect(session.status).toBe(200);
    // The session proved its second factor just now.
    const row = await api.deps.db
      .selectFrom("sessions")
      .select("second_factor_at")
      .where("token_hash", "=", hashToken(second.body.session_id))
      .executeTakeFirstOrThrow();
    expect(Math.floor(Date.now() / 1000) - Number(row.second_factor_at)).toBeLessThan(5);
    const signedIn = await auditActions(user.id, "user.signed_in");
    expect(signedIn.at(-1)?.details).toMatchObject({ method: "password", second_factor: "totp" });

    // The challenge is single-use.
    const replay = await verify(first.body.challenge_token, { code: codeAt(secret, step + 1) });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("second_factor_challenge_invalid");
  });

  it("a code already accepted (same time step, same user) is refused, as is an older one", async () => {
    const step = await settledStep();
    const { token, email } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    // The confirming code (step - 1) was spent by the confirmation itself.
    const afterConfirm = await login(email);
    const reusedConfirm = await verify(afterConfirm.body.challenge_token, { code: codeAt(secret, step - 1) });
    expect(reusedConfirm.status).toBe(401);
    expect(reusedConfirm.body.error.code).toBe("invalid_second_factor_code");

    await signInWithCode(email, codeAt(secret, step));
    const again = await login(email);
    const reused = await verify(again.body.challenge_token, { code: codeAt(secret, step) });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe("invalid_second_factor_code");
    // A newer step is still fine on the same challenge (the refused ones cost attempts, not the challenge).
    const next = await verify(again.body.challenge_token, { code: codeAt(secret, step + 1) });
    expect(next.status).toBe(200);
  });

  it("wrong codes are 401 and counted; the challenge dies after five attempts", async () => {
    const step = await settledStep();
    const { token, email, user } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    const first = await login(email);
    const bad = wrongCode(secret, step);
    for (let i = 0; i < 5; i++) {
      const res = await verify(first.body.challenge_token, { code: bad });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: "invalid_second_factor_code", param: "code" });
    }
    const dead = await verify(first.body.challenge_token, { code: codeAt(secret, step) });
    expect(dead.status).toBe(401);
    expect(dead.body.error.code).toBe("second_factor_challenge_invalid");
    const failures = await auditActions(user.id, "user.second_factor_failed");
    expect(failures).toHaveLength(5);
    expect(failures[0]?.details).toMatchObject({ stage: "sign_in", method: "totp" });
    // A fresh sign-in gets a fresh challenge.
    expect(
      (await verify((await login(email)).body.challenge_token, { code: codeAt(secret, step) })).status,
    ).toBe(200);
  });

  it("wrong codes are throttled per account across challenges: the right code waits too", async () => {
    const step = await settledStep();
    const { token, email } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    const bad = wrongCode(secret, step);
    for (let round = 0; round < 2; round++) {
      const challenge = (await login(email)).body.challenge_token;
      for (let i = 0; i < 5; i++) expect((await verify(challenge, { code: bad })).status).toBe(401);
    }
    const third = await login(email);
    const blocked = await verify(third.body.challenge_token, { code: codeAt(secret, step) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("second_factor_throttled");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The refused attempt did not spend the challenge's attempts, nor the code's time step.
    const attempts = await api.deps.db
      .selectFrom("second_factor_challenges")
      .select("attempts")
      .where("token_hash", "=", hashToken(third.body.challenge_token))
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(0);
    // Step-up from an existing session is throttled as well.
    const stepUp = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { code: codeAt(secret, step) },
    });
    expect(stepUp.status).toBe(429);
  });

  it("a recovery code completes a sign-in once, whatever its case; a second use is refused", async () => {
    const step = await settledStep();
    const { token, email, user } = await signUp(api);
    const { recoveryCodes } = await enableTwoFactor(token, step);
    const code = recoveryCodes[3] as string;
    const first = await login(email);
    const ok = await verify(first.body.challenge_token, { recovery_code: ` ${code.toUpperCase()} ` });
    expect(ok.status).toBe(200);
    expect(ok.body.session_id).toMatch(/^sess_/);
    const status = await api.request("GET", "/v1/auth/two-factor", { token: ok.body.session_id });
    expect(status.body.recovery_codes_remaining).toBe(9);
    const used = await auditActions(user.id, "user.recovery_code_used");
    expect(used).toHaveLength(1);
    expect(used[0]?.details).toMatchObject({ remaining: 9 });

    const second = await login(email);
    const again = await verify(second.body.challenge_token, { recovery_code: code });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatchObject({ code: "invalid_second_factor_code", param: "recovery_code" });
    // Another user's code, or a made-up one, is no better.
    const made_up = await verify(second.body.challenge_token, { recovery_code: "abcd-efgh" });
    expect(made_up.status).toBe(401);
  });

  it("a wallet sign-in asks for the second factor too", async () => {
    const step = await settledStep();
    const wallet = newTestWallet();
    const created = await walletSignIn(wallet);
    expect(created.body.session_id).toMatch(/^sess_/);
    const { secret } = await enableTwoFactor(created.body.session_id, step);
    const first = await walletSignIn(wallet);
    expect(first.status).toBe(200);
    expect(first.body.session_id).toBeUndefined();
    expect(first.body.second_factor_required).toBe(true);
    const second = await verify(first.body.challenge_token, { code: codeAt(secret, step) });
    expect(second.status).toBe(200);
    expect(second.body.user).toMatchObject({ id: created.body.user.id, wallet_address: wallet.address });
    const signedIn = await auditActions(created.body.user.id, "user.signed_in");
    expect(signedIn.at(-1)?.details).toMatchObject({
      method: "wallet",
      second_factor: "totp",
      address: wallet.address,
    });
  });

  it("an expired challenge, an unknown one, or a body with both or neither proof is refused", async () => {
    const step = await settledStep();
    const { token, email } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    const first = await login(email);
    const both = await verify(first.body.challenge_token, { code: "123456", recovery_code: "abcd-efgh" });
    expect(both.status).toBe(400);
    const neither = await verify(first.body.challenge_token, {});
    expect(neither.status).toBe(400);
    expect(neither.body.error.code).toBe("parameter_missing");
    const unknown = await verify("mfa_made-up", { code: codeAt(secret, step) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("second_factor_challenge_invalid");
    await api.deps.db
      .updateTable("second_factor_challenges")
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where("token_hash", "=", hashToken(first.body.challenge_token))
      .execute();
    const expired = await verify(first.body.challenge_token, { code: codeAt(secret, step) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("second_factor_challenge_invalid");
  });
});

describe("users without a second factor", () => {
  it("sign in exactly as before, by password and by wallet, even with an enrollment started", async () => {
    const { token, email } = await signUp(api);
    await api.request("POST", "/v1/auth/two-factor/totp", { token });
    const res = await login(email);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "session_id", "user"]);
    expect(res.body.session_id).toMatch(/^sess_/);
    const wallet = await walletSignIn(newTestWallet());
    expect(Object.keys(wallet.body).sort()).toEqual(["expires_at", "session_id", "user"]);
  });

  it("pass the fresh-second-factor check, with or without a proof on the session", async () => {
    const { token, user } = await signUp(api);
    await expect(
      assertFreshSecondFactor(api.deps, { userId: user.id, sessionId: await sessionIdOf(token) }),
    ).resolves.toBeUndefined();
  });
});

describe("step-up: a recent second factor for guarded actions", () => {
  it("fresh passes, stale is 403 second_factor_required until a code refreshes it", async () => {
    const step = await settledStep();
    const { token, user } = await signUp(api);
    const { secret, recoveryCodes } = await enableTwoFactor(token, step);
    const session = { userId: user.id, sessionId: await sessionIdOf(token) };
    // Confirming proved the factor: fresh.
    await expect(assertFreshSecondFactor(api.deps, session)).resolves.toBeUndefined();
    const regenerated = await api.request("POST", "/v1/auth/two-factor/recovery-codes", { token });
    expect(regenerated.status).toBe(200);
    const newCodes = regenerated.body.recovery_codes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect(await auditActions(user.id, "user.recovery_codes_regenerated")).toHaveLength(1);

    // Just inside the window still passes; just past it is stale.
    await ageSecondFactor(token, SECOND_FACTOR_FRESH_SECONDS - 5);
    await expect(assertFreshSecondFactor(api.deps, session)).resolves.toBeUndefined();
    await ageSecondFactor(token, SECOND_FACTOR_FRESH_SECONDS + 1);
    await expect(assertFreshSecondFactor(api.deps, session)).rejects.toMatchObject({
      code: "second_factor_required",
      status: 403,
    });
    const stale = await api.request("POST", "/v1/auth/two-factor/recovery-codes", { token });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe("second_factor_required");

    const wrong = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { code: wrongCode(secret, step) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_second_factor_code");
    expect((await auditActions(user.id, "user.second_factor_failed")).at(-1)?.details).toMatchObject({
      stage: "step_up",
    });
    const refreshed = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { code: codeAt(secret, step) },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.fresh_until - refreshed.body.second_factor_at).toBe(SECOND_FACTOR_FRESH_SECONDS);
    await expect(assertFreshSecondFactor(api.deps, session)).resolves.toBeUndefined();
    expect((await api.request("POST", "/v1/auth/two-factor/recovery-codes", { token })).status).toBe(200);

    // A session that never proved it (none was needed when it opened) is stale too.
    await api.deps.db
      .updateTable("sessions")
      .set({ second_factor_at: null })
      .where("id", "=", session.sessionId)
      .execute();
    await expect(assertFreshSecondFactor(api.deps, session)).rejects.toMatchObject({
      code: "second_factor_required",
    });
  });

  it("a recovery code steps up once", async () => {
    const step = await settledStep();
    const { token } = await signUp(api);
    const { recoveryCodes } = await enableTwoFactor(token, step);
    await ageSecondFactor(token, SECOND_FACTOR_FRESH_SECONDS + 60);
    const code = recoveryCodes[0] as string;
    const ok = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { recovery_code: code },
    });
    expect(ok.status).toBe(200);
    const again = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { recovery_code: code },
    });
    expect(again.status).toBe(401);
  });

  it("removing the authenticator needs a fresh second factor; afterwards sign-in is one step again", async () => {
    const step = await settledStep();
    const { token, email, user } = await signUp(api);
    const { secret } = await enableTwoFactor(token, step);
    await ageSecondFactor(token, SECOND_FACTOR_FRESH_SECONDS + 1);
    const refused = await api.request("DELETE", "/v1/auth/two-factor/totp", { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("second_factor_required");
    expect((await api.request("GET", "/v1/auth/two-factor", { token })).body.totp.enabled).toBe(true);

    const stepUp = await api.request("POST", "/v1/auth/two-factor/step-up", {
      token,
      body: { code: codeAt(secret, step) },
    });
    expect(stepUp.status).toBe(200);
    const removed = await api.request("DELETE", "/v1/auth/two-factor/totp", { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      totp: { enabled: false, created_at: null },
      recovery_codes_remaining: 0,
      passkeys: 0,
      enabled: false,
    });
    expect(await auditActions(user.id, "user.two_factor_disabled")).toHaveLength(1);
    const remaining = await api.deps.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", user.id)
      .execute();
    expect(remaining).toHaveLength(0);
    expect((await login(email)).body.session_id).toMatch(/^sess_/);
  });
});

describe("the user's other sessions", () => {
  it("are signed out when the factor is confirmed and when it is removed; the acting session stays", async () => {
    const step = await settledStep();
    const { token, email } = await signUp(api);
    const other = (await login(email)).body.session_id as string;
    const { secret } = await enableTwoFactor(token, step);
    expect((await api.request("GET", "/v1/auth/session", { token })).status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token: other })).status).toBe(401);

    const later = await signInWithCode(email, codeAt(secret, step));
    const removed = await api.request("DELETE", "/v1/auth/two-factor/totp", { token });
    expect(removed.status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token })).status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token: later })).status).toBe(401);
  });
});
