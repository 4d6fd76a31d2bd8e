import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newTestWallet,
  setupMerchant,
  signMessage,
  signUp,
  startTestApi,
  type TestApi,
  uniqueEmail,
} from "../../test/harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("email and password accounts", () => {
  it("register returns the user, a session token, and a name derived from the email", async () => {
    const email = uniqueEmail();
    const res = await api.request("POST", "/v1/auth/register", {
      body: { email, password: "long-enough-pw" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, name: email.split("@")[0], object: "user" });
    expect(res.body.user.id).toMatch(/^user_/);
    expect(res.body.user.merchant_id).toMatch(/^mch_/);
    expect(res.body.session_id).toMatch(/^sess_/);
  });

  it("registering an existing email is email_already_exists (case-insensitive)", async () => {
    const { email } = await signUp(api);
    const res = await api.request("POST", "/v1/auth/register", {
      body: { email: email.toUpperCase(), password: "long-enough-pw" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_already_exists");
  });

  it("a short password or a bad email is a 400 naming the parameter", async () => {
    const short = await api.request("POST", "/v1/auth/register", {
      body: { email: uniqueEmail(), password: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: "parameter_invalid", param: "password" });
    const bad = await api.request("POST", "/v1/auth/register", {
      body: { email: "not-an-email", password: "long-enough-pw" },
    });
    expect(bad.body.error.param).toBe("email");
  });

  it("login with the right password opens a session; a wrong one is invalid_credentials", async () => {
    const { email } = await signUp(api);
    const ok = await api.request("POST", "/v1/auth/login", { body: { email, password: "s3cret-password" } });
    expect(ok.status).toBe(200);
    expect(ok.body.session_id).toMatch(/^sess_/);
    const wrong = await api.request("POST", "/v1/auth/login", {
      body: { email, password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_credentials");
    const unknown = await api.request("POST", "/v1/auth/login", {
      body: { email: uniqueEmail(), password: "whatever1" },
    });
    expect(unknown.body.error.code).toBe("invalid_credentials");
  });

  it("the session endpoint validates a stored token, and logout revokes it on the next request", async () => {
    const { token, user } = await signUp(api);
    const session = await api.request("GET", "/v1/auth/session", { token });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(user.id);
    expect((await api.request("POST", "/v1/auth/logout", { token })).status).toBe(200);
    const after = await api.request("GET", "/v1/auth/session", { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("session_invalid");
  });

  it("sessions are stored hashed, never as the token", async () => {
    const { token } = await signUp(api);
    const rows = await api.deps.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("a made-up session token is session_invalid; no token where one is needed is authentication_required", async () => {
    expect((await api.request("GET", "/v1/auth/session", { token: "sess_forged" })).body.error.code).toBe(
      "session_invalid",
    );
    expect((await api.request("GET", "/v1/auth/session")).body.error.code).toBe("authentication_required");
  });
});

describe("sign-in with a Stacks wallet", () => {
  async function challengeFor(address: string) {
    const res = await api.request("GET", `/v1/auth/wallet/challenge?address=${address}`);
    expect(res.status).toBe(200);
    return res.body as { message: string; nonce: string; expires_at: number };
  }

  it("the challenge names the domain, the address, a nonce, issue and expiry times 5 minutes apart", async () => {
    const wallet = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    expect(challenge.message).toContain("pay.example.test wants you to sign in with your Stacks account:");
    expect(challenge.message).toContain(wallet.address);
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    expect(challenge.message).toMatch(/Issued At: .+Z/);
    expect(challenge.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.expires_at - (challenge as unknown as { issued_at: number }).issued_at).toBe(300);
  });

  it("a valid signature opens a session and creates the account on first sign-in", async () => {
    const wallet = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, challenge.message),
        nonce: challenge.nonce,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.wallet_address).toBe(wallet.address);
    const again = await challengeFor(wallet.address);
    const second = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, again.message),
        message: again.message,
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(res.body.user.id);
  });

  it("signing in with a merchant's verified payout wallet opens the merchant's account, not a new one", async () => {
    const merchant = await setupMerchant(api);
    const signIn = async () => {
      const challenge = await challengeFor(merchant.wallet.address);
      return api.request("POST", "/v1/auth/wallet/verify", {
        body: {
          address: merchant.wallet.address,
          public_key: merchant.wallet.publicKey,
          signature: signMessage(merchant.wallet, challenge.message),
          nonce: challenge.nonce,
        },
      });
    };
    const res = await signIn();
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: merchant.user.id,
      email: merchant.email,
      wallet_address: merchant.wallet.address,
    });
    // The merchant's workspace is there: the session sees it.
    const workspaces = await api.request("GET", `/v1/organizations/${merchant.organizationId}/workspaces`, {
      token: res.body.session_id,
    });
    expect(workspaces.status).toBe(200);
    expect(JSON.stringify(workspaces.body)).toContain(merchant.workspaceId);
    // Linked once; later sign-ins find the account by its wallet.
    expect((await signIn()).body.user.id).toBe(merchant.user.id);
  });

  it("a signature from another key is rejected (public key does not map to the address)", async () => {
    const wallet = newTestWallet();
    const intruder = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: intruder.publicKey,
        signature: signMessage(intruder, challenge.message),
        nonce: challenge.nonce,
      },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("public_key_mismatch");
  });

  it("a signature by another key with the right public key claimed fails signature verification", async () => {
    const wallet = newTestWallet();
    const intruder = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(intruder, challenge.message),
        nonce: challenge.nonce,
      },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: "signature_invalid",
      message: "Signature verification failed - invalid signature",
    });
  });

  it("an address with the wrong version byte is refused: mainnet address with a testnet challenge key, script versions, garbage", async () => {
    const wallet = newTestWallet("mainnet");
    // A key's mainnet address claimed while the challenge was issued for its testnet address.
    const testnetTwin = newTestWallet();
    const challenge = await challengeFor(testnetTwin.address);
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, challenge.message),
        nonce: challenge.nonce,
      },
    });
    expect(res.body.error.code).toBe("challenge_not_found");
    // Multi-sig (SN/SM) and unknown versions cannot sign in with one key.
    const script = await api.request(
      "GET",
      "/v1/auth/wallet/challenge?address=SN2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQ9H6DPR",
    );
    expect(script.body.error.code).toBe("invalid_address");
    const garbage = await api.request(
      "GET",
      "/v1/auth/wallet/challenge?address=SZ2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7",
    );
    expect(garbage.body.error.code).toBe("invalid_address");
  });

  it("a replayed nonce is refused", async () => {
    const wallet = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    const body = {
      address: wallet.address,
      public_key: wallet.publicKey,
      signature: signMessage(wallet, challenge.message),
      nonce: challenge.nonce,
    };
    expect((await api.request("POST", "/v1/auth/wallet/verify", { body })).status).toBe(200);
    const replay = await api.request("POST", "/v1/auth/wallet/verify", { body });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe("challenge_used");
  });

  it("an expired challenge is refused", async () => {
    const wallet = newTestWallet();
    const challenge = await challengeFor(wallet.address);
    await api.deps.db
      .updateTable("wallet_challenges")
      .set({ expires_at: 1 })
      .where("nonce", "=", challenge.nonce)
      .execute();
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, challenge.message),
        nonce: challenge.nonce,
      },
    });
    expect(res.body.error.code).toBe("challenge_expired");
  });

  it("a challenge not issued by us (forged text) is unknown", async () => {
    const wallet = newTestWallet();
    const message = "pay.example.test wants you to sign in\nNonce: 00";
    const res = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, message),
        message,
      },
    });
    expect(res.body.error.code).toBe("challenge_not_found");
  });
});

describe("account settings", () => {
  const login = (email: string, password: string) =>
    api.request("POST", "/v1/auth/login", { body: { email, password } });

  it("a user renames themselves and changes their email; a taken email is email_already_exists", async () => {
    const { token } = await signUp(api);
    const other = await signUp(api);
    const newEmail = uniqueEmail();
    const res = await api.request("PATCH", "/v1/auth/session", {
      token,
      body: { name: "Ada", email: newEmail },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: "Ada", email: newEmail });
    expect((await api.request("GET", "/v1/auth/session", { token })).body.user.email).toBe(newEmail);
    const taken = await api.request("PATCH", "/v1/auth/session", {
      token,
      body: { email: other.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("email_already_exists");
    const blank = await api.request("PATCH", "/v1/auth/session", { token, body: { name: "  " } });
    expect(blank.status).toBe(400);
  });

  it("changing the password needs the current one, and signs out the user's other sessions", async () => {
    const { token, email } = await signUp(api);
    const other = (await login(email, "s3cret-password")).body.session_id as string;
    const wrong = await api.request("POST", "/v1/auth/password", {
      token,
      body: { current_password: "not-it", new_password: "a-new-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("current_password_incorrect");
    const missing = await api.request("POST", "/v1/auth/password", {
      token,
      body: { new_password: "a-new-password" },
    });
    expect(missing.body.error.code).toBe("current_password_incorrect");

    const ok = await api.request("POST", "/v1/auth/password", {
      token,
      body: { current_password: "s3cret-password", new_password: "a-new-password" },
    });
    expect(ok.body).toEqual({ ok: true });
    expect((await api.request("GET", "/v1/auth/session", { token })).status).toBe(200);
    expect((await api.request("GET", "/v1/auth/session", { token: other })).status).toBe(401);
    expect((await login(email, "s3cret-password")).status).toBe(401);
    expect((await login(email, "a-new-password")).status).toBe(200);
  });

  it("a wallet-only account sets its first password without a current one", async () => {
    const wallet = newTestWallet();
    const challenge = (await api.request("GET", `/v1/auth/wallet/challenge?address=${wallet.address}`)).body;
    const signIn = await api.request("POST", "/v1/auth/wallet/verify", {
      body: {
        address: wallet.address,
        public_key: wallet.publicKey,
        signature: signMessage(wallet, challenge.message),
        nonce: challenge.nonce,
      },
    });
    const token = signIn.body.session_id as string;
    const email = uniqueEmail();
    await api.request("PATCH", "/v1/auth/session", { token, body: { email } });
    const set = await api.request("POST", "/v1/auth/password", {
      token,
      body: { new_password: "first-password" },
    });
    expect(set.status).toBe(200);
    expect((await login(email, "first-password")).status).toBe(200);
    const keyed = await api.request("POST", "/v1/auth/password", {
      token: "sk_test_not_a_session",
      body: { new_password: "another-password" },
    });
    expect(keyed.status).toBe(401);
  });
});
