import { randomBytes } from "node:crypto";
import { ACCOUNTS, type Devnet, SBTC_CONTRACT_ID, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import { signTokenTransfer } from "@spay/devnet/testing";
import { encodeX402Header as encodeHeader } from "@spay/protocol/x402";
import { fetchNonce } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  newTestWallet,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import { SettlementWatcher } from "../settlement/watcher.ts";

let devnet: Devnet;
let api: TestApi;
let merchant: Merchant;
const NETWORK = "stacks:2147483648";
const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_"));
let payerIndex = 0;
/** Each test pays from its own account, so their nonces never collide. */
const nextPayer = () => payers[payerIndex++ % payers.length]!;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  api = await startTestApi({ stacksApiUrl: devnet.url });
  merchant = await setupMerchant(api);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

function requirementV2(overrides: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    scheme: "exact",
    network: NETWORK,
    amount: "1000", // $0.001 in 6-decimal USDC
    asset: USDC_CONTRACT_ID,
    payTo: merchant.wallet.address,
    maxTimeoutSeconds: 60,
    extra: {
      nonce: randomBytes(16).toString("hex"),
      expiresAt: Math.floor(Date.now() / 1000) + 60,
      decimals: 6,
      tokenType: "sip10",
      ...extra,
    },
    ...overrides,
  };
}

async function signTransfer(
  payer: (typeof payers)[number],
  opts: { contract?: string; asset?: string; amount: bigint; to: string; memo: string; nonceOffset?: bigint },
) {
  const nonce =
    (await fetchNonce({ address: payer.address, client: { baseUrl: devnet.url } })) +
    (opts.nonceOffset ?? 0n);
  return signTokenTransfer({
    url: devnet.url,
    token: { contractId: opts.contract ?? USDC_CONTRACT_ID, assetName: opts.asset ?? "usdc-token" },
    from: payer,
    to: opts.to,
    amount: opts.amount,
    memo: opts.memo,
    nonce,
    fee: 2_000n,
  });
}

const call = (path: string, body: unknown) => api.request("POST", path, { token: merchant.sk, body });
const v2Payload = (requirement: ReturnType<typeof requirementV2>, transaction: string) => ({
  x402Version: 2,
  accepted: requirement,
  payload: { transaction },
});

describe("x402 facilitator", () => {
  it("supported lists the exact scheme on both Stacks networks, v1 by word and v2 by CAIP-2", async () => {
    const res = await api.request("GET", "/v1/x402/supported");
    expect(res.body).toEqual({
      kinds: [
        { x402Version: 1, scheme: "exact", network: "stacks" },
        { x402Version: 1, scheme: "exact", network: "stacks-testnet" },
        { x402Version: 2, scheme: "exact", network: "stacks:1" },
        { x402Version: 2, scheme: "exact", network: NETWORK },
      ],
      extensions: [],
      signers: {},
    });
  });

  it("a public facilitator's /supported lists its key's network alone, each version named its own way", async () => {
    const res = await api.request("GET", `/x402/${merchant.pk}/supported`);
    expect(res.body).toEqual({
      kinds: [
        { x402Version: 1, scheme: "exact", network: "stacks-testnet" },
        { x402Version: 2, scheme: "exact", network: NETWORK },
      ],
      extensions: [],
      signers: {},
    });
  });

  it("v2: verifies a $0.001 USDC transfer without broadcasting, settles it once, and records an x402 intent the watcher settles", async () => {
    const payer = nextPayer();
    const requirement = requirementV2();
    const tx = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: requirement.extra.nonce as string,
    });
    const verified = await call("/v1/x402/verify", {
      paymentPayload: v2Payload(requirement, tx.serialize()),
      paymentRequirements: requirement,
    });
    expect(verified.body).toEqual({ isValid: true, payer: payer.address });
    expect((await fetch(`${devnet.url}/extended/v1/tx/${tx.txid()}`)).status).toBe(404); // not broadcast by verify

    const settled = await call("/v1/x402/settle", {
      paymentPayload: v2Payload(requirement, tx.serialize()),
      paymentRequirements: requirement,
    });
    expect(settled.body).toMatchObject({
      success: true,
      payer: payer.address,
      transaction: `0x${tx.txid()}`,
      network: NETWORK,
    });
    await devnet.waitForTx(tx.txid());
    const intent = await api.request("GET", `/v1/payment_intents/${settled.body.payment_intent_id}`, {
      token: merchant.sk,
    });
    expect(intent.body).toMatchObject({
      payment_method: "x402",
      asset: "usdc",
      amount_asset: "1000",
      // Exact below a cent: the whole cents round down, the micro-dollars keep the tenth of a cent.
      amount_minor: 0,
      amount_micros: "1000",
      status: "transaction_broadcast",
    });
    await new SettlementWatcher(api.deps, api.deps.chains).tick();
    const after = await api.request("GET", `/v1/payment_intents/${settled.body.payment_intent_id}`, {
      token: merchant.sk,
    });
    expect(after.body.status).toBe("payment_settled");
    const overview = await api.request("GET", "/v1/analytics/overview", { token: merchant.sk });
    expect(overview.body).toMatchObject({ total_revenue_micros: "1000", settled: 1 });

    const replay = await call("/v1/x402/settle", {
      paymentPayload: v2Payload(requirement, tx.serialize()),
      paymentRequirements: requirement,
    });
    expect(replay.body).toMatchObject({ success: false, errorReason: "duplicate_settlement" });
  });

  it("v1: X-PAYMENT header form with maxAmountRequired", async () => {
    const payer = nextPayer();
    const nonce = randomBytes(16).toString("hex");
    const requirement = {
      scheme: "exact",
      network: "stacks-testnet",
      maxAmountRequired: "2500",
      asset: USDC_CONTRACT_ID,
      payTo: merchant.wallet.address,
      resource: "https://api.example/paid",
      description: "one call",
      mimeType: "application/json",
      maxTimeoutSeconds: 60,
      extra: { nonce },
    };
    const tx = await signTransfer(payer, { amount: 2500n, to: merchant.wallet.address, memo: nonce });
    const header = encodeHeader({
      x402Version: 1,
      scheme: "exact",
      network: "stacks-testnet",
      payload: { transaction: tx.serialize() },
    });
    const settled = await call("/v1/x402/settle", {
      paymentHeader: header,
      paymentRequirements: requirement,
    });
    // A v1 payment hears its network by word, as its requirement named it (not CAIP-2).
    expect(settled.body).toMatchObject({ success: true, payer: payer.address, network: "stacks-testnet" });
  });

  it("SPEC.md's form: a broadcast txid proof {version: '0.1.0', data: {txid,…}} in sBTC", async () => {
    const payer = nextPayer();
    const nonce = randomBytes(16).toString("hex");
    const tx = await signTransfer(payer, {
      contract: SBTC_CONTRACT_ID,
      asset: "sbtc-token",
      amount: 1500n,
      to: merchant.wallet.address,
      memo: nonce,
    });
    const sent = await fetch(`${devnet.url}/v2/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tx: tx.serialize() }),
    });
    expect(sent.status).toBe(200);
    await devnet.waitForTx(tx.txid());
    const scheme = {
      scheme: "exact",
      network: NETWORK,
      recipient: merchant.wallet.address,
      asset: SBTC_CONTRACT_ID,
      asset_type: "sbtc",
      amount: "1500",
      decimals: 8,
      timeout: 60,
      nonce,
    };
    const proof = {
      version: "0.1.0",
      scheme: "exact",
      network: NETWORK,
      data: {
        txid: tx.txid(),
        from: payer.address,
        to: merchant.wallet.address,
        amount: "1500",
        asset: SBTC_CONTRACT_ID,
      },
    };
    const settled = await call("/v1/x402/settle", {
      paymentHeader: encodeHeader(proof),
      paymentRequirements: scheme,
    });
    expect(settled.body).toMatchObject({ success: true, transaction: `0x${tx.txid()}` });
  });

  it("waitForConfirmation answers once the watcher settled the intent, reading the outcome from the database", async () => {
    const payer = nextPayer();
    const requirement = requirementV2();
    const tx = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: requirement.extra.nonce as string,
    });
    const watcher = new SettlementWatcher(api.deps, api.deps.chains);
    let settling = true;
    const ticks = (async () => {
      while (settling) {
        await watcher.tick();
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      const settled = await call("/v1/x402/settle", {
        paymentPayload: v2Payload(requirement, tx.serialize()),
        paymentRequirements: requirement,
        waitForConfirmation: true,
      });
      expect(settled.body).toMatchObject({ success: true, transaction: `0x${tx.txid()}` });
      const intent = await api.request("GET", `/v1/payment_intents/${settled.body.payment_intent_id}`, {
        token: merchant.sk,
      });
      expect(["transaction_confirmed", "payment_settled"]).toContain(intent.body.status);
    } finally {
      settling = false;
      await ticks;
    }
  });

  /** A settle request's body: a fresh payer's signed $0.001 USDC transfer for fresh requirements. */
  async function onePayment() {
    const requirement = requirementV2();
    const tx = await signTransfer(nextPayer(), {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: requirement.extra.nonce as string,
    });
    return { paymentPayload: v2Payload(requirement, tx.serialize()), paymentRequirements: requirement };
  }

  it("two racing settle requests with one payment: exactly one succeeds", async () => {
    const body = await onePayment();
    const results = await Promise.all([call("/v1/x402/settle", body), call("/v1/x402/settle", body)]);
    expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.body.success)?.body.errorReason).toBe("duplicate_settlement");
  });

  it("a twin that reads the payer's account after the winner broadcast still hears duplicate_settlement", async () => {
    const body = await onePayment();
    // The twin's account read waits until the winner has claimed and broadcast: the node then
    // counts the payment's nonce as spent, which is the race's worst interleaving.
    const chain = api.deps.chains.test;
    const readNonce = chain.getNextNonce.bind(chain);
    let winner: ReturnType<typeof call> | undefined;
    chain.getNextNonce = async (principal: string) => {
      if (!winner) {
        winner = call("/v1/x402/settle", body);
        await winner;
      }
      return readNonce(principal);
    };
    try {
      const twin = await call("/v1/x402/settle", body);
      expect((await winner)?.body.success).toBe(true);
      expect(twin.body).toMatchObject({ success: false, errorReason: "duplicate_settlement" });
    } finally {
      chain.getNextNonce = readNonce;
    }
  });

  it("two different payments spending one account nonce (a replacement): only one is claimed, the other is a duplicate", async () => {
    // A race: when the winner is mined before the loser is verified, the node's nonce already
    // refuses the loser (invalid_nonce). Run it until both passed verify and the claim decided,
    // checking every round that exactly one payment went through.
    const reasons: string[] = [];
    for (let round = 0; round < 4 && !reasons.includes("duplicate_settlement"); round++) {
      const payer = nextPayer();
      const [first, second] = [requirementV2(), requirementV2()];
      const sign = (r: ReturnType<typeof requirementV2>) =>
        signTransfer(payer, { amount: 1000n, to: merchant.wallet.address, memo: r.extra.nonce as string });
      const [txA, txB] = await Promise.all([sign(first), sign(second)]);
      expect(txA.txid()).not.toBe(txB.txid());
      const results = await Promise.all(
        [
          [first, txA],
          [second, txB],
        ].map(([r, tx]) =>
          call("/v1/x402/settle", {
            paymentPayload: v2Payload(r as typeof first, (tx as typeof txA).serialize()),
            paymentRequirements: r,
          }),
        ),
      );
      expect(results.map((r) => r.body.success).sort()).toEqual([false, true]);
      const reason = String(results.find((r) => !r.body.success)?.body.errorReason);
      expect(["duplicate_settlement", "invalid_nonce"]).toContain(reason);
      reasons.push(reason);
    }
    // Both passed verify (the nonce was the account's next); the claim on (payer, nonce) decided,
    // before either was broadcast — not the node, which a replace-by-fee could fool.
    expect(reasons).toContain("duplicate_settlement");
  });
});

describe("x402 rejections (verify)", () => {
  async function verdict(
    mutate: (r: ReturnType<typeof requirementV2>) => Promise<{ requirement: unknown; payload: unknown }>,
  ) {
    const requirement = requirementV2();
    const { requirement: req, payload } = await mutate(requirement);
    return (await call("/v1/x402/verify", { paymentPayload: payload, paymentRequirements: req })).body;
  }

  it("amount one unit short → amount_mismatch", async () => {
    const payer = nextPayer();
    const body = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(payer, {
            amount: 999n,
            to: merchant.wallet.address,
            memo: r.extra.nonce as string,
          })
        ).serialize(),
      ),
    }));
    expect(body).toMatchObject({ isValid: false, invalidReason: "amount_mismatch" });
  });

  it("payment to another address → recipient_mismatch", async () => {
    const payer = nextPayer();
    const body = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(payer, {
            amount: 1000n,
            to: newTestWallet().address,
            memo: r.extra.nonce as string,
          })
        ).serialize(),
      ),
    }));
    expect(body.invalidReason).toBe("recipient_mismatch");
  });

  it("another token → asset_mismatch; wrong memo → invalid_memo", async () => {
    const payer = nextPayer();
    const asset = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(payer, {
            contract: SBTC_CONTRACT_ID,
            asset: "sbtc-token",
            amount: 1000n,
            to: merchant.wallet.address,
            memo: r.extra.nonce as string,
          })
        ).serialize(),
      ),
    }));
    expect(asset.invalidReason).toBe("asset_mismatch");
    const memo = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(payer, { amount: 1000n, to: merchant.wallet.address, memo: "not-the-nonce" })
        ).serialize(),
      ),
    }));
    expect(memo.invalidReason).toBe("invalid_memo");
  });

  it("expired requirement → payment_expired", async () => {
    const payer = nextPayer();
    const body = await verdict(async () => {
      const r = requirementV2({}, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
      return {
        requirement: r,
        payload: v2Payload(
          r,
          (
            await signTransfer(payer, {
              amount: 1000n,
              to: merchant.wallet.address,
              memo: r.extra.nonce as string,
            })
          ).serialize(),
        ),
      };
    });
    expect(body.invalidReason).toBe("payment_expired");
  });

  it("tampered signature → invalid_signature", async () => {
    const payer = nextPayer();
    const body = await verdict(async (r) => {
      const hex = (
        await signTransfer(payer, {
          amount: 1000n,
          to: merchant.wallet.address,
          memo: r.extra.nonce as string,
        })
      ).serialize();
      const offset = (1 + 4 + 1 + 1 + 20 + 8 + 8 + 1 + 10) * 2;
      const tampered =
        hex.slice(0, offset) + (hex.slice(offset, offset + 2) === "00" ? "01" : "00") + hex.slice(offset + 2);
      return { requirement: r, payload: v2Payload(r, tampered) };
    });
    expect(body.invalidReason).toBe("invalid_signature");
  });

  it("a nonce that is not the account's next → invalid_nonce; an empty wallet → insufficient_funds", async () => {
    const payer = nextPayer();
    const nonce = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(payer, {
            amount: 1000n,
            to: merchant.wallet.address,
            memo: r.extra.nonce as string,
            nonceOffset: 3n,
          })
        ).serialize(),
      ),
    }));
    expect(nonce.invalidReason).toBe("invalid_nonce");
    const broke = newTestWallet();
    const poor = await verdict(async (r) => ({
      requirement: r,
      payload: v2Payload(
        r,
        (
          await signTransfer(
            { ...payer, address: broke.address, privateKey: broke.privateKey },
            { amount: 1000n, to: merchant.wallet.address, memo: r.extra.nonce as string },
          )
        ).serialize(),
      ),
    }));
    expect(poor.invalidReason).toBe("insufficient_funds");
  });

  it("malformed headers, unknown versions, other networks and schemes are answers, never 500s", async () => {
    const r = requirementV2();
    const cases: [unknown, string][] = [
      [{ paymentHeader: "%%%not-base64", paymentRequirements: r }, "invalid_payload"],
      [{ paymentHeader: Buffer.from("[1,2]").toString("base64"), paymentRequirements: r }, "invalid_payload"],
      [{ paymentPayload: { x402Version: 7, payload: {} }, paymentRequirements: r }, "invalid_x402_version"],
      [
        {
          paymentPayload: { x402Version: 2, accepted: r, payload: { transaction: "zz" } },
          paymentRequirements: r,
        },
        "invalid_payload",
      ],
      [
        {
          paymentPayload: { x402Version: 2, accepted: r, payload: { transaction: "00" } },
          paymentRequirements: r,
        },
        "invalid_payload",
      ],
      [
        {
          paymentPayload: {
            x402Version: 2,
            accepted: { ...r, network: "eip155:1" },
            payload: { txid: "ab".repeat(32) },
          },
          paymentRequirements: r,
        },
        "invalid_network",
      ],
      [
        {
          paymentPayload: { x402Version: 2, accepted: r, payload: { txid: "ab".repeat(32) } },
          paymentRequirements: { ...r, scheme: "upto" },
        },
        "invalid_scheme",
      ],
      [
        {
          paymentPayload: { x402Version: 2, accepted: r, payload: { txid: "ab".repeat(32) } },
          paymentRequirements: r,
        },
        "transaction_not_found",
      ],
    ];
    for (const [body, reason] of cases) {
      const res = await call("/v1/x402/verify", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(res.body.invalidReason, JSON.stringify(body).slice(0, 80)).toBe(reason);
    }
  });

  it("only a secret key may use the facilitator", async () => {
    const res = await api.request("POST", "/v1/x402/verify", {
      token: merchant.pk,
      body: { paymentHeader: "e30=", paymentRequirements: requirementV2() },
    });
    expect(res.status).toBe(403);
  });
});

describe("issued requirements", () => {
  const issue = (body: Record<string, unknown>) => call("/v1/x402/requirements", body);
  const resource = {
    url: "https://api.example.test/weather",
    description: "Weather",
    mimeType: "application/json",
  };

  it("issues fresh v2 requirements priced in dollars: $0.001 is 1000 USDC units, sBTC rounds up to a sat", async () => {
    const res = await issue({
      resource,
      accepts: [
        { asset: "usdc", price: "$0.001" },
        { asset: "sbtc", price: "$0.001" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.x402Version).toBe(2);
    expect(res.body.resource).toEqual(resource);
    const [usdc, sbtc] = res.body.accepts;
    expect(usdc).toMatchObject({
      scheme: "exact",
      network: NETWORK,
      amount: "1000",
      asset: USDC_CONTRACT_ID,
      payTo: merchant.wallet.address,
      maxTimeoutSeconds: 300,
      extra: { decimals: 6, tokenType: "sip10", assetName: "usdc-token", symbol: "USDC" },
    });
    expect(sbtc).toMatchObject({
      amount: "1",
      asset: SBTC_CONTRACT_ID,
      extra: { decimals: 8, tokenType: "sbtc" },
    });
    expect(usdc.extra.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(usdc.extra.nonce).not.toBe(sbtc.extra.nonce);
    expect(usdc.extra.expiresAt).toBeGreaterThan(Date.now() / 1000 + 290);
  });

  it("refuses offers without exactly one of amount and price, and prices that are not dollars", async () => {
    for (const accepts of [
      [{ asset: "usdc" }],
      [{ asset: "usdc", amount: "1000", price: "$0.001" }],
      [{ asset: "usdc", price: "free" }],
      [{ asset: "usdc", amount: "0" }],
      [{ asset: "doge", amount: "1" }],
      [],
    ]) {
      const res = await issue({ resource, accepts });
      expect(res.status, JSON.stringify(accepts)).toBe(400);
      expect(res.body.error.code).toMatch(/^parameter_/);
    }
  });

  it("holds a payment to the issued terms: a client that lowers the amount it echoes back is refused", async () => {
    const issued = (await issue({ resource, accepts: [{ asset: "usdc", amount: "5000" }] })).body.accepts[0];
    const payer = nextPayer();
    const tampered = { ...issued, amount: "1000" };
    const tx = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: issued.extra.nonce,
    });
    const res = await call("/v1/x402/verify", {
      paymentPayload: { x402Version: 2, accepted: tampered, payload: { transaction: tx.serialize() } },
      paymentRequirements: tampered,
      requireIssued: true,
    });
    expect(res.body).toMatchObject({ isValid: false, invalidReason: "amount_mismatch" });
  });

  it("a paywall's check refuses a nonce the gateway never issued, and one issued for another resource", async () => {
    const payer = nextPayer();
    const made = requirementV2();
    const tx = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: made.extra.nonce as string,
    });
    const unknown = await call("/v1/x402/verify", {
      paymentPayload: v2Payload(made, tx.serialize()),
      paymentRequirements: made,
      requireIssued: true,
    });
    expect(unknown.body).toMatchObject({ isValid: false, invalidReason: "unknown_requirement" });

    const issued = (await issue({ resource, accepts: [{ asset: "usdc", amount: "1000" }] })).body.accepts[0];
    const elsewhere = await call("/v1/x402/verify", {
      paymentPayload: { x402Version: 2, accepted: issued, payload: { transaction: tx.serialize() } },
      paymentRequirements: { ...issued, resource: "https://api.example.test/other" },
      requireIssued: true,
    });
    expect(elsewhere.body).toMatchObject({ isValid: false, invalidReason: "unknown_requirement" });
  });

  it("a workspace cannot use another workspace's issued nonce", async () => {
    const other = await setupMerchant(api);
    const issued = (await issue({ resource, accepts: [{ asset: "usdc", amount: "1000" }] })).body.accepts[0];
    const res = await api.request("POST", "/v1/x402/verify", {
      token: other.sk,
      body: {
        paymentPayload: { x402Version: 2, accepted: issued, payload: { txid: "ab".repeat(32) } },
        paymentRequirements: { ...issued, payTo: other.wallet.address },
        requireIssued: true,
      },
    });
    expect(res.body).toMatchObject({ isValid: false, invalidReason: "unknown_requirement" });
  });
});

describe("requirements named by the payment's memo (how a paywall checks v1 and SPEC.md payments)", () => {
  const resource = { url: "https://api.example.test/joke" };

  it("finds the issued terms from the memo, settles once, and refuses another resource's payment", async () => {
    const issued = (
      await call("/v1/x402/requirements", { resource, accepts: [{ asset: "usdc", price: "$0.001" }] })
    ).body.accepts[0];
    const payer = nextPayer();
    const tx = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: issued.extra.nonce,
    });
    const v1 = {
      x402Version: 1,
      scheme: "exact",
      network: "stacks-testnet",
      payload: { transaction: tx.serialize() },
    };
    const elsewhere = await call("/v1/x402/verify", {
      paymentHeader: encodeHeader(v1),
      paymentRequirements: { resource: "https://api.example.test/other" },
      requireIssued: true,
    });
    expect(elsewhere.body).toMatchObject({ isValid: false, invalidReason: "unknown_requirement" });
    const body = {
      paymentHeader: encodeHeader(v1),
      paymentRequirements: { resource: resource.url },
      requireIssued: true,
    };
    expect((await call("/v1/x402/verify", body)).body).toEqual({ isValid: true, payer: payer.address });
    // A v1 payment is answered in v1's words: its network by name, as its requirements gave it.
    expect((await call("/v1/x402/settle", body)).body).toMatchObject({
      success: true,
      network: "stacks-testnet",
    });
    expect((await call("/v1/x402/settle", body)).body).toMatchObject({
      success: false,
      errorReason: "duplicate_settlement",
    });
  });

  it("a payment whose memo is no issued nonce is unknown_requirement", async () => {
    const payer = nextPayer();
    const tx = await signTransfer(payer, { amount: 1000n, to: merchant.wallet.address, memo: "not-issued" });
    const res = await call("/v1/x402/verify", {
      paymentPayload: {
        x402Version: 1,
        scheme: "exact",
        network: "stacks-testnet",
        payload: { transaction: tx.serialize() },
      },
      paymentRequirements: { resource: resource.url },
      requireIssued: true,
    });
    expect(res.body).toMatchObject({ isValid: false, invalidReason: "unknown_requirement" });
  });
});

describe("payments bound by the nonce they echo (clients that write their own memo, as x402-stacks does)", () => {
  const resource = { url: "https://api.example.test/echo" };
  const issue = async () =>
    (await call("/v1/x402/requirements", { resource, accepts: [{ asset: "usdc", price: "$0.001" }] })).body
      .accepts[0];
  const byResource = (payment: unknown) => ({
    paymentPayload: payment,
    paymentRequirements: { resource: resource.url },
    requireIssued: true,
  });

  it("a signed transaction with its own memo settles by the echoed nonce, once; a second payment echoing it is refused", async () => {
    const accepted = await issue();
    const payer = nextPayer();
    const first = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: "x402:own-memo-1",
    });
    const settled = await call("/v1/x402/settle", byResource(v2Payload(accepted, first.serialize())));
    expect(settled.body).toMatchObject({ success: true, payer: payer.address });
    const second = await signTransfer(payer, {
      amount: 1000n,
      to: merchant.wallet.address,
      memo: "x402:own-memo-2",
    });
    expect(
      (await call("/v1/x402/settle", byResource(v2Payload(accepted, second.serialize())))).body,
    ).toMatchObject({
      success: false,
      errorReason: "duplicate_settlement",
    });
  });

  it("the echoed nonce does not loosen the terms: a short amount is refused", async () => {
    const accepted = await issue();
    const tx = await signTransfer(nextPayer(), {
      amount: 999n,
      to: merchant.wallet.address,
      memo: "x402:short",
    });
    expect(
      (await call("/v1/x402/verify", byResource(v2Payload(accepted, tx.serialize())))).body,
    ).toMatchObject({
      isValid: false,
      invalidReason: "amount_mismatch",
    });
  });

  it("a transfer already on chain cannot be claimed by echoing a fresh nonce: only its memo binds a txid", async () => {
    const accepted = await issue();
    const payer = nextPayer();
    // Someone paid the merchant (another purpose, another memo); an onlooker names that txid.
    const tx = await signTransfer(payer, { amount: 1000n, to: merchant.wallet.address, memo: "order-77" });
    const broadcast = await fetch(`${devnet.url}/v2/transactions`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: tx.serializeBytes(),
    });
    expect(broadcast.status).toBe(200);
    const txid = `0x${tx.txid()}`;
    await devnet.waitForTx(txid);
    const claim = { x402Version: 2, accepted, payload: { txid } };
    expect((await call("/v1/x402/verify", byResource(claim))).body).toMatchObject({
      isValid: false,
      invalidReason: "unknown_requirement",
    });
  });
});
