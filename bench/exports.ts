/**
 * Data exports at scale: a workspace with 100,000 payments on PostgreSQL, exported to one ZIP of CSV
 * files by the export worker, in a process of its own so its memory is the export's alone. The
 * worker reads 1,000 rows a page (keyset) and writes the ZIP to the database in 1 MiB parts as it
 * is made, so the heap must stay flat however many rows the range holds: the target is the heap's
 * growth during the export, under a ceiling that a range held in memory would blow.
 *
 * The payments are fixtures: one intent made through the API, copied in SQL (new id, memo and
 * time). The gateway (a process, its workers off) makes the merchant and the export request, and
 * serves the download afterwards, which is checked with `unzip` when the machine has it.
 *
 *   cd bench && npx tsx exports.ts        (BENCH_EXPORT_PAYMENTS=100000 by default)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freshDatabase } from "./lib/fresh-database.ts";
import { createMerchant } from "./lib/merchant.ts";
import { startServerProcess } from "./lib/server-process.ts";

const DATABASE = "zz_bench_exports";
const PAYMENTS = Number(process.env.BENCH_EXPORT_PAYMENTS ?? 100_000);
/** The ceiling: the heap may grow by this much while 100,000 rows go through it. */
const HEAP_CEILING_MIB = 64;
const SAMPLE_MS = 20;
/**
 * The processes the export runs in, each on an export of its own: V8's own heap sizing (the build
 * time); the same with a full collection every 250 ms before a sample, so the heap then holds only
 * what the export keeps alive (the ceiling's measure; the collections slow the build); and an old
 * space capped at 128 MiB, which the control row shows an export holding the range in memory cannot finish in.
 */
const VARIANTS = [
  { name: "default heap", args: [] as string[], liveEveryMs: 0 },
  { name: "default heap, live heap sampled (full collection every 250 ms)", args: [], liveEveryMs: 250 },
  { name: "old space capped at 128 MiB", args: ["--max-old-space-size=128"], liveEveryMs: 0 },
];

interface ChildReport {
  ms: number;
  heapBeforeMiB: number;
  heapPeakMiB: number;
  /** heapUsed right after a forced collection: what the export keeps alive. */
  liveBeforeMiB: number;
  livePeakMiB: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  maxRssMiB: number;
  externalPeakMiB: number;
  samples: number;
}

const mib = (bytes: number) => bytes / 2 ** 20;

if (process.env.BENCH_EXPORT_CHILD === "1") {
  await child();
} else {
  await parent();
}

/** Runs the export worker once on the bench database, sampling its own memory all along. */
async function child(): Promise<void> {
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/database.ts");
  const { createDeps } = await import("../server/src/server.ts");
  const { ExportWorker } = await import("../server/src/services/exports/worker.ts");
  const url = process.env.DATABASE_URL as string;
  const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  const deps = await createDeps(database.db, loadConfig({}, { databaseUrl: url }));
  const pageRows = Number(process.env.BENCH_EXPORT_PAGE_ROWS ?? 0) || undefined;
  const worker = new ExportWorker(deps, {
    intervalMs: 60_000,
    leaseSeconds: 300,
    delays: [],
    ...(pageRows ? { pageRows } : {}),
  });
  const gc = globalThis.gc;
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  const before = process.memoryUsage();
  let livePeak = before.heapUsed;
  let lastLive = Date.now();
  const liveEveryMs = Number(process.env.BENCH_EXPORT_LIVE_MS ?? 0);
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  let externalPeak = before.external + before.arrayBuffers;
  let samples = 0;
  const sample = setInterval(() => {
    if (liveEveryMs > 0 && Date.now() - lastLive >= liveEveryMs) {
      gc();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
      lastLive = Date.now();
    }
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
    externalPeak = Math.max(externalPeak, now.external + now.arrayBuffers);
    samples++;
  }, SAMPLE_MS);
  const started = performance.now();
  const built = await worker.tick();
  const ms = performance.now() - started;
  clearInterval(sample);
  if (built !== 1) throw new Error(`the worker built ${built} exports, not 1`);
  const report: ChildReport = {
    ms,
    heapBeforeMiB: mib(before.heapUsed),
    heapPeakMiB: mib(heapPeak),
    liveBeforeMiB: mib(before.heapUsed),
    livePeakMiB: mib(livePeak),
    rssBeforeMiB: mib(before.rss),
    rssPeakMiB: mib(rssPeak),
    // getrusage's peak: every page the process ever touched, sampled or not (kilobytes).
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    externalPeakMiB: mib(externalPeak),
    samples,
  };
  await database.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

interface Run {
  variant: (typeof VARIANTS)[number];
  report: ChildReport;
  rowCounts: Record<string, number>;
  download: { bytes: number; csvLines: number | null; ok: boolean };
}

async function parent(): Promise<void> {
  const url = await freshDatabase(DATABASE);
  const admin = new pg.Client({ connectionString: url });
  const work = mkdtempSync(path.join(os.tmpdir(), "spay-bench-exports-"));
  try {
    const server = await startServerProcess({ DATABASE_URL: url });
    const runs: Run[] = [];
    let insertMs: number;
    let control: string;
    try {
      const merchant = await createMerchant(server.url);
      const auth = { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" };
      const template = (await (
        await fetch(`${server.url}/v1/payment_intents`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({
            amount_minor: 1999,
            customer_email: "payer@example.com",
            metadata: { order: "A-1001", note: '=HYPERLINK("https://evil.example")' },
          }),
        })
      ).json()) as { id: string; created_at: number };
      const now = Math.floor(Date.now() / 1000);
      await admin.connect();
      const started = performance.now();
      await cloneIntent(admin, template.id, PAYMENTS - 1, now - 30 * 86_400, now);
      insertMs = performance.now() - started;
      await admin.query("analyze payment_intents");
      for (const variant of VARIANTS) {
        const asked = await fetch(`${server.url}/v1/exports`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ from: now - 31 * 86_400, to: now + 60 }),
        });
        if (asked.status !== 202) throw new Error(`POST /v1/exports → ${asked.status} ${await asked.text()}`);
        const exportId = ((await asked.json()) as { id: string }).id;
        const report = await runChild(url, variant.args, variant.liveEveryMs);
        const exported = (await (
          await fetch(`${server.url}/v1/exports/${exportId}`, { headers: auth })
        ).json()) as { status: string; download_url: string; row_counts: Record<string, number> };
        if (exported.status !== "ready") throw new Error(`export is ${exported.status}`);
        const download = await fetchAndCheck(exported.download_url, server.url, work);
        runs.push({ variant, report, rowCounts: exported.row_counts, download });
      }
      // The control: the same export read in one page (the whole range in memory at once) in the
      // capped process. It must run out of memory, or the cap proves nothing about the streaming.
      const asked = await fetch(`${server.url}/v1/exports`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ from: now - 31 * 86_400, to: now + 60 }),
      });
      if (asked.status !== 202) throw new Error(`POST /v1/exports → ${asked.status}`);
      let stderr = "";
      control = await runChild(url, ["--max-old-space-size=128"], 0, {
        pageRows: PAYMENTS + 1000,
        stderr: (text) => {
          stderr += text;
        },
      }).then(
        (r) => `finished in ${(r.ms / 1000).toFixed(1)} s`,
        () => (/heap out of memory/i.test(stderr) ? "ran out of memory" : `failed: ${stderr.slice(-300)}`),
      );
    } finally {
      await server.stop();
    }
    const f = (n: number) => n.toFixed(1);
    const complete = (run: Run) => run.rowCounts.payments === PAYMENTS && run.download.ok;
    const liveGrowth = (run: Run) => run.report.livePeakMiB - run.report.liveBeforeMiB;
    /** Each row's target: the live heap's growth where it is sampled, a complete export everywhere. */
    const passes = (run: Run) =>
      complete(run) && (run.variant.liveEveryMs === 0 || liveGrowth(run) < HEAP_CEILING_MIB);
    const target = (run: Run) =>
      `${run.variant.liveEveryMs > 0 ? `live heap growth < ${HEAP_CEILING_MIB} MiB, ` : ""}all rows, valid ZIP: ${passes(run) ? "pass" : "FAIL"}`;
    const counts = runs[0]?.rowCounts ?? {};
    const lines = [
      `Data export of ${PAYMENTS.toLocaleString("en-US")} payments on PostgreSQL (127.0.0.1:5432, database \`${DATABASE}\`, dropped after): one ZIP of five CSV files built by the export worker in a process of its own, memory sampled every ${SAMPLE_MS} ms during the build; ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
      "",
      "Command: `cd bench && npx tsx exports.ts` (fixtures: `BENCH_EXPORT_PAYMENTS`, default 100000).",
      "",
      `| process | payments | build (claim → ZIP stored → ready) | rows/s | ZIP MiB | live heap before → peak MiB | live heap growth MiB | heapUsed peak MiB (garbage included) | RSS before → peak MiB (getrusage max) | Buffers peak MiB | download | target |`,
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
      ...runs.map(
        ({ variant, report: r, rowCounts, download }, i) =>
          `| ${variant.name} | ${(rowCounts.payments ?? 0).toLocaleString("en-US")} | ${f(r.ms / 1000)} s | ${Math.round(((rowCounts.payments ?? 0) / r.ms) * 1000).toLocaleString("en-US")} | ${f(mib(download.bytes))} | ${variant.liveEveryMs > 0 ? `${f(r.liveBeforeMiB)} → ${f(r.livePeakMiB)}` : "—"} | ${variant.liveEveryMs > 0 ? f(r.livePeakMiB - r.liveBeforeMiB) : "—"} | ${f(r.heapPeakMiB)} | ${f(r.rssBeforeMiB)} → ${f(r.rssPeakMiB)} (${f(r.maxRssMiB)}) | ${f(r.externalPeakMiB)} | ${download.ok ? "ok" : "FAIL"}${download.csvLines === null ? "" : ` (payments.csv: ${download.csvLines.toLocaleString("en-US")} lines)`} | ${target(runs[i] as Run)} |`,
      ),
      `| control: the whole range read in one page, old space capped at 128 MiB | ${PAYMENTS.toLocaleString("en-US")} | ${control} | | | | | | | | | runs out of memory (the cap catches an export that holds the range): ${control === "ran out of memory" ? "pass" : "FAIL"} |`,
      "",
      `Fixtures: one intent made through the API, copied ${(PAYMENTS - 1).toLocaleString("en-US")} times in one INSERT … SELECT (${f(insertMs / 1000)} s). Row counts of each export: ${Object.entries(
        counts,
      )
        .map(([file, n]) => `${file} ${n.toLocaleString("en-US")}`)
        .join(
          ", ",
        )}. Rows are read 1,000 a page by keyset (\`seq\` after the last one), each page turned into CSV and deflated before the next is read; the ZIP goes to \`export_files\` in 1 MiB parts as it is made, and the download streams them back one at a time. The ceiling is on the live heap: \`heapUsed\` right after a forced full collection, every 250 ms during the build (second row; those collections slow it down, so the first row, unsampled, gives the build time). \`heapUsed\` between collections also counts garbage V8 has not collected yet, which it lets pile up in a large heap and collects early in a small one: the third row is the same export in a process whose old space is capped at 128 MiB, which the control row shows an export holding the range in memory cannot finish in. The download is each ZIP fetched by its signed link with no bearer header, checked with \`unzip -t\` when the machine has it.`,
    ];
    console.log(lines.join("\n"));
    writeFileSync(new URL("./results/exports.md", import.meta.url), `${lines.join("\n")}\n`);
    if (!runs.every(passes) || control !== "ran out of memory") process.exitCode = 1;
  } finally {
    await admin.end().catch(() => {});
    rmSync(work, { recursive: true, force: true });
    const adminUrl = new URL(url);
    adminUrl.pathname = "/test";
    const drop = new pg.Client({ connectionString: adminUrl.toString() });
    await drop.connect();
    await drop.query(`drop database if exists ${DATABASE} with (force)`);
    await drop.end();
  }
}

/** Copies an intent `count` times in one statement: new ids and memos, times spread over [from, to]. */
async function cloneIntent(db: pg.Client, templateId: string, count: number, from: number, to: number) {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_name = 'payment_intents' and is_generated = 'NEVER'
       and coalesce(column_default, '') not like 'nextval%'
     order by ordinal_position`,
  );
  const fresh: Record<string, string> = {
    id: `'pi_' || substr(md5($1 || g::text), 1, 24)`,
    memo: `md5('memo' || $1 || g::text)`,
    created_at: `$3::bigint + (g * ($4::bigint - $3::bigint)) / $2::bigint`,
    updated_at: `$3::bigint + (g * ($4::bigint - $3::bigint)) / $2::bigint`,
  };
  const columns = rows.map((r) => r.column_name);
  await db.query(
    `insert into payment_intents (${columns.map((c) => `"${c}"`).join(", ")})
     select ${columns.map((c) => fresh[c] ?? `t."${c}"`).join(", ")}
     from payment_intents t, generate_series(1, $2::int) g where t.id = $1`,
    [templateId, count, from, to],
  );
}

/** The export worker in its own process (tsx, like the gateway's), its report read from stdout. */
function runChild(
  url: string,
  nodeArgs: readonly string[],
  liveEveryMs: number,
  options: { pageRows?: number; stderr?: (text: string) => void } = {},
): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [...nodeArgs, "--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url)],
      {
        env: {
          ...process.env,
          BENCH_EXPORT_CHILD: "1",
          BENCH_EXPORT_LIVE_MS: String(liveEveryMs),
          BENCH_EXPORT_PAGE_ROWS: String(options.pageRows ?? 0),
          DATABASE_URL: url,
        },
        stdio: ["ignore", "pipe", options.stderr ? "pipe" : "inherit"],
      },
    );
    let out = "";
    proc.stderr?.on("data", (chunk: Buffer) => options.stderr?.(chunk.toString()));
    proc.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`export child exited with ${code}: ${out}`));
      resolve(JSON.parse(last) as ChildReport);
    });
  });
}

/** Follows the signed link as a browser does (no bearer header) and checks the ZIP. */
async function fetchAndCheck(downloadUrl: string, serverUrl: string, dir: string) {
  const { pathname, search } = new URL(downloadUrl);
  const res = await fetch(`${serverUrl}${pathname}${search}`);
  if (res.status !== 200) throw new Error(`download → ${res.status} ${await res.text()}`);
  const file = path.join(dir, "export.zip");
  const bytes = Buffer.from(await res.arrayBuffer());
  writeFileSync(file, bytes);
  try {
    execFileSync("unzip", ["-tq", file], { stdio: "ignore" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { bytes: bytes.length, csvLines: null, ok: true };
    return { bytes: bytes.length, csvLines: null, ok: false };
  }
  const lines = execFileSync("sh", ["-c", `unzip -p "${file}" payments.csv | wc -l`])
    .toString()
    .trim();
  return { bytes: bytes.length, csvLines: Number(lines), ok: true };
}
