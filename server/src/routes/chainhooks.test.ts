import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "../cli/pay.ts";
import { registerEmbeddedPush } from "../embedded-devnet/push.ts";

/**
 * Chainhooks push: the devnet pushes each block (and each fork) to the gateway in Hiro's
 * Chainhooks 2.0 shape, and payments settle with no watcher polling at all.
 */
const SECRET = "chainhooks-consumer-secret-0123456789";
let api: TestApi;
let devnet: Devnet;
let merchant: Merchant;
let listener: { url: string; close(): Promise<void> };
const payer = ACCOUNTS.find((a) => a.name === "wallet_5")!;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 3_600_000, chainhooks: null });
  api = await startTestApi({ stacksApiUrl: devnet.url, chainhooksSecret: SECRET });
  listener = await api.listen();
  merchant = await setupMerchant(api);
  // As `pnpm start` does with its embedded devnet: over the devnet's HTTP API.
  const port = Number(new URL(listener.url).port);
  expect(await registerEmbeddedPush(devnet.url, { host: "0.0.0.0", port }, SECRET)).toBe(true);
}, 120_000);
afterAll(async () => {
  await listener?.close();
  await api?.close();
  await devnet?.stop();
});

async function paidIntent(): Promise<{ intent: IntentForPayment & { id: string }; txid: string }> {
  const res = await api.request("POST", "/v1/payment_intents", {
    token: merchant.sk,
    body: { amount_minor: 700 },
  });
  expect(res.status).toBe(201);
  const tx = await buildIntentTransfer(res.body, payer.privateKey, devnet.url);
  const { txid } = await broadcastIntentTransfer(tx, devnet.url);
  return { intent: res.body, txid: `0x${txid.replace(/^0x/, "")}` };
}
const retrieve = async (id: string) =>
  (await api.request("GET", `/v1/payment_intents/${id}`, { token: merchant.sk })).body;
const push = (body: unknown, token: string | null = SECRET, env = "test") =>
  api.request("POST", `/v1/chainhooks/${env}`, {
    rawBody: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe("POST /v1/chainhooks/{env}", () => {
  it("settles a payment from the pushed block, with no watcher running", async () => {
    await devnet.mineBlock(); // the first push gives the gateway its position
    await devnet.chainhooks.idle();
    const { intent } = await paidIntent();
    const block = await devnet.mineBlock();
    await devnet.chainhooks.idle();
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      amount_received: intent.amount_asset,
    });
    const cursor = await api.deps.db
      .selectFrom("chain_cursors")
      .selectAll()
      .where("env", "=", "test")
      .executeTakeFirst();
    expect(cursor?.height).toBe(block.height);
  });

  it("takes back what a pushed rollback orphaned, and says so on the timeline", async () => {
    const { intent, txid } = await paidIntent();
    const mined = await devnet.mineBlock();
    await devnet.chainhooks.idle();
    expect((await retrieve(intent.id)).status).toBe("payment_settled");
    await devnet.fork({ depth: 1, drop: [txid] });
    await devnet.chainhooks.idle();
    const transfer = await api.deps.db
      .selectFrom("payment_transfers")
      .selectAll()
      .where("txid", "=", txid)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ state: "tracking", block_height: null, reason: "block_orphaned" });
    expect(await retrieve(intent.id)).toMatchObject({
      status: "payment_settled",
      status_reason: `block_orphaned:${mined.height}`,
    });
  });

  it("applies a block once: the same push again, or one ahead of a gap, changes nothing", async () => {
    let captured: unknown = null;
    // Capture the next event as the devnet sends it, then replay it by hand.
    const original = devnet.chainhooks;
    const { createServer } = await import("node:http");
    const sink = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        captured = JSON.parse(body);
        res.end("{}");
      });
    });
    await new Promise<void>((r) => sink.listen(0, "127.0.0.1", r));
    const address = sink.address();
    if (!address || typeof address === "string") throw new Error("no port");
    original.configure({ url: `http://127.0.0.1:${address.port}/`, secret: SECRET });
    await devnet.mineBlock();
    await original.idle();
    original.configure({ url: `${listener.url}/v1/chainhooks/test`, secret: SECRET });
    await new Promise<void>((r) => sink.close(() => r()));
    const first = await push(captured);
    expect(first.body).toMatchObject({ received: true, applied: 1, stale: 0 });
    const again = await push(captured);
    expect(again.body).toMatchObject({ received: true, applied: 0, stale: 1 });
  });

  it("refuses a push without the secret, with the wrong one, or not in the Chainhooks shape", async () => {
    const event = {
      chainhook: { uuid: "x" },
      event: { chain: "stacks", network: "testnet", apply: [], rollback: [] },
    };
    expect((await push(event, null)).status).toBe(401);
    expect((await push(event, "not-the-secret-at-all-0000")).status).toBe(401);
    const wrongShape = await push({ chainhook: { uuid: "x" }, event: { apply: "nope" } });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body.error.code).toBe("parameter_invalid");
    expect((await push(event, SECRET, "mainnet")).status).toBe(404);
    expect((await push(event)).body).toMatchObject({ received: true, applied: 0 });
  });
});
