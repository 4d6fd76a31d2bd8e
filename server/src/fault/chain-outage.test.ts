import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Devnet } from "@spay/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertNothingLost,
  type FaultStack,
  httpApi,
  type LoadStats,
  type LoggedServer,
  onPostgres,
  PAYERS,
  PG_ONLY,
  payOnChain,
  sleep,
  spawnLoggedServer,
  startFaultStack,
} from "../../test/fault-kit.ts";
import type { IntentForPayment } from "../cli/pay.ts";

const OUTAGE_MS = 30_000;

/**
 * The chain API the server reads goes away for 30 s and comes back on the same port, while the
 * chain itself keeps mining: the devnet's Hiro API is served on its own socket, closed (connections
 * refused) and reopened. The devnet keeps its chain in memory, so restarting its process would
 * erase the very transfers this test needs; closing its API socket is what a restarting API node
 * looks like to sPay. Meanwhile: one intent was paid and reported just before the stop, one is
 * paid during the outage and reported, one is paid during the outage and never reported (the
 * watcher must find it by its memo). The watcher backs off (growing delays, a handful of attempts
 * instead of one per tick), nothing is failed or dropped, the API keeps answering, and after the
 * restart all three settle once with their webhooks delivered.
 */
describe.skipIf(!onPostgres)(
  `chain API down for 30 s (${onPostgres ? "PostgreSQL" : `skipped: ${PG_ONLY}`})`,
  () => {
    let stack: FaultStack;
    let server: LoggedServer | undefined;
    let chainApi: Awaited<ReturnType<typeof serveChainApi>>;
    beforeAll(async () => {
      stack = await startFaultStack();
      chainApi = await serveChainApi(stack.devnet);
    }, 60_000);
    afterAll(async () => {
      server?.crash();
      await chainApi?.stop();
      await stack?.close();
    });

    it("backs off while it is down, then catches up and settles what was paid meanwhile", async () => {
      server = await spawnLoggedServer(stack.env({ SPAY_STACKS_API_URL: chainApi.url }));
      const url = server.url;
      const api = httpApi(() => url);
      const { sk, pk } = stack.merchant;
      const create = async () => {
        const res = await api.request("POST", "/v1/payment_intents", {
          token: sk,
          body: { amount_minor: 250 },
        });
        expect(res.status).toBe(201);
        return res.body as IntentForPayment & { amount_minor: number; client_secret: string };
      };
      const [before, reported, discovered] = [await create(), await create(), await create()];
      const [p1, p2] = PAYERS as [(typeof PAYERS)[0], (typeof PAYERS)[0]];

      // Broadcast right before the stop; reported to sPay once the chain API is already gone.
      const beforeTxid = await payOnChain(stack.devnet, before, p1.privateKey);
      await chainApi.stop();
      const outageStart = Date.now();
      const logMark = server.logs.length;
      expect(
        (
          await api.request(
            "POST",
            `/v1/payment_intents/${before.id}/submit?client_secret=${before.client_secret}`,
            {
              token: pk,
              body: { txid: beforeTxid },
            },
          )
        ).status,
      ).toBe(200);

      // During the outage the chain goes on: two more payments, one reported, one not.
      await sleep(3_000);
      const reportedTxid = await payOnChain(stack.devnet, reported, p2.privateKey);
      expect(
        (
          await api.request(
            "POST",
            `/v1/payment_intents/${reported.id}/submit?client_secret=${reported.client_secret}`,
            {
              token: pk,
              body: { txid: reportedTxid },
            },
          )
        ).status,
      ).toBe(200);
      const discoveredTxid = await payOnChain(stack.devnet, discovered, p1.privateKey);
      const during = await create(); // the API does not depend on the chain for this
      await sleep(OUTAGE_MS - (Date.now() - outageStart));

      for (const intent of [before, reported]) {
        const now = await api.request("GET", `/v1/payment_intents/${intent.id}`, { token: sk });
        // A reported txid is a hint: the intent is tracked only once the chain shows its memo, so
        // during the outage a reported payment is only started — and nothing is failed or dropped.
        expect(["requires_payment_method", "payment_initiated", "transaction_broadcast"]).toContain(
          now.body.status,
        );
        expect(now.body.status_reason ?? "", "nothing is failed or dropped for a chain outage").not.toMatch(
          /dropped|failed/,
        );
      }
      const warnings = server.logs
        .slice(logMark)
        .map((l) => /chain API for test unavailable.*retrying in (\d+) ms/.exec(l)?.[1])
        .filter((d): d is string => d !== undefined)
        .map(Number);
      expect(warnings.length, "the watcher tried again, but not on every 100 ms tick").toBeGreaterThanOrEqual(
        3,
      );
      expect(warnings.length).toBeLessThan(15);
      expect(warnings.slice(0, 4)).toEqual([...warnings.slice(0, 4)].sort((a, b) => a - b));
      expect(Math.max(...warnings)).toBeGreaterThanOrEqual(8_000);

      await chainApi.start(); // same port
      const stats: LoadStats = {
        acknowledged: new Map([before, reported, discovered, during].map((i) => [i.id, i.amount_minor])),
        paid: new Map([
          [before.id, beforeTxid],
          [reported.id, reportedTxid],
          [discovered.id, discoveredTxid],
        ]),
        refusals: new Map(),
        reportRefusals: new Map(),
        requests: 4,
      };
      // The longest backoff is 30 s: everything settles within it plus a discovery pass.
      await assertNothingLost(stack, stats, 45_000);
      await server.stop();
    }, 120_000);
  },
);

/** The devnet's Hiro API on a socket of its own that can be closed and reopened on the same port. */
async function serveChainApi(devnet: Devnet) {
  let port = 0;
  let server: ReturnType<typeof serve> | null = null;
  const start = async () => {
    const s = serve({ fetch: (req) => devnet.fetch(req), port, hostname: "127.0.0.1" });
    await new Promise<void>((resolve, reject) => {
      s.once("listening", () => resolve());
      s.once("error", reject);
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  };
  await start();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        const s = server;
        server = null;
        if (!s) return resolve();
        s.close(() => resolve());
        (s as unknown as { closeAllConnections(): void }).closeAllConnections();
      }),
  };
}
