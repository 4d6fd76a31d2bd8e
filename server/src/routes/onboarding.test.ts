import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWorkspace,
  newTestWallet,
  signMessage,
  signUp,
  startTestApi,
  type TestApi,
  type TestWallet,
  verifyPayoutWallet,
} from "../../test/harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function challenge(wallet: TestWallet, purpose = "payout_wallet") {
  const res = await api.request(
    "GET",
    `/v1/auth/wallet/challenge?address=${wallet.address}&purpose=${purpose}`,
  );
  expect(res.status).toBe(200);
  return res.body as { message: string; nonce: string };
}

async function signedBody(wallet: TestWallet, purpose = "payout_wallet") {
  const c = await challenge(wallet, purpose);
  return {
    address: wallet.address,
    public_key: wallet.publicKey,
    signature: signMessage(wallet, c.message),
    nonce: c.nonce,
  };
}

/** A signed-up user with an organization and workspace, no wallet yet. */
async function newAccount() {
  const { token, user } = await signUp(api);
  const { workspaceId } = await createWorkspace(api, token);
  return { token, user, workspaceId, headers: { "x-workspace-id": workspaceId } };
}

const verify = (token: string, headers: Record<string, string>, body: object) =>
  api.request("POST", "/onboarding/wallet/verify", { token, headers, body });

describe("payout wallet verification", () => {
  it("a real signature over a payout_wallet challenge returns the merchant and two test keys (sk in full, pk)", async () => {
    const account = await newAccount();
    const wallet = newTestWallet();
    const res = await verify(account.token, account.headers, {
      ...(await signedBody(wallet)),
      bitcoin_payment_address: "tb1qpayment",
      bitcoin_ordinals_address: "tb1pordinals",
    });
    expect(res.status).toBe(200);
    expect(res.body.merchant).toMatchObject({
      object: "merchant",
      merchant_id: account.user.merchant_id,
      user_id: account.user.id,
      wallet_address: wallet.address,
    });
    const keys = res.body.api_keys as { type: string; key?: string; env: string; state: string }[];
    expect(keys.map((k) => k.type).sort()).toEqual(["pk", "sk"]);
    expect(keys.find((k) => k.type === "sk")?.key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(keys.find((k) => k.type === "pk")?.key).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(keys.every((k) => k.env === "test" && k.state === "enabled")).toBe(true);
    expect(res.body.wallet).toMatchObject({
      stacks_address: wallet.address,
      stacks_publickey: wallet.publicKey,
      bitcoin_payment_address: "tb1qpayment",
      bitcoin_ordinals_address: "tb1pordinals",
      wallet_address: wallet.address,
    });
    expect(new Date(res.body.wallet.verified_at).toISOString()).toBe(res.body.wallet.verified_at);
    // The sk works as a credential for this workspace.
    const sk = keys.find((k) => k.type === "sk")?.key;
    const ws = await api.request("GET", `/v1/workspaces/${account.workspaceId}`, { token: sk });
    expect(ws.status).toBe(200);
  });

  it("the wallet record is stored: the workspace shows the addresses and the signed challenge is kept", async () => {
    const account = await newAccount();
    const wallet = newTestWallet();
    const body = await signedBody(wallet);
    await verify(account.token, account.headers, { ...body, bitcoin_payment_address: "tb1qpay" });
    const ws = await api.request("GET", `/v1/workspaces/${account.workspaceId}`, { token: account.token });
    expect(ws.body).toMatchObject({ stacks_address: wallet.address, bitcoin_payment_address: "tb1qpay" });
    const row = await api.deps.db
      .selectFrom("workspace_wallets")
      .selectAll()
      .where("workspace_id", "=", account.workspaceId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      stacks_address: wallet.address,
      stacks_publickey: wallet.publicKey,
      verification_signature: body.signature,
    });
    expect(row.verification_message).toContain(`Nonce: ${body.nonce}`);
  });

  it("a second verification returns the existing keys (secret masked) without minting more", async () => {
    const account = await newAccount();
    const first = await verifyPayoutWallet(api, account.token, account.workspaceId);
    const second = await verify(account.token, account.headers, await signedBody(first.wallet));
    expect(second.status).toBe(200);
    const firstIds = first.response.body.api_keys.map((k: { id: string }) => k.id).sort();
    expect(second.body.api_keys.map((k: { id: string }) => k.id).sort()).toEqual(firstIds);
    const sk = second.body.api_keys.find((k: { type: string }) => k.type === "sk");
    expect(sk.key).toBeUndefined();
    const stored = await api.deps.db
      .selectFrom("api_keys")
      .select("id")
      .where("workspace_id", "=", account.workspaceId)
      .execute();
    expect(stored).toHaveLength(2);
  });

  it("verifying another wallet replaces the payout wallet", async () => {
    const account = await newAccount();
    await verifyPayoutWallet(api, account.token, account.workspaceId);
    const next = newTestWallet();
    const res = await verify(account.token, account.headers, await signedBody(next));
    expect(res.status).toBe(200);
    const ws = await api.request("GET", `/v1/workspaces/${account.workspaceId}`, { token: account.token });
    expect(ws.body.stacks_address).toBe(next.address);
  });

  it("a signature by another key is 401 signature_invalid and stores nothing", async () => {
    const account = await newAccount();
    const wallet = newTestWallet();
    const c = await challenge(wallet);
    const res = await verify(account.token, account.headers, {
      address: wallet.address,
      public_key: wallet.publicKey,
      signature: signMessage(newTestWallet(), c.message),
      nonce: c.nonce,
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: "signature_invalid",
      message: "Signature verification failed - invalid signature",
    });
    const ws = await api.request("GET", `/v1/workspaces/${account.workspaceId}`, { token: account.token });
    expect(ws.body.stacks_address).toBeNull();
    const keys = await api.deps.db
      .selectFrom("api_keys")
      .select("id")
      .where("workspace_id", "=", account.workspaceId)
      .execute();
    expect(keys).toEqual([]);
  });

  it("a sign-in challenge cannot verify a payout wallet: 400 challenge_not_found", async () => {
    const account = await newAccount();
    const res = await verify(account.token, account.headers, await signedBody(newTestWallet(), "sign_in"));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("challenge_not_found");
  });

  it("a payout challenge cannot be used twice", async () => {
    const account = await newAccount();
    const body = await signedBody(newTestWallet());
    expect((await verify(account.token, account.headers, body)).status).toBe(200);
    const replay = await verify(account.token, account.headers, body);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe("challenge_used");
  });

  it("without X-Workspace-Id the call is 400 workspace_required", async () => {
    const account = await newAccount();
    const res = await verify(account.token, {}, await signedBody(newTestWallet()));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("workspace_required");
    for (const path of ["/onboarding/status", "/onboarding/api-keys"]) {
      const get = await api.request("GET", path, { token: account.token });
      expect(get.status).toBe(400);
      expect(get.body.error.code).toBe("workspace_required");
    }
  });

  it("another user's workspace is 404, and its wallet is not replaced", async () => {
    const victim = await newAccount();
    const { wallet } = await verifyPayoutWallet(api, victim.token, victim.workspaceId);
    const attacker = await newAccount();
    const res = await verify(attacker.token, victim.headers, await signedBody(newTestWallet()));
    expect(res.status).toBe(404);
    for (const path of ["/onboarding/status", "/onboarding/api-keys"]) {
      expect(
        (await api.request("GET", path, { token: attacker.token, headers: victim.headers })).status,
      ).toBe(404);
    }
    const ws = await api.request("GET", `/v1/workspaces/${victim.workspaceId}`, { token: victim.token });
    expect(ws.body.stacks_address).toBe(wallet.address);
  });

  it("onboarding calls need a session, not an API key", async () => {
    const account = await newAccount();
    const { response } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    const sk = response.body.api_keys.find((k: { type: string }) => k.type === "sk").key;
    const res = await api.request("GET", "/onboarding/status", { token: sk, headers: account.headers });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("session_required");
  });
});

describe("onboarding status", () => {
  const status = async (account: { token: string; headers: Record<string, string> }) => {
    const res = await api.request("GET", "/onboarding/status", {
      token: account.token,
      headers: account.headers,
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it("a new workspace has every flag off", async () => {
    const account = await newAccount();
    const body = await status(account);
    expect(body).toMatchObject({
      workspace_id: account.workspaceId,
      onboarding_status: {
        wallet_verified: false,
        business_info_completed: false,
        api_keys_created: false,
        webhook_tested: false,
        test_payment_completed: false,
      },
      payout_wallet: { address: null, verified_at: null },
      business_info: { display_name: null, website: null, description: null },
      api_keys: [],
    });
  });

  it("wallet verification sets wallet_verified, the payout address and api_keys_created", async () => {
    const account = await newAccount();
    const { wallet } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    const body = await status(account);
    expect(body.onboarding_status).toMatchObject({ wallet_verified: true, api_keys_created: true });
    expect(body.payout_wallet.address).toBe(wallet.address);
    expect(body.payout_wallet.verified_at).toBeGreaterThan(0);
    expect(body.api_keys).toHaveLength(2);
  });

  it("business_info_completed needs a non-empty name, website and description", async () => {
    const account = await newAccount();
    const path = `/v1/workspaces/${account.workspaceId}/business-profile`;
    const patch = (body: object) => api.request("PATCH", path, { token: account.token, body });
    await patch({ display_name: "Acme", website: "https://acme.example" });
    expect((await status(account)).onboarding_status.business_info_completed).toBe(false);
    await patch({ description: "Goods" });
    const done = await status(account);
    expect(done.onboarding_status.business_info_completed).toBe(true);
    expect(done.business_info).toEqual({
      display_name: "Acme",
      website: "https://acme.example",
      description: "Goods",
    });
    await patch({ display_name: "   " });
    expect((await status(account)).onboarding_status.business_info_completed).toBe(false);
    await patch({ display_name: "Acme", website: "" });
    expect((await status(account)).onboarding_status.business_info_completed).toBe(false);
  });

  it("creating a test payment intent does not complete the sandbox step (paying it does: settlement tests)", async () => {
    const account = await newAccount();
    const { response } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    expect((await status(account)).onboarding_status.test_payment_completed).toBe(false);
    const sk = response.body.api_keys.find((k: { type: string }) => k.type === "sk").key;
    const intent = await api.request("POST", "/v1/payment_intents", {
      token: sk,
      body: { env: "test", amount_minor: 100, currency: "usd", metadata: { source: "onboarding" } },
    });
    expect(intent.status).toBe(201);
    expect((await status(account)).onboarding_status.test_payment_completed).toBe(false);
  });

  it("api_keys_created counts only active keys", async () => {
    const account = await newAccount();
    const { response } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    for (const key of response.body.api_keys as { id: string }[]) {
      await api.request("DELETE", `/v1/api-keys/${key.id}`, { token: account.token });
    }
    const body = await status(account);
    expect(body.onboarding_status.api_keys_created).toBe(false);
    expect(body.api_keys).toEqual([]);
  });
});

describe("GET /onboarding/api-keys", () => {
  it("lists the active keys with secret keys masked to their prefix", async () => {
    const account = await newAccount();
    const { response } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    const created = response.body.api_keys as { id: string; type: string; key: string }[];
    const res = await api.request("GET", "/onboarding/api-keys", {
      token: account.token,
      headers: account.headers,
    });
    expect(res.status).toBe(200);
    const sk = res.body.api_keys.find((k: { type: string }) => k.type === "sk");
    const pk = res.body.api_keys.find((k: { type: string }) => k.type === "pk");
    const createdSk = created.find((k) => k.type === "sk");
    expect(sk.key).toBeUndefined();
    expect(sk.key_prefix).toBe(createdSk?.key.slice(0, 12));
    expect(JSON.stringify(res.body)).not.toContain(createdSk?.key);
    expect(pk.key).toBe(created.find((k) => k.type === "pk")?.key);
  });

  it("revoked and disabled keys are left out", async () => {
    const account = await newAccount();
    const { response } = await verifyPayoutWallet(api, account.token, account.workspaceId);
    const [first, second] = response.body.api_keys as { id: string }[];
    await api.request("DELETE", `/v1/api-keys/${first?.id}`, { token: account.token });
    await api.request("PATCH", `/v1/api-keys/${second?.id}`, {
      token: account.token,
      body: { state: "disabled" },
    });
    const res = await api.request("GET", "/onboarding/api-keys", {
      token: account.token,
      headers: account.headers,
    });
    expect(res.body.api_keys).toEqual([]);
  });
});
