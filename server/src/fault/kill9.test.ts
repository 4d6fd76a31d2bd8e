import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertNothingLost,
  type FaultStack,
  onPostgres,
  PG_ONLY,
  sleep,
  startFaultStack,
  startLoad,
} from "../../test/fault-kit.ts";
import { type ServerProcess, spawnServer } from "../../test/server-process.ts";

/**
 * `kill -9` of the server process under a steady load of intent creation and settlement, then a
 * restart on the same PostgreSQL database: every intent the API acknowledged (201) exists, every
 * intent paid on chain — before, during and after the crash — settles exactly once, and its
 * signed `payment_intent.succeeded` webhook reaches the receiver.
 */
describe.skipIf(!onPostgres)(
  `kill -9 under load (${onPostgres ? "PostgreSQL" : `skipped: ${PG_ONLY}`})`,
  () => {
    let stack: FaultStack;
    const processes: ServerProcess[] = [];
    beforeAll(async () => {
      stack = await startFaultStack();
    }, 60_000);
    afterAll(async () => {
      for (const p of processes) p.crash();
      await stack?.close();
    });

    it("loses no acknowledged intent, settles every payment once, delivers every webhook", async () => {
      let server = await spawnServer(stack.env());
      processes.push(server);
      const load = startLoad({ url: () => server.url, devnet: stack.devnet, merchant: stack.merchant });
      await sleep(4_000);
      const beforeCrash = load.stats.acknowledged.size;
      server.crash(); // SIGKILL: no shutdown hooks, requests and deliveries cut mid-flight
      await sleep(1_000);
      server = await spawnServer(stack.env());
      processes.push(server);
      await sleep(4_000);
      const stats = await load.stop();
      expect(beforeCrash).toBeGreaterThan(10);
      expect(stats.acknowledged.size).toBeGreaterThan(beforeCrash + 10); // the restarted server took load
      expect(stats.refusals.get("network") ?? 0).toBeGreaterThan(0); // the crash was felt by clients
      await assertNothingLost(stack, stats);
      await server.stop();
    }, 90_000);
  },
);
