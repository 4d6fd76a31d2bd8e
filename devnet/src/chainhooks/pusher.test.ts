import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Value } from "@sinclair/typebox/value";
import { chainhookEventSchema } from "@spay/protocol/chainhooks";
import { broadcastTransaction } from "@stacks/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetNetwork, signTokenTransfer } from "../../testing/wallet.ts";
import { accountByName } from "../accounts.ts";
import { type Devnet, startDevnet } from "../devnet.ts";
import { USDC } from "../tokens.ts";
import { ChainhooksPusher } from "./pusher.ts";

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** A local receiver: records every POST; answers `failFirst` requests with 503 first. */
async function receiver(
  failFirst = 0,
): Promise<{ url: string; received: Received[]; hits: () => number; server: Server }> {
  const received: Received[] = [];
  let hits = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      hits += 1;
      if (hits <= failFirst) {
        response.writeHead(503).end();
        return;
      }
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      response.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/chainhooks`, received, hits: () => hits, server };
}

const ChainhookEventSchema = chainhookEventSchema();

function expectSchemaValid(payload: unknown): void {
  const errors = [...Value.Errors(ChainhookEventSchema, payload)].map((e) => `${e.path}: ${e.message}`);
  expect(errors).toEqual([]);
  expect(Value.Check(ChainhookEventSchema, payload)).toBe(true);
}

type Payload = {
  chainhook: { uuid: string; name: string };
  event: {
    network: string;
    apply: Array<{
      block_identifier: { index: number; hash: string };
      parent_block_identifier: { hash: string };
      transactions: Array<{
        transaction_identifier: { hash: string };
        operations: Array<Record<string, unknown>>;
        metadata: Record<string, unknown>;
      }>;
    }>;
    rollback: Array<{ block_identifier: { index: number; hash: string } }>;
  };
};

let devnet: Devnet;
let sink: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  sink = await receiver();
  devnet = await startDevnet({ port: 0, blockMs: 0, chainhooks: null });
});
afterAll(async () => {
  await devnet?.stop();
  sink?.server.close();
});

describe("Chainhooks 2.0 push", () => {
  it("pushes each block and each fork as schema-valid events, with the secret", async () => {
    const register = await fetch(`${devnet.url}/devnet/chainhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: sink.url, secret: "s3cret" }),
    });
    expect(register.status).toBe(200);

    const payer = accountByName("wallet_6");
    const merchant = accountByName("wallet_7");
    const tx = await signTokenTransfer({
      url: devnet.url,
      token: USDC,
      from: payer,
      to: merchant.address,
      amount: 42n,
      memo: "hook",
    });
    const result = await broadcastTransaction({ transaction: tx, network: devnetNetwork(devnet.url) });
    if (!("txid" in result)) throw new Error("broadcast failed");
    await devnet.waitForTx(result.txid);
    await devnet.chainhooks.idle();

    expect(sink.received).toHaveLength(1);
    const first = sink.received[0];
    expect(first?.headers.authorization).toBe("Bearer s3cret");
    expectSchemaValid(first?.body);
    const block = first?.body as Payload;
    expect(block.event.network).toBe("testnet");
    expect(block.event.rollback).toEqual([]);
    const [applied] = block.event.apply;
    const minedTx = applied?.transactions[0];
    expect(minedTx?.transaction_identifier.hash).toBe(`0x${result.txid}`);
    expect(minedTx?.metadata).toMatchObject({
      canonical: true,
      status: "success",
      sender_address: payer.address,
      nonce: 0,
    });
    const types = minedTx?.operations.map((op) => op.type);
    expect(types).toEqual(["fee", "contract_call", "token_transfer", "token_transfer", "contract_log"]);
    expect(minedTx?.operations[1]).toMatchObject({
      metadata: { contract_identifier: USDC.contractId, function_name: "transfer" },
    });
    expect(minedTx?.operations[3]).toMatchObject({
      account: { address: merchant.address },
      amount: {
        value: "42",
        currency: { decimals: 6, metadata: { asset_identifier: USDC.assetId, token_type: "ft" } },
      },
    });

    await devnet.mineBlock();
    const fork = await devnet.fork({ depth: 2 });
    await devnet.chainhooks.idle();
    expect(sink.received).toHaveLength(3);
    const reorg = sink.received[2]?.body as Payload;
    expectSchemaValid(reorg);
    // The (repaired) schema does hold the payload to the published shape.
    const broken = structuredClone(reorg) as unknown as {
      event: {
        apply: Array<{
          metadata: Record<string, unknown>;
          transactions: Array<{ metadata: Record<string, unknown> }>;
        }>;
      };
    };
    delete broken.event.apply[0]?.transactions[0]?.metadata.execution_cost;
    expect(Value.Check(ChainhookEventSchema, broken)).toBe(false);
    expect(reorg.event.rollback.map((b) => b.block_identifier.hash)).toEqual(
      fork.orphaned.map((b) => b.indexHash),
    );
    expect(reorg.event.rollback[0]?.block_identifier.index).toBeGreaterThan(
      reorg.event.rollback[1]?.block_identifier.index ?? 0,
    );
    expect(reorg.event.apply.map((b) => b.block_identifier.hash)).toEqual(
      fork.branch.map((b) => b.indexHash),
    );
    expect(reorg.event.apply[0]?.parent_block_identifier.hash).toBe(fork.forkPoint.indexHash);
    expect(reorg.event.apply[0]?.transactions[0]?.transaction_identifier.hash).toBe(`0x${result.txid}`);

    const stop = await fetch(`${devnet.url}/devnet/chainhooks`, { method: "DELETE" });
    expect(stop.status).toBe(200);
    await devnet.mineBlock();
    await devnet.chainhooks.idle();
    expect(sink.received).toHaveLength(3);
  });

  it("retries a failed delivery with backoff, in order, a bounded number of times", async () => {
    const flaky = await receiver(2);
    const log: string[] = [];
    const pusher = new ChainhooksPusher(
      { url: flaky.url },
      { attempts: 3, backoffMs: 5, log: (m) => log.push(m) },
    );
    pusher.push({ n: 1 });
    pusher.push({ n: 2 });
    await pusher.idle();
    expect(flaky.received.map((r) => r.body)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(flaky.hits()).toBe(4);
    expect(log).toHaveLength(2);

    const down = await receiver(Number.MAX_SAFE_INTEGER);
    const giveUp = new ChainhooksPusher({ url: down.url }, { attempts: 2, backoffMs: 5, log: () => {} });
    giveUp.push({ n: 3 });
    await giveUp.idle();
    expect(down.hits()).toBe(2);
    expect(giveUp.failed).toBe(1);
    flaky.server.close();
    down.server.close();
  });
});
