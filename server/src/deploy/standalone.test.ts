/**
 * The production server as an operator gets and runs it: `pnpm --filter @spay/server deploy` writes
 * a folder outside the repository (the build and the production dependencies, nothing else), and
 * `node bin/spay-server.js` runs from it with only the settings docs/deploy.md lists — PostgreSQL,
 * Redis, a public chain's API (a devnet standing in for testnet), Chainhooks push, SMTP and the
 * built front ends. Like spawnServer (test/server-process.ts), but from the deployed folder instead
 * of the source, and stopped by SIGTERM as systemd stops it.
 *
 * One start, one payment: the folder's contents, the migration, the API over HTTP, a real transfer
 * settled through the pushed block, then a shutdown with work in flight (a request still uploading,
 * an open event stream, a receipt the SMTP server has not acknowledged yet).
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { SBTC_CONTRACT } from "@spay/protocol";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMerchantAccount, freePort, gatewayCall, type Json } from "../../test/gateway.ts";
import { redisReachable, TEST_REDIS_URL } from "../../test/redis.ts";
import { waitFor } from "../../test/server-process.ts";
import { type IntentForPayment, payIntent } from "../cli/pay.ts";

const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));
const REPO_DIR = path.dirname(SERVER_DIR);
const run = promisify(execFile);

/**
 * The deploy half of `deploy:folder` (server/package.json), run from the repository. `--prod`: no
 * devDependencies. `hoist=false`: pnpm otherwise links every workspace package it knows of into
 * node_modules/.pnpm/node_modules, the server among them — a link back into the repository that
 * does not exist on the machine the folder is copied to.
 */
const DEPLOY_ARGS = [
  "--filter",
  "@spay/server",
  "deploy",
  "--prod",
  "--prefer-offline",
  "--config.hoist=false",
] as const;

const adminUrl = process.env.SPAY_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const onPostgres = process.env.SPAY_TEST_DB === "postgres" && adminUrl !== undefined;

/** A start migrates a fresh database and loads the gateway: seconds, more on a loaded 2-core runner. */
const START_TIMEOUT_MS = 60_000;
/** systemd's default TimeoutStopSec is 90 s; the gateway is expected to be far quicker. */
const STOP_BOUND_MS = 15_000;

/** Every symbolic link under `dir` whose target lies outside it (a path that only exists here). */
async function linksLeaving(dir: string): Promise<string[]> {
  const leaving: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) {
        const target = path.resolve(folder, await readlink(file));
        if (path.relative(dir, target).startsWith("..")) leaving.push(`${file} -> ${target}`);
      } else if (entry.isDirectory()) await walk(file);
    }
  };
  await walk(dir);
  return leaving;
}

/** The `.js` files of the build that import a workspace package at run time (instead of bundling it). */
async function workspaceImports(dist: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.name.endsWith(".js")) {
        const text = await readFile(file, "utf8");
        if (/\b(?:from|import)\s*\(?\s*["']@spay\//.test(text)) found.push(file);
      }
    }
  };
  await walk(dist);
  return found;
}

/**
 * A built front end copied beside the server, as an operator copies it; the repository's build when
 * there is one (`node scripts/build-frontends.mjs`), else a stand-in page, so this file does not
 * depend on the front ends having been built first.
 */
async function frontEnd(from: string, to: string): Promise<"build" | "stand-in"> {
  await mkdir(to, { recursive: true });
  const built = await lstat(path.join(from, "index.html")).then(
    () => true,
    () => false,
  );
  if (built) await cp(from, to, { recursive: true });
  else await writeFile(path.join(to, "index.html"), "<!doctype html><title>sPay</title>");
  return built ? "build" : "stand-in";
}

interface HeldSmtp {
  url: string;
  /** Messages whose DATA arrived (the receipt), answered or still held. */
  received: string[];
  /** Answers every held message with 250: the send the gateway waits on completes. */
  release(): void;
  close(): Promise<void>;
}

/** An SMTP server that takes each message and holds its answer until released: a slow mail relay. */
async function startHeldSmtp(): Promise<HeldSmtp> {
  const held: (() => void)[] = [];
  let released = false;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        if (released) callback();
        else held.push(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    release() {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A `POST /v1/payment_intents` whose body arrives in two parts: the request is in flight (headers
 * read, body pending) for as long as the test waits before `finish`.
 */
function slowCreate(url: string, key: string, body: Json) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const { hostname, port } = new URL(url);
  let answered: (value: { status: number; body: string }) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const req = httpRequest(
    {
      host: hostname,
      port,
      method: "POST",
      path: "/v1/payment_intents",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(text)),
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        answered({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", failed);
    },
  );
  req.on("error", failed);
  req.write(text.slice(0, half));
  return {
    answer,
    finish() {
      req.end(text.slice(half));
    },
  };
}

describe.skipIf(!onPostgres)(
  onPostgres
    ? "the deployed server, on PostgreSQL"
    : "the deployed server (skipped: set SPAY_TEST_DB=postgres and DATABASE_URL — production runs on PostgreSQL, and this migrates a database of its own there)",
  { timeout: START_TIMEOUT_MS },
  () => {
    let work: string;
    let folder: string;
    let devnet: Devnet;
    let smtp: HeldSmtp;
    let admin: pg.Client;
    let db: pg.Client;
    let databaseName: string;
    let redisUrl: string | null;
    let stderr = "";
    let stdout = "";
    let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
    let kill: (signal: NodeJS.Signals) => void = () => {};
    let url: string;
    const frontEnds: Record<string, "build" | "stand-in"> = {};
    const chainhooksSecret = randomBytes(24).toString("base64url");

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), "spay-deploy-"));
      folder = path.join(work, "spay");
      const devnetStarting = startDevnet({ port: 0, blockMs: 0, chainhooks: null });
      // The deploy copies `files` (bin, dist) and installs the production dependencies; the build is
      // then written straight into the folder, so the repository's own dist/ (which a running
      // `pnpm start` may be serving) is not rewritten under it.
      await run("pnpm", [...DEPLOY_ARGS, folder], { cwd: REPO_DIR, env: { ...process.env, CI: "true" } });
      await rm(path.join(folder, "dist"), { recursive: true, force: true });
      await run(
        path.join(SERVER_DIR, "node_modules", ".bin", "tsup"),
        ["--out-dir", path.join(folder, "dist"), "--silent"],
        { cwd: SERVER_DIR },
      );
      for (const [name, from] of [
        ["dashboard", "dashboard/dist"],
        ["docs", "docs-site/dist"],
        ["sdk", "sdk/dist"],
      ] as const)
        frontEnds[name] = await frontEnd(path.join(REPO_DIR, from), path.join(folder, "public", name));

      databaseName = `spay_deploy_${randomBytes(6).toString("hex")}`;
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      const databaseUrl = new URL(adminUrl as string);
      databaseUrl.pathname = `/${databaseName}`;
      redisUrl = (await redisReachable(TEST_REDIS_URL)) ? TEST_REDIS_URL : null;
      smtp = await startHeldSmtp();
      devnet = await devnetStarting;

      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      // Only what an operator's env file sets (docs/deploy.md), and PATH.
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        SPAY_PUBLIC_URL: url,
        DATABASE_URL: databaseUrl.toString(),
        ...(redisUrl ? { SPAY_REDIS_URL: redisUrl } : {}),
        SPAY_CHAIN: "testnet",
        SPAY_STACKS_API_URL: devnet.url,
        // The devnet stands in for testnet: its sBTC is simnet's, at the mainnet contract id.
        SPAY_TESTNET_SBTC_CONTRACT: SBTC_CONTRACT,
        SPAY_CHAINHOOKS_SECRET: chainhooksSecret,
        SPAY_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        SPAY_SMTP_URL: smtp.url,
        SPAY_MAIL_FROM: "Shop receipts <receipts@pay.example.test>",
        // CI has no internet: a fixed BTC price instead of the default exchange API.
        SPAY_FX_SOURCE: "fixed:100000",
        SPAY_DASHBOARD_DIR: path.join(folder, "public", "dashboard"),
        SPAY_DOCS_DIR: path.join(folder, "public", "docs"),
        SPAY_SDK_DIR: path.join(folder, "public", "sdk"),
      };
      const child = spawn(process.execPath, ["bin/spay-server.js"], {
        cwd: folder,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      kill = (signal) => child.kill(signal);
      exited = new Promise((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      let ended = false;
      void exited.then(() => {
        ended = true;
      });
      await waitFor(
        async () => {
          if (ended) throw new Error(`the server exited at start:\n${stderr}`);
          const status = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
            (r) => r.status,
            () => 0,
          );
          return status === 200;
        },
        START_TIMEOUT_MS,
        "/health to answer 200",
      );
      // The devnet's blocks go to the gateway as Chainhooks would deliver them from Hiro.
      devnet.chainhooks.configure({ url: `${url}/v1/chainhooks/test`, secret: chainhooksSecret });
      db = new pg.Client({ connectionString: databaseUrl.toString() });
      await db.connect();
    }, 2 * START_TIMEOUT_MS);

    afterAll(async () => {
      kill("SIGKILL");
      smtp?.release();
      await db?.end();
      await devnet?.stop();
      await smtp?.close();
      if (admin) {
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
      if (work) await rm(work, { recursive: true, force: true });
    });

    it("deploy:folder is the build and this deploy", async () => {
      const manifest = JSON.parse(await readFile(path.join(SERVER_DIR, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      };
      expect(manifest.scripts["deploy:folder"]).toBe(`tsup && pnpm ${DEPLOY_ARGS.join(" ")}`);
    });

    it("holds the build and the production dependencies only, nothing pointing back into the repository", async () => {
      const manifest = JSON.parse(await readFile(path.join(folder, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      const installed = async (dir: string) =>
        (await readdir(dir, { withFileTypes: true }))
          .filter((e) => !e.name.startsWith("."))
          .map((e) => e.name);
      const topLevel: string[] = [];
      for (const name of await installed(path.join(folder, "node_modules")))
        if (name.startsWith("@"))
          for (const inner of await installed(path.join(folder, "node_modules", name)))
            topLevel.push(`${name}/${inner}`);
        else topLevel.push(name);
      expect(topLevel.sort()).toEqual(Object.keys(manifest.dependencies).sort());
      // No devDependency anywhere in the store (pnpm names a store entry `<scope>+<name>@<version>`).
      const store = await readdir(path.join(folder, "node_modules", ".pnpm"));
      for (const dev of [...Object.keys(manifest.devDependencies), "vitest", "tsx", "@stacks/clarinet-sdk"])
        expect(
          store.filter((entry) => entry.startsWith(`${dev.replace("/", "+")}@`)),
          dev,
        ).toEqual([]);
      expect(await linksLeaving(folder)).toEqual([]);
      // @spay/protocol is installed (a dependency) but the build runs on its bundled copy.
      expect(await workspaceImports(path.join(folder, "dist"))).toEqual([]);
      expect(await readdir(path.join(folder, "bin"))).toContain("spay-server.js");
    });

    it("migrated its database at start, says where it runs, and serves the front ends", async () => {
      const migrations = (await readdir(path.join(SERVER_DIR, "src", "db", "migrations"))).filter((f) =>
        /^\d{3}-.*(?<!\.test)\.ts$/.test(f),
      );
      const applied = await db.query<{ name: string }>("select name from kysely_migration order by name");
      expect(applied.rows.map((r) => r.name)).toEqual(migrations.map((f) => f.replace(/\.ts$/, "")).sort());
      const tables = await db.query("select to_regclass('public.payment_intents') is not null as present");
      expect(tables.rows[0]).toEqual({ present: true });
      expect(stdout).toContain(`PostgreSQL (${new URL(adminUrl as string).host})`);
      expect(stdout).toContain(redisUrl ? "shared in Redis" : "in memory");
      expect(stdout).toContain(`testnet via ${devnet.url}`);
      expect(stdout).not.toContain("no build in");
      for (const [route, name] of [
        ["/", "dashboard"],
        ["/docs", "docs"],
      ] as const) {
        const page = await fetch(`${url}${route}`, { headers: { accept: "text/html" } });
        expect(page.status, `${route} (${frontEnds[name]})`).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/text\/html/);
      }
    });

    let merchant: Awaited<ReturnType<typeof createMerchantAccount>>;
    let paidId: string;

    it("settles a payment: account, keys, intent and a signed sBTC transfer, all over HTTP", async () => {
      merchant = await createMerchantAccount(url);
      const intent = await gatewayCall(
        url,
        "POST",
        "/v1/payment_intents",
        { amount_minor: 500, asset: "sbtc", customer_email: "buyer@example.com" },
        merchant.sk,
      );
      expect(intent.status).toBe("requires_payment_method");
      expect(intent.token_contract).toBe(SBTC_CONTRACT);
      paidId = intent.id as string;
      const payer = ACCOUNTS.find((a) => a.name === "wallet_1");
      if (!payer) throw new Error("no devnet account wallet_1");
      const { txid } = await payIntent({
        apiUrl: url,
        chainApiUrl: devnet.url,
        apiKey: merchant.sk,
        intentId: paidId,
        privateKey: payer.privateKey,
      });
      let settled: Json = {};
      await waitFor(
        async () => {
          settled = await gatewayCall(url, "GET", `/v1/payment_intents/${paidId}`, undefined, merchant.sk);
          return settled.status === "payment_settled";
        },
        30_000,
        "the payment to settle",
      );
      expect(String(settled.txid).replace(/^0x/, "")).toBe(txid.replace(/^0x/, ""));
      expect(settled.amount_received).toBe((intent as unknown as IntentForPayment).amount_asset);
      // The block reached the gateway as a Chainhooks delivery (the watcher's polling is the safety net).
      await devnet.chainhooks.idle();
      expect(devnet.chainhooks.delivered).toBeGreaterThan(0);
      expect(devnet.chainhooks.failed).toBe(0);
    });

    it("on SIGTERM finishes what is in flight, ends its streams, releases its leases and exits 0", async () => {
      // The receipt is at the SMTP server, its answer held: the mail worker is mid-send.
      await waitFor(() => smtp.received.length > 0, 20_000, "the receipt to reach the SMTP server");
      expect(smtp.received[0]).toContain("buyer@example.com");
      const leased = await db.query<{ status: string; locked_until: string | null }>(
        "select status, locked_until from mail_outbox where kind = 'payment_receipt'",
      );
      expect(leased.rows).toHaveLength(1);
      expect(leased.rows[0]?.status).toBe("pending");
      expect(leased.rows[0]?.locked_until).not.toBeNull();

      // A checkout page's open stream on an unpaid intent.
      const open = await gatewayCall(url, "POST", "/v1/payment_intents", { amount_minor: 300 }, merchant.sk);
      const stream = await fetch(`${url}/v1/payment_intents/${open.id}/stream`, {
        headers: { authorization: `Bearer ${merchant.sk}` },
      });
      expect(stream.status).toBe(200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain("event: payment_intent");
      const streamEnded = (async () => {
        for (;;) if ((await reader.read()).done) return Date.now();
      })();

      // A request whose body is still on its way.
      const slow = slowCreate(url, merchant.sk, { amount_minor: 700, metadata: { order: "in-flight" } });
      await delay(200);

      const signalled = Date.now();
      kill("SIGTERM");
      // The stream ends promptly, and cleanly (a read that fails would reject here).
      expect((await streamEnded) - signalled).toBeLessThan(5_000);
      await delay(500);
      const early = await Promise.race([exited, delay(0).then(() => null)]);
      expect(early, "still running: the receipt's send is not answered yet").toBeNull();

      smtp.release();
      await delay(500);
      // The rest of the body, after the workers stopped: the HTTP server waits for this request.
      slow.finish();
      const answer = await slow.answer;
      const answeredAt = Date.now();
      expect(answer.status, answer.body).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({
        status: "requires_payment_method",
        metadata: { order: "in-flight" },
      });

      const exit = await Promise.race([
        exited,
        delay(STOP_BOUND_MS).then(() => {
          throw new Error(`no exit within ${STOP_BOUND_MS} ms of SIGTERM`);
        }),
      ]);
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - signalled).toBeLessThan(STOP_BOUND_MS);
      // Its keep-alive connection is hung up once answered, not after the keep-alive timeout.
      expect(exit.at - answeredAt).toBeLessThan(2_000);
      expect(stderr).toBe("");

      // The receipt was recorded as sent by the worker that held it, and its lease let go.
      const sent = await db.query<{ status: string; locked_until: string | null }>(
        "select status, locked_until from mail_outbox where kind = 'payment_receipt'",
      );
      expect(sent.rows).toEqual([{ status: "sent", locked_until: null }]);
      // No outbox row is left leased by the stopped process (another would wait out the lease).
      const stillLeased = await db.query<{ n: string }>(
        `select (select count(*) from mail_outbox where locked_until is not null)
              + (select count(*) from webhook_deliveries where locked_until is not null) as n`,
      );
      expect(Number(stillLeased.rows[0]?.n)).toBe(0);
      // The in-flight request's intent was committed before the database closed.
      const created = await db.query("select id from payment_intents where id = $1", [
        (JSON.parse(answer.body) as Json).id,
      ]);
      expect(created.rows).toHaveLength(1);
    });
  },
);
