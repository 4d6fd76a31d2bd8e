import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { intentLoad } from "./lib/intent-load.ts";
import { createMerchant } from "./lib/merchant.ts";
import { startNodeProcess, startServerProcess } from "./lib/server-process.ts";
const ADMIN = "postgres://postgres@127.0.0.1:5432/test";
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query("drop database if exists spay_pgcpu with (force)");
await admin.query("create database spay_pgcpu");
const s = await startServerProcess({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/spay_pgcpu", SPAY_DEVNET: "embedded", SPAY_WATCHER: "on", DEVNET_PORT: String(30000 + Math.floor(Math.random() * 9000)), SPAY_API_PROCESSES: process.env.N ?? "1" });
const m = await createMerchant(s.url);
let target = s;
if (process.env.FLOOR) {
  await admin.query("drop database if exists spay_pgcpu_floor with (force)");
  await admin.query("create database spay_pgcpu_floor");
  target = await startNodeProcess(new URL("./floor-server.ts", import.meta.url).pathname, { FLOOR_ENGINE: "postgres", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/spay_pgcpu_floor", FLOOR_API_KEY: m.sk, FLOOR_WORKSPACE_ID: m.workspaceId, FLOOR_PAYOUT_ADDRESS: m.payoutAddress });
}
await autocannon({ ...intentLoad(target.url, m.sk, 16), duration: 3 });
const tick = 100;
const cpu = (pid: number) => { try { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) / tick; } catch { return 0; } };
const backends = async () => (await admin.query<{ pid: number; app: string; datname: string | null; bt: string }>("select pid, application_name as app, datname, backend_type as bt from pg_stat_activity")).rows;
const { processTree } = await import("./lib/process-tree.ts");
const tree = processTree(target.pid);
const treeBefore = new Map(tree.map((p) => [p, cpu(p)]));
const acCpu0 = process.cpuUsage();
const tableStats = async () => { const c = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/spay_pgcpu" }); await c.connect(); const { rows } = await c.query<{ relname: string; seq: string; seqread: string; idx: string; idxfetch: string }>("select indexrelname as relname, '0' as seq, '0' as seqread, idx_scan::text as idx, idx_tup_read::text as idxfetch from pg_stat_user_indexes union all select relname, seq_scan::text, seq_tup_read::text, '0', '0' from pg_stat_user_tables"); await c.end(); return new Map(rows.map((r) => [r.relname, r])); };
await new Promise((r) => setTimeout(r, 1000));
const t0 = await tableStats();
const before = new Map((await backends()).map((b) => [b.pid, { ...b, cpu: cpu(b.pid) }]));
const { spawn } = await import("node:child_process");
const perf = process.env.PERF ? spawn("perf", ["record", "-a", "-g", "-F", "499", "-o", process.env.PERF, "--", "sleep", "8"], { stdio: "ignore" }) : null;
const perfDone = perf ? new Promise((res) => perf.once("exit", res)) : null;
const waits = new Map<string, number>();
let sampling = true; let samples = 0;
const sampler = (async () => { const c = new pg.Client({ connectionString: ADMIN }); await c.connect();
  while (sampling) { const { rows } = await c.query<{ w: string; n: number }>("select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*)::int as n from pg_stat_activity where datname like 'spay_pgcpu%' and state = 'active' and pid <> pg_backend_pid() group by 1"); samples++; for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n); await new Promise((r) => setTimeout(r, 5)); }
  await c.end(); })();
const r = await autocannon({ ...intentLoad(target.url, m.sk, 16), duration: 10 });
sampling = false; await sampler;
console.log(`wait samples ${samples}: ` + [...waits].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${(v / samples).toFixed(2)}`).join(", "));
await perfDone;
const after = await backends();
const groups = new Map<string, { n: number; cpu: number }>();
for (const b of after) {
  const was = before.get(b.pid);
  const d = cpu(b.pid) - (was?.cpu ?? 0);
  const key = `${b.datname ?? "-"} ${b.app || b.bt}`;
  const g = groups.get(key) ?? { n: 0, cpu: 0 };
  g.n++; g.cpu += d; groups.set(key, g);
}
const total = r.requests.total;
await new Promise((r) => setTimeout(r, 1000));
const t1 = await tableStats();
for (const [name, a] of t1) { const b = t0.get(name); if (!b) continue; const d = (k: "seq" | "seqread" | "idx" | "idxfetch") => Number(a[k]) - Number(b[k]); if (d("seq") + d("seqread") + d("idx") + d("idxfetch") > 0) console.log(`${name.padEnd(28)} seq scans ${d("seq")} rows ${d("seqread")}  idx scans ${d("idx")} fetched ${d("idxfetch")}`); }
for (const p of tree) { const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 80); console.log(`node ${p} ${cmd.padEnd(80)} ${((cpu(p) - treeBefore.get(p)!) * 1e6 / total).toFixed(0)} µs/req`); }
const ac = process.cpuUsage(acCpu0); console.log(`load generator ${(((ac.user + ac.system)) / total).toFixed(0)} µs/req`);
console.log(`requests ${total} rps ${Math.round(total / r.duration)}`);
for (const [k, g] of [...groups].sort((a, b) => b[1].cpu - a[1].cpu)) console.log(`${k.padEnd(50)} n=${g.n} cpu=${g.cpu.toFixed(2)} s  ${(g.cpu * 1e6 / total).toFixed(0)} µs/req`);
await s.stop(); if (target !== s) await target.stop();
await admin.query("drop database if exists spay_pgcpu with (force)");
await admin.end();
