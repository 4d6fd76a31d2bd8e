import http from "node:http";
import type { AddressInfo } from "node:net";
import { ACCOUNTS, type Devnet, startDevnet, USDC_CONTRACT_ID } from "@spay/devnet";
import {
  bufferCVFromString,
  fetchNonce,
  makeContractCall,
  Pc,
  PostConditionMode,
  principalCV,
  privateKeyToAddress,
  someCV,
  uintCV,
} from "@stacks/transactions";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Merchant,
  newTestWallet,
  setupMerchant,
  startTestApi,
  type TestApi,
} from "../../../test/harness.ts";
import { startWebhookReceiver } from "../../../test/webhook-receiver.ts";
import { ChainClient } from "../../chain/client.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../../cli/pay.ts";
import { clientSecretsOf } from "../../domain/client-secret.ts";
import { WebhookWorker } from "../webhooks/worker.ts";
import { SettlementWatcher } from "./watcher.ts";

/**
 * Settlement end to end on the embedded devnet (the real Clarity VM): a test wallet signs real
 * SIP-010 transfers, the devnet mines them, the watcher reads them through the Hiro API.
 */
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
let watcher: SettlementWatcher;
let proxy: ChainProxy;
const payer = ACCOUNTS.find((a) => a.name === "wallet_1")!;
const otherPayer = ACCOUNTS.find((a) => a.name === "wallet_2")!;

/** A switchable front for the chain API, to take it "down" as the server sees it. */
interface ChainProxy {
  url: string;
  down: boolean;
  close(): Promise<void>;
}

async function startChainProxy(target: string): Promise<ChainProxy> {
  const state = { down: false };
  const server = http.createServer(async (req, res) => {
    if (state.down) return req.socket.destroy();
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { accept: "application/json" },
    });
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxyUrl,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  proxy = await startChainProxy(devnet.url);
  // The submit endpoint looks reported txids up on the same chain the watcher reads.
  api = await startTestApi({ stacksApiUrl: proxy.url });
  merchant = await setupMerchant(api);
  const chain = new ChainClient({ baseUrl: proxy.url, timeoutMs: 2_000, retries: 0 });
  watcher = new SettlementWatcher(
    api.deps,
    { test: chain, live: chain },
    {
      intervalMs: 50,
      discoveryIntervalMs: 0,
      dropAfterSeconds: 3600,
      lateWindowSeconds: 86_400,
    },
  );
}, 120_000);
afterAll(async () => {
  await api?.close();
  await proxy?.close();
  await devnet?.stop();
});

async function createIntent(body: Record<string, unknown> = {}) {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 1999, ...body },
  });
  expect(res.status).toBe(201);
  return res.body as IntentForPayment;
}

async function broadcast(tx: Awaited<ReturnType<typeof makeContractCall>>): Promise<string> {
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  await devnet.waitForTx(txid);
  return txid;
}

/** The checkout's report: its publishable key and the intent's client secret. */
const submit = (id: string, txid: string) =>
  api.request(
    "POST",
    `/v1/payment_intents/${id}/submit?client_secret=${clientSecretsOf(api.deps.secrets).for(id)}`,
    {
      token: merchant.pk,
      body: { txid },
    },
  );
const retrieve = async (id: string) =>
  (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body;
const history = async (id: string) =>
  (
    (await api.request("GET", `/v1/payment_intents/${id}/events`, { token: merchant.sk })).body.data as {
      from_status: string | null;
      to_status: string;
      reason: string;
    }[]
  ).map((e) => `${e.from_status ?? "∅"}→${e.to_status}:${e.reason}`);
const outboxTypes = async (id: string) =>
  (await api.deps.db.selectFrom("events").select(["type", "data"]).orderBy("seq").execute())
    .filter((e) => (e.data as { object: { id: string } }).object.id === id)
    .map((e) => e.type);

async function payAndSubmit(
  intent: Awaited<ReturnType<typeof createIntent>>,
  options: { amount?: bigint; key?: string } = {},
) {
  const tx = await buildIntentTransfer(intent, options.key ?? payer.privateKey, devnet.url, options);
  const txid = await broadcast(tx);
  expect((await submit(intent.id, txid)).status).toBe(200);
  return txid;
}

describe("a real transfer settles its intent", () => {
  it("sBTC: signed, broadcast, mined, submitted → payment_settled with the events of each step", async () => {
    const onboarding = () =>
      api.request("GET", "/onboarding/status", {
        token: merchant.token,
        headers: { "x-workspace-id": merchant.workspaceId },
      });
    const intent = await createIntent();
    const txid = await payAndSubmit(intent);
    expect((await retrieve(intent.id)).status).toBe("transaction_broadcast");
    await watcher.tick();
    const settled = await retrieve(intent.id);
    expect(settled).toMatchObject({
      status: "payment_settled",
      status_reason: "paid",
      txid: `0x${txid}`,
      amount_received: intent.amount_asset,
    });
    expect(await history(intent.id)).toEqual([
      "∅→requires_payment_method:created",
      "requires_payment_method→transaction_broadcast:txid_submitted",
      "transaction_broadcast→payment_settled:paid",
    ]);
    // The first settled test payment completes Get Started's sandbox step.
    expect((await onboarding()).body.onboarding_status.test_payment_completed).toBe(true);
    expect(await outboxTypes(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.processing",
      "payment_intent.succeeded",
    ]);
  });

  it("USDC (6 decimals, our SIP-010 that prints the memo) settles the same way", async () => {
    const intent = await createIntent({ asset: "usdc" });
    expect(intent.token_contract).toBe(USDC_CONTRACT_ID);
    await payAndSubmit(intent);
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: "19990000",
    });
  });

  it("waits for the environment's confirmations before settling", async () => {
    const envs = await api.request("GET", "/api/environments", { token: merchant.sk });
    const envId = envs.body.data[0].id;
    await api.request("PATCH", `/api/environments/${envId}`, {
      token: merchant.sk,
      body: { confirmations_required: 3 },
    });
    try {
      const intent = await createIntent();
      await payAndSubmit(intent);
      await watcher.tick();
      expect(await retrieve(intent.id)).toMatchObject({
        status: "transaction_confirmed",
        status_reason: "confirmations:1/3",
      });
      await devnet.mineBlock();
      await devnet.mineBlock();
      await api.deps.db.updateTable("payment_transfers").set({ next_check_at: 0 }).execute();
      await watcher.tick();
      expect((await retrieve(intent.id)).status).toBe("payment_settled");
    } finally {
      await api.request("PATCH", `/api/environments/${envId}`, {
        token: merchant.sk,
        body: { confirmations_required: 1 },
      });
    }
  });

  it("finds a transfer carrying the memo without the checkout reporting it", async () => {
    const intent = await createIntent();
    await broadcast(await buildIntentTransfer(intent, payer.privateKey, devnet.url));
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: intent.amount_asset,
    });
  });
});

describe("the merchant hears about it", () => {
  it("settling a payment on the devnet delivers a payment_intent.succeeded webhook that standardwebhooks verifies", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await api.request("POST", "/v1/webhook_endpoints", {
        token: merchant.sk,
        body: { url: `${receiver.url}/hooks`, enabled_events: ["payment.succeeded"] },
      });
      const intent = await createIntent();
      const txid = await payAndSubmit(intent);
      await watcher.tick();
      await new WebhookWorker(api.deps).tick();
      const hits = receiver.received.filter((r) => JSON.parse(r.body).data.object.id === intent.id);
      expect(hits).toHaveLength(1);
      const [hit] = hits;
      const payload = new Webhook(endpoint.body.secret).verify(hit!.body, {
        "webhook-id": hit!.headers["webhook-id"]!,
        "webhook-timestamp": hit!.headers["webhook-timestamp"]!,
        "webhook-signature": hit!.headers["webhook-signature"]!,
      }) as { type: string; data: { object: { status: string; txid: string; amount_received: string } } };
      expect(payload.type).toBe("payment_intent.succeeded");
      expect(payload.data.object).toMatchObject({
        status: "payment_settled",
        txid: `0x${txid}`,
        amount_received: intent.amount_asset,
      });
    } finally {
      await receiver.close();
    }
  });
});

describe("transfers that do not pay the intent", () => {
  it("wrong token: a USDC transfer with an sBTC intent's memo pays no intent; it waits as an unmatched transfer", async () => {
    const intent = await createIntent();
    const wrong = { ...intent, token_contract: USDC_CONTRACT_ID, asset: "usdc" };
    const txid = await broadcast(await buildIntentTransfer(wrong, payer.privateKey, devnet.url));
    const res = await submit(intent.id, txid);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("transaction_not_for_intent");
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({ status: "requires_payment_method", txid: null });
    expect(await outboxTypes(intent.id)).toEqual(["payment_intent.created"]);
    const unmatched = await api.request("GET", "/v1/unmatched_transfers?limit=100", { token: merchant.sk });
    expect(unmatched.body.data).toContainEqual(
      expect.objectContaining({
        txid: `0x${txid}`,
        asset: "usdc",
        memo: intent.memo,
        amount: intent.amount_asset,
      }),
    );
  });

  it("wrong recipient: a transfer with the memo to another address pays nothing and is refused when reported", async () => {
    const intent = await createIntent();
    const elsewhere = { ...intent, recipient: newTestWallet().address };
    const txid = await broadcast(await buildIntentTransfer(elsewhere, payer.privateKey, devnet.url));
    const res = await submit(intent.id, txid);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("transaction_not_for_intent");
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      amount_received: "0",
    });
  });

  it("underpayment keeps the intent open with amount_received; a top-up settles it", async () => {
    const intent = await createIntent();
    const due = BigInt(intent.amount_asset);
    await payAndSubmit(intent, { amount: due - 1000n });
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "underpaid",
      amount_received: String(due - 1000n),
    });
    await payAndSubmit(intent, { amount: 1000n, key: otherPayer.privateKey });
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: String(due),
    });
    expect(await outboxTypes(intent.id)).toContain("payment_intent.partially_paid");
  });

  it("overpayment settles and records what was received", async () => {
    const intent = await createIntent();
    const due = BigInt(intent.amount_asset);
    await payAndSubmit(intent, { amount: due + 500n });
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      status_reason: "overpaid",
      amount_received: String(due + 500n),
    });
  });

  it("a txid whose memo names another intent is refused for the reporter and still pays its own intent", async () => {
    const first = await createIntent();
    const txid = await payAndSubmit(first);
    const second = await createIntent();
    const res = await submit(second.id, txid);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("transaction_not_for_intent");
    await watcher.tick();
    expect((await retrieve(second.id)).status).toBe("requires_payment_method");
    expect((await retrieve(first.id)).status).toBe("payment_settled");
  });

  it("a post-condition that does not hold aborts the transfer; the intent returns to requires_payment_method with the reason", async () => {
    const intent = await createIntent();
    const amount = BigInt(intent.amount_asset);
    const sender = privateKeyToAddress(payer.privateKey, "testnet");
    const [address, name] = intent.token_contract.split(".") as [string, string];
    const tx = await makeContractCall({
      contractAddress: address,
      contractName: name,
      functionName: "transfer",
      functionArgs: [
        uintCV(amount),
        principalCV(sender),
        principalCV(intent.recipient),
        someCV(bufferCVFromString(intent.memo)),
      ],
      senderKey: payer.privateKey,
      network: "testnet",
      client: { baseUrl: devnet.url },
      postConditionMode: PostConditionMode.Deny,
      postConditions: [
        Pc.principal(sender)
          .willSendEq(amount - 1n)
          .ft(intent.token_contract as `${string}.${string}`, "sbtc-token"),
      ],
      fee: 3_000n,
    });
    await broadcast(tx);
    expect((await submit(intent.id, tx.txid())).status).toBe(200);
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transaction_failed:abort_by_post_condition",
      amount_received: "0",
    });
  });

  it("a transfer with a forged signature is refused by the chain and never settles anything", async () => {
    const intent = await createIntent();
    const tx = await buildIntentTransfer(intent, payer.privateKey, devnet.url);
    const hex = tx.serialize();
    // Flip one byte of the signature (after the 1+4+1+1+20+8+8+1 byte header of a single-sig spending condition).
    const offset = (1 + 4 + 1 + 1 + 20 + 8 + 8 + 1 + 10) * 2;
    const forged =
      hex.slice(0, offset) + (hex.slice(offset, offset + 2) === "00" ? "01" : "00") + hex.slice(offset + 2);
    const res = await fetch(`${devnet.url}/v2/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tx: forged }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { reason: string }).reason).toBe("SignatureValidation");
    // Reporting a txid the chain never accepted: a hint that leads nowhere. The payment is only
    // started until the chain is asked again; it is never tracked, let alone paid.
    const reported = await submit(intent.id, tx.txid());
    expect(reported.status).toBe(200);
    expect(reported.body.status).toBe("payment_initiated");
    const strict = new SettlementWatcher(
      api.deps,
      { test: new ChainClient({ baseUrl: devnet.url }), live: new ChainClient({ baseUrl: devnet.url }) },
      {
        intervalMs: 50,
        discoveryIntervalMs: 1e9,
        dropAfterSeconds: 0,
        lateWindowSeconds: 0,
      },
    );
    await api.deps.db.updateTable("transfer_reports").set({ next_check_at: 0 }).execute();
    await strict.tick();
    // Never seen after the drop window: waiting for payment again, the checkout told it was dropped.
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transaction_dropped",
    });
    const report = await api.deps.db
      .selectFrom("transfer_reports")
      .select("state")
      .where("payment_intent_id", "=", intent.id)
      .executeTakeFirstOrThrow();
    expect(report.state).toBe("not_found");
    const bound = await api.deps.db
      .selectFrom("payment_transfers")
      .select("txid")
      .where("payment_intent_id", "=", intent.id)
      .execute();
    expect(bound).toEqual([]);
  });

  it("a payment started by two reports stays started while the other report is still pending", async () => {
    const intent = await createIntent();
    const [first, second] = ["a", "b"].map((c) => `0x${c.repeat(64)}`) as [string, string];
    expect((await submit(intent.id, first)).body.status).toBe("payment_initiated");
    expect((await submit(intent.id, second)).body.status).toBe("payment_initiated");
    const strict = new SettlementWatcher(
      api.deps,
      { test: new ChainClient({ baseUrl: devnet.url }), live: new ChainClient({ baseUrl: devnet.url }) },
      { intervalMs: 50, discoveryIntervalMs: 1e9, dropAfterSeconds: 0, lateWindowSeconds: 0 },
    );
    const due = (txid: string, at: number) =>
      api.deps.db
        .updateTable("transfer_reports")
        .set({ next_check_at: at })
        .where("payment_intent_id", "=", intent.id)
        .where("txid", "=", txid)
        .execute();
    // Only the first is looked at again: never seen, but the second may still show up.
    await due(first, 0);
    await due(second, 4_000_000_000);
    await strict.tick();
    expect((await retrieve(intent.id)).status).toBe("payment_initiated");
    // The second is never seen either: the payment waits again, saying the transfer was dropped.
    await due(second, 0);
    await strict.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      status_reason: "transaction_dropped",
    });
  });

  it("a transfer with a bad nonce is refused by the chain (BadNonce)", async () => {
    const intent = await createIntent();
    const nonce = await fetchNonce({ address: payer.address, client: { baseUrl: devnet.url } });
    const [address, name] = intent.token_contract.split(".") as [string, string];
    const tx = await makeContractCall({
      contractAddress: address,
      contractName: name,
      functionName: "transfer",
      functionArgs: [
        uintCV(BigInt(intent.amount_asset)),
        principalCV(payer.address),
        principalCV(intent.recipient),
        someCV(bufferCVFromString(intent.memo)),
      ],
      senderKey: payer.privateKey,
      network: "testnet",
      nonce: nonce + 7n,
      fee: 3_000n,
      postConditionMode: PostConditionMode.Allow,
    });
    await expect(broadcastIntentTransfer(tx, devnet.url)).rejects.toThrow(/BadNonce/);
    expect((await retrieve(intent.id)).status).toBe("requires_payment_method");
  });
});

describe("time and failure", () => {
  it("an unpaid intent expires; a payment after expiry is recorded as paid late, not settled", async () => {
    const intent = await createIntent();
    await api.deps.db
      .updateTable("payment_intents")
      .set({ expires_at: 1 })
      .where("id", "=", intent.id)
      .execute();
    await watcher.tick();
    expect((await retrieve(intent.id)).status).toBe("expired");
    await payAndSubmit(intent);
    await watcher.tick();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "expired",
      status_reason: "paid_late",
      amount_received: intent.amount_asset,
    });
    expect(await outboxTypes(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.expired",
      "payment_intent.paid_late",
    ]);
  });

  it("the chain API going down does not lose a payment: the watcher backs off and settles once it is back", async () => {
    const intent = await createIntent();
    await payAndSubmit(intent);
    proxy.down = true;
    await watcher.tick(); // must not throw
    expect((await retrieve(intent.id)).status).toBe("transaction_broadcast");
    proxy.down = false;
    await new Promise((r) => setTimeout(r, 1_100)); // first backoff step
    await watcher.tick();
    expect((await retrieve(intent.id)).status).toBe("payment_settled");
  });

  it("several watchers on one database settle a payment exactly once", async () => {
    const intent = await createIntent();
    await payAndSubmit(intent);
    const chain = new ChainClient({ baseUrl: devnet.url });
    const watchers = Array.from(
      { length: 4 },
      () => new SettlementWatcher(api.deps, { test: chain, live: chain }),
    );
    await Promise.all(watchers.map((w) => w.tick()));
    expect((await retrieve(intent.id)).status).toBe("payment_settled");
    expect((await outboxTypes(intent.id)).filter((t) => t === "payment_intent.succeeded")).toHaveLength(1);
    expect((await history(intent.id)).filter((h) => h.endsWith("payment_settled:paid"))).toHaveLength(1);
  });
});
