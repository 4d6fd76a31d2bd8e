/**
 * The 5-minute integration, timed: from a fresh clone, the README's start command, then what a new
 * merchant does through the HTTP API and the CLI (no browser) — register, organization and
 * workspace, payout wallet verified with a devnet key (`spay verify-wallet`), a product and its
 * payment link, a webhook endpoint, a customer's payment through the link paid from a funded devnet
 * account (`spay pay`), and the signed `payment_intent.succeeded` webhook received and verified.
 * Prints each step's time and the total; writes bench/results/journey.md.
 *
 *   pnpm --filter @spay/bench journey          (JOURNEY_REPO=<path or URL> to clone something else)
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { verifyWebhook } from "@spay/sdk/server";

const run = promisify(execFile);
const REPO = process.env.JOURNEY_REPO ?? fileURLToPath(new URL("..", import.meta.url));
const PNPM = ["-y", "pnpm@9"];
const port = 20_000 + Math.floor(Math.random() * 20_000);
const devnetPort = port + 1;
const api = `http://localhost:${port}`;

const steps: { step: string; ms: number }[] = [];
const started = performance.now();
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  steps.push({ step: name, ms });
  console.log(`${name.padEnd(58)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
  return result;
}

// biome-ignore lint/suspicious/noExplicitAny: the journey reads JSON answers by field name, as curl users do.
type Json = Record<string, any>;
async function call(method: string, route: string, body?: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${api}${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === "POST" ? { "idempotency-key": crypto.randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const workdir = await mkdtemp(path.join(os.tmpdir(), "spay-journey-"));
const clone = path.join(workdir, "spay");
let server: ChildProcess | undefined;
const receiver = createServer();
try {
  await step("git clone (fresh checkout)", () => run("git", ["clone", "-q", REPO, clone]));
  await step("npx pnpm@9 install", () =>
    run("npx", [...PNPM, "install", "--frozen-lockfile"], { cwd: clone, maxBuffer: 64 << 20 }),
  );
  await step("npx pnpm@9 start → /health answers (builds SDK, dashboard, docs)", async () => {
    server = spawn("npx", [...PNPM, "start"], {
      cwd: clone,
      env: { ...process.env, PORT: String(port), DEVNET_PORT: String(devnetPort), DEVNET_BLOCK_MS: "1000" },
      stdio: "ignore",
      detached: true,
    });
    for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
      const ok = await fetch(`${api}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("sPay did not start within 4 minutes");
  });

  const email = `journey-${Date.now()}@example.com`;
  const session = await step("register (POST /v1/auth/register)", async () => {
    return (await call("POST", "/v1/auth/register", { email, password: "a-long-password" }))
      .session_id as string;
  });
  const workspaceId = await step("organization + workspace", async () => {
    const org = await call(
      "POST",
      "/v1/organizations",
      { name: "Journey Co", slug: `journey-${Date.now()}` },
      session,
    );
    return (await call("POST", `/v1/organizations/${org.id}/workspaces`, { name: "Store" }, session))
      .id as string;
  });
  const keys = await step("payout wallet verified (spay verify-wallet)", async () => {
    const { stdout } = await run(
      "npx",
      [...PNPM, "spay", "verify-wallet", "--session", session, "--workspace", workspaceId, "--api", api],
      { cwd: clone, env: { ...process.env, DEVNET_PORT: String(devnetPort) } },
    );
    const sk = /secret key\s+(sk_test_\S+)/.exec(stdout)?.[1];
    const pk = /publishable key\s+(pk_test_\S+)/.exec(stdout)?.[1];
    if (!sk || !pk) throw new Error(`no keys in: ${stdout}`);
    return { sk, pk };
  });
  const product = await step("product + payment link (POST /v1/products)", () =>
    call("POST", "/v1/products", { name: "Journey Mug", price_minor: 1500, stock: 10 }, keys.sk),
  );
  const webhook = { secret: "", received: null as Promise<Json> | null };
  await step("webhook endpoint (local receiver + POST /v1/webhook_endpoints)", async () => {
    let resolveEvent: (event: Json) => void = () => {};
    webhook.received = new Promise((resolve) => {
      resolveEvent = resolve;
    });
    receiver.on("request", (req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        try {
          const event = verifyWebhook(body, req.headers as Record<string, string>, webhook.secret) as Json;
          res.writeHead(200).end();
          if (event.type === "payment_intent.succeeded") resolveEvent(event);
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    webhook.secret = (await call("POST", "/v1/webhook_endpoints", { url }, keys.sk)).secret as string;
  });
  const intent = await step("customer opens the link → payment intent (publishable key)", async () => {
    // What the payment link page does: read the public link, create an intent for its product.
    const link = await call("GET", `/api/payment-links/${product.payment_link.id}`);
    const body = {
      amount_minor: product.price_minor,
      product_id: link.product_id ?? product.id,
      asset: "sbtc",
      customer_email: "buyer@example.com",
    };
    return call("POST", "/v1/payment_intents", body, keys.pk);
  });
  await step("customer pays from wallet_2 (spay pay)", () =>
    // A publishable key names the intent by its client secret (the id alone is a 404).
    run(
      "npx",
      [...PNPM, "spay", "pay", intent.client_secret, "--key", keys.pk, "--account", "wallet_2", "--api", api],
      {
        cwd: clone,
        env: { ...process.env, DEVNET_PORT: String(devnetPort) },
      },
    ),
  );
  const event = await step("signed payment_intent.succeeded webhook received", () =>
    Promise.race([
      webhook.received as Promise<Json>,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("no webhook within 60 s")), 60_000),
      ),
    ]),
  );
  if (
    event.data?.object?.id !== intent.id &&
    event.data?.id !== intent.id &&
    event.object?.id !== intent.id
  ) {
    console.log(`(webhook for ${JSON.stringify(event).slice(0, 200)})`);
  }
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  receiver.close();
  await rm(workdir, { recursive: true, force: true }).catch(() => {});
}

const total = (performance.now() - started) / 1000;
const lines = [
  `The 5-minute journey from a fresh clone, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  "",
  "| step | seconds |",
  "| --- | ---: |",
  ...steps.map((s) => `| ${s.step} | ${(s.ms / 1000).toFixed(1)} |`),
  `| **total** | **${total.toFixed(1)}** |`,
  "",
  `Target: under 300 s including install — ${total < 300 ? "pass" : "FAIL"}.`,
];
console.log(`\n${lines.join("\n")}`);
writeFileSync(new URL("./results/journey.md", import.meta.url), `${lines.join("\n")}\n`);
