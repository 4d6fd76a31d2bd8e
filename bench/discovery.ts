/**
 * Settlement discovery at scale: chain-API calls per block and block → payment_settled
 * latency with 1 and with 10,001 merchants holding open intents, for today's design (the block
 * follower: server/src/services/settlement/block-follower.ts) and the one before it (one
 * transactions_with_transfers call per payout address every 5 s: the server of commit e3c6376).
 *
 * One devnet in this process (blocks mined here), behind bench/lib/counting-proxy.ts, which counts
 * the gateway's chain calls by route. Each design × merchant count runs its own server process on a
 * fresh PostgreSQL database. Payments are signed transfers never reported to the gateway, so the
 * watcher has to discover them. Prints a table, writes bench/results/discovery.md; asserts nothing.
 *
 *   npx tsx discovery.ts   (vary with BENCH_BLOCKS, BENCH_BEFORE_BLOCKS, BENCH_PAYMENTS_PER_BLOCK, BENCH_MERCHANTS)
 */
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACCOUNTS, startDevnet } from "@spay/devnet";
import { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment } from "@spay/server";
import { getAddressFromPrivateKey, randomPrivateKey } from "@stacks/transactions";
import pg from "pg";
import { type CountingProxy, startCountingProxy } from "./lib/counting-proxy.ts";
import { freshDatabase } from "./lib/fresh-database.ts";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
/** The design before waits up to 5 s (its discovery period) plus a pass over 1,000 addresses per block. */
const BEFORE_BLOCKS = Number(process.env.BENCH_BEFORE_BLOCKS ?? 10);
const PER_BLOCK = Number(process.env.BENCH_PAYMENTS_PER_BLOCK ?? 5);
const OTHER_MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 10_000);
const BEFORE_COMMIT = "e3c6376";
/** A block whose payments are not all settled this long after it was mined counts them as missed. */
const SETTLE_TIMEOUT_MS = 30_000;
/** A run stops after this many blocks in a row with no payment seen (the design cannot see them). */
const MAX_BLIND_BLOCKS = 2;
const REST_MS = 10_000;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REPO = fileURLToPath(new URL("..", import.meta.url));

type Design = "before" | "after";

interface RunResult {
  design: Design;
  merchants: number;
  blocks: number;
  /** Chain calls over all measured windows (mining → 1 s after the block's payments settled), by route. */
  blockCalls: Record<string, number>;
  /** Chain calls over REST_MS with open intents and no new block, by route. */
  restCalls: Record<string, number>;
  latencies: number[];
  expected: number;
  note: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sum = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);
function add(into: Record<string, number>, from: Record<string, number>): void {
  for (const [route, n] of Object.entries(from)) into[route] = (into[route] ?? 0) + n;
}

/**
 * The server of `commit`, runnable: its server/ and protocol/ (git archive, no change to the
 * repository), with this checkout's installed packages linked in (the lockfile differs only by
 * packages the old code does not import) and @spay/protocol pointing at the old protocol.
 */
function prepareOldServer(commit: string): { main: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "spay-before-"));
  execSync(`git archive ${commit} server protocol package.json tsconfig.json | tar -x -C ${dir}`, {
    cwd: REPO,
    stdio: ["ignore", "ignore", "inherit"],
  });
  symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
  const link = (from: string, to: string, overrides: Record<string, string>) => {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (name.startsWith(".")) continue;
      if (name.startsWith("@")) {
        const scope = readdirSync(path.join(from, name)).map((n) => `${name}/${n}`);
        mkdirSync(path.join(to, name), { recursive: true });
        for (const scoped of scope)
          symlinkSync(overrides[scoped] ?? realpathSync(path.join(from, scoped)), path.join(to, scoped));
      } else symlinkSync(overrides[name] ?? realpathSync(path.join(from, name)), path.join(to, name));
    }
  };
  link(path.join(REPO, "server/node_modules"), path.join(dir, "server/node_modules"), {
    "@spay/protocol": path.join(dir, "protocol"),
  });
  return {
    main: path.join(dir, "server/src/main.ts"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * `addresses.length` open intents, one per payout address: copies of `templateId`'s row (the real
 * merchant's intent, made through the API) with a new id, memo and recipient, expiring in an hour.
 * Every column is copied by name, so the same code fills either design's schema.
 */
async function insertOtherMerchants(databaseUrl: string, templateId: string, addresses: string[]) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: columns } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'payment_intents' and column_name <> 'seq'
       order by ordinal_position`,
    );
    const { rows } = await db.query<{ memo: string }>("select memo from payment_intents where id = $1", [
      templateId,
    ]);
    const memoLength = rows[0]?.memo.length ?? 32;
    const now = Math.floor(Date.now() / 1000);
    const replaced: Record<string, string> = {
      id: "n.id",
      memo: "n.memo",
      recipient: "n.recipient",
      status: "'requires_payment_method'",
      expires_at: "$2::bigint",
      created_at: "$3::bigint",
      updated_at: "$3::bigint",
    };
    const names = columns.map((c) => `"${c.column_name}"`).join(", ");
    const values = columns.map((c) => replaced[c.column_name] ?? `p."${c.column_name}"`).join(", ");
    const insert = `insert into payment_intents (${names}) select ${values} from payment_intents p
      cross join unnest($4::text[], $5::text[], $6::text[]) as n(id, memo, recipient) where p.id = $1`;
    const prefix = templateId.split("_")[0] ?? "pi";
    for (let i = 0; i < addresses.length; i += 2_000) {
      const chunk = addresses.slice(i, i + 2_000);
      const ids = chunk.map(() => `${prefix}_bench${randomBytes(10).toString("hex")}`);
      const memos = chunk.map(() => randomBytes(memoLength).toString("hex").slice(0, memoLength));
      await db.query(insert, [templateId, now + 3600, now, ids, memos, chunk]);
    }
  } finally {
    await db.end();
  }
}

async function run(
  design: Design,
  others: string[],
  env: { proxy: CountingProxy; chainUrl: string; mineBlock: () => Promise<{ txids: readonly string[] }> },
  oldMain: string | null,
): Promise<RunResult> {
  const dbName = `spay_bench_discovery_${process.pid}_${design}_${others.length}`;
  const databaseUrl = await freshDatabase(dbName);
  const serverEnv = {
    SPAY_WATCHER: "on",
    SPAY_DEVNET: "off",
    SPAY_CHAIN: "devnet",
    SPAY_STACKS_API_URL: env.proxy.url,
    DATABASE_URL: databaseUrl,
  };
  const server =
    design === "after" ? await startServerProcess(serverEnv) : await startServerProcess(serverEnv, oldMain!);
  const result: RunResult = {
    design,
    merchants: others.length + 1,
    blocks: 0,
    blockCalls: {},
    restCalls: {},
    latencies: [],
    expected: 0,
    note: "",
  };
  try {
    const { sk } = await createMerchant(server.url);
    const headers = { authorization: `Bearer ${sk}`, "content-type": "application/json" };
    const createIntent = async (amount: number) =>
      (await (
        await fetch(`${server.url}/v1/payment_intents`, {
          method: "POST",
          headers,
          body: JSON.stringify({ amount_minor: amount }),
        })
      ).json()) as IntentForPayment;
    const template = await createIntent(100);
    if (others.length > 0) await insertOtherMerchants(databaseUrl, template.id, others);
    await sleep(3_000); // the watcher's first passes (follower catch-up, first discovery round)
    env.proxy.reset();
    await sleep(REST_MS);
    result.restCalls = env.proxy.snapshot();

    const payers = ACCOUNTS.filter((a) => a.name.startsWith("wallet_")).slice(0, PER_BLOCK);
    let blind = 0;
    const blocks = design === "after" ? BLOCKS : BEFORE_BLOCKS;
    for (let b = 0; b < blocks; b++) {
      const intents = await Promise.all(payers.map((_, i) => createIntent(500 + b * PER_BLOCK + i)));
      const txids = await Promise.all(
        intents.map(async (intent, i) => {
          const tx = await buildIntentTransfer(intent, payers[i]!.privateKey, env.chainUrl);
          return (await broadcastIntentTransfer(tx, env.chainUrl)).txid;
        }),
      );
      // A random phase against the watcher's own period, so blocks do not lock into step with it.
      await sleep(Math.random() * (design === "after" ? 1_000 : 5_000));
      env.proxy.reset();
      const block = await env.mineBlock();
      const minedAt = performance.now();
      const inBlock = new Set(block.txids.map((t) => t.replace(/^0x/, "")));
      if (!txids.every((t) => inBlock.has(t.replace(/^0x/, ""))))
        throw new Error(`block ${b}: not every payment was mined`);
      result.expected += intents.length;
      result.blocks += 1;
      const pending = new Set(intents.map((i) => i.id));
      // One request at a time (the next pending intent at once after a settled one, else every
      // 5 ms): polling all of them in parallel would load the gateway the watcher runs in.
      while (pending.size > 0 && performance.now() - minedAt < SETTLE_TIMEOUT_MS) {
        const id = pending.values().next().value!;
        const current = (await (
          await fetch(`${server.url}/v1/payment_intents/${id}`, { headers })
        ).json()) as { status: string };
        if (current.status === "payment_settled") {
          pending.delete(id);
          result.latencies.push(performance.now() - minedAt);
        } else await sleep(5);
      }
      await sleep(1_000);
      add(result.blockCalls, env.proxy.snapshot());
      blind = pending.size === intents.length ? blind + 1 : 0;
      if (blind >= MAX_BLIND_BLOCKS) {
        result.note = `stopped after ${result.blocks} blocks: ${MAX_BLIND_BLOCKS} blocks in a row with no payment seen in ${SETTLE_TIMEOUT_MS / 1000} s`;
        break;
      }
    }
  } finally {
    await server.stop();
    await dropDatabase(dbName);
  }
  return result;
}

const started = performance.now();
const devnet = await startDevnet({ port: 0, blockMs: 3_600_000, chainhooks: null });
const proxy = await startCountingProxy(devnet.url);
const old = prepareOldServer(BEFORE_COMMIT);
const results: RunResult[] = [];
try {
  const addressesStarted = performance.now();
  const others = Array.from({ length: OTHER_MERCHANTS }, () =>
    getAddressFromPrivateKey(randomPrivateKey(), "testnet"),
  );
  console.log(
    `${others.length} payout addresses derived in ${Math.round(performance.now() - addressesStarted)} ms`,
  );
  const env = { proxy, chainUrl: devnet.url, mineBlock: () => devnet.mineBlock() };
  for (const design of ["after", "before"] as const)
    for (const set of [[], others]) {
      const runStarted = performance.now();
      const result = await run(design, set, env, old.main);
      results.push(result);
      console.log(
        `${design}, ${result.merchants} merchants: ${result.blocks} blocks, ${result.latencies.length}/${result.expected} payments settled, ${Math.round((performance.now() - runStarted) / 1000)} s`,
      );
    }
} finally {
  old.remove();
  await proxy.stop();
  await devnet.stop();
}

const pct = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);
const perBlock = (r: RunResult) => sum(r.blockCalls) / Math.max(1, r.blocks);
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));
const byRoute = (calls: Record<string, number>, per: number) =>
  Object.entries(calls)
    .sort(([, a], [, b]) => b - a)
    .map(([route, n]) => `${route} ${fmt(n / per)}`)
    .join("<br>");

const rows = results.map((r) => {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const p95 = pct(sorted, 95);
  const small = results.find((o) => o.design === r.design && o.merchants === 1);
  // Independent of merchants: within 10 % (+2 calls) of the same design's figure at 1 merchant.
  const independent = !small || perBlock(r) <= perBlock(small) * 1.1 + 2;
  const allSeen = r.latencies.length === r.expected;
  const pass = independent && allSeen && p95 <= 500;
  return `| ${r.design} | ${r.merchants.toLocaleString("en-US")} | ${r.blocks} × ${PER_BLOCK} | ${fmt(perBlock(r))} | ${byRoute(r.blockCalls, Math.max(1, r.blocks))} | ${fmt((sum(r.restCalls) * 60_000) / REST_MS)} | ${byRoute(r.restCalls, REST_MS / 60_000)} | ${pct(sorted, 50)} | ${p95} | ${Math.round(sorted.at(-1) ?? Number.NaN)} | ${r.latencies.length}/${r.expected} | ${pass ? "pass" : "FAIL"}${r.note ? ` (${r.note})` : ""} |`;
});

const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
const lines = [
  `Settlement discovery at scale: ${BLOCKS} blocks (after) and ${BEFORE_BLOCKS} (before) × ${PER_BLOCK} unreported payments to one merchant, with 0 and ${OTHER_MERCHANTS.toLocaleString("en-US")} other merchants holding open intents; in-process devnet (blocks mined by the bench) behind a counting proxy, each server a process on a fresh PostgreSQL database; ${os.cpus().length} cores (${cpu}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${Math.round((performance.now() - started) / 1000)} s in all.`,
  "",
  "Command: `cd bench && npx tsx discovery.ts` (also in `pnpm bench`). `after`: the current server (block follower, mempool scan). `before`: the server of commit e3c6376 (one `transactions_with_transfers` call per distinct payout address of open intents, at most 1,000 addresses, every 5 s), extracted with `git archive` and run on this checkout's installed packages.",
  "",
  `The other merchants' intents are copies of an intent the real merchant made through the API (same workspace and environment; new id, memo and a distinct payout address derived from a random key; \`requires_payment_method\`, expiring in an hour), inserted in SQL. Calls per block: every chain call from mining the block until 1 s after its last payment read \`payment_settled\` (polled on the gateway one intent at a time, every 5 ms), averaged over the blocks — it includes the watcher's per-tick calls in that window (\`/v2/info\`, the mempool page). Each block is mined after a random pause of up to 1 s (after) or 5 s (before, its discovery period), so blocks do not fall in step with the watcher. At rest: ${REST_MS / 1000} s with the open intents and no new block. Target: calls per block independent of the merchant count (at ${(OTHER_MERCHANTS + 1).toLocaleString("en-US")} within 10 % + 2 of the same design at 1), every payment seen within ${SETTLE_TIMEOUT_MS / 1000} s of its block, p95 block → \`payment_settled\` ≤ 500 ms.`,
  "",
  "| design | merchants | blocks × payments | chain calls / block | by route (per block) | chain calls / min at rest | at rest by route (per min) | p50 ms | p95 ms | max ms | payments seen | target |",
  "| --- | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |",
  ...rows,
];
const blindRuns = results.filter((r) => r.latencies.length < r.expected);
if (blindRuns.length > 0)
  lines.push(
    "",
    `Payments not seen: ${blindRuns.map((r) => `${r.design} at ${r.merchants.toLocaleString("en-US")} merchants (${r.expected - r.latencies.length}/${r.expected})`).join(", ")}. The design before scans at most 1,000 distinct payout addresses (\`select distinct recipient … limit 1000\`, in no order); when the paid merchant's address is not among them, its unreported payments are never discovered, and that block's window runs to the ${SETTLE_TIMEOUT_MS / 1000} s timeout, so its calls per block are ${SETTLE_TIMEOUT_MS / 1000 + 1} s of the scan (its rate is the at-rest column).`,
  );
console.log(lines.join("\n"));
writeFileSync(new URL("./results/discovery.md", import.meta.url), `${lines.join("\n")}\n`);
process.exit(0);
