import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMerchant,
  startTestServer,
  type TestMerchant,
  type TestServer,
} from "../core/testing/spay-server.js";
import { curlSnippet, fetchSnippet } from "./api.js";

const run = promisify(execFile);
const HOSTILE_NAME = `Mug "deluxe" it's $(whoami) \`id\` \\ <b>é</b>`;
let api: TestServer;
let merchant: TestMerchant;
let dir: string;

beforeAll(async () => {
  api = await startTestServer();
  merchant = await createMerchant(api.url);
  dir = await mkdtemp(path.join(tmpdir(), "spay-snippet-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await api?.close();
});

async function intentFromServer(id: string) {
  const res = await fetch(`${api.url}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${merchant.sk}` },
  });
  return (await res.json()) as { amount_minor: number; metadata: Record<string, string> };
}

describe("the API snippets run against the real server", () => {
  it("curl (sh) creates the intent; a hostile product name arrives byte for byte", async () => {
    const script = curlSnippet({ apiUrl: api.url, amountMinor: 1999, productName: HOSTILE_NAME });
    const { stdout } = await run("sh", ["-c", script], {
      env: { ...process.env, SPAY_SECRET_KEY: merchant.sk },
    });
    const intent = JSON.parse(stdout) as { id: string; amount_minor: number };
    expect(intent.id).toMatch(/^pi_/);
    expect((await intentFromServer(intent.id)).metadata.product_name).toBe(HOSTILE_NAME);
  });

  it("curl repeated with its Idempotency-Key replays the same intent", async () => {
    const script = curlSnippet({ apiUrl: api.url, amountMinor: 300, idempotencyKey: `k-${Date.now()}` });
    const env = { ...process.env, SPAY_SECRET_KEY: merchant.sk };
    const first = JSON.parse((await run("sh", ["-c", script], { env })).stdout) as { id: string };
    const again = JSON.parse((await run("sh", ["-c", script], { env })).stdout) as { id: string };
    expect(again.id).toBe(first.id);
  });

  it("fetch (node) creates the intent and prints its id and spay_url", async () => {
    const file = path.join(dir, "create.mjs");
    await writeFile(
      file,
      fetchSnippet({ apiUrl: api.url, amountMinor: 2500, asset: "usdc", productName: HOSTILE_NAME }),
    );
    const { stdout } = await run(process.execPath, [file], {
      env: { ...process.env, SPAY_SECRET_KEY: merchant.sk },
    });
    const [id, spayUrl] = stdout.trim().split(" ");
    expect(spayUrl).toMatch(/^https?:\/\//);
    const intent = await intentFromServer(id!);
    expect(intent.amount_minor).toBe(2500);
    expect(intent.metadata.product_name).toBe(HOSTILE_NAME);
  });

  it("with an embedded key instead of the environment variable", async () => {
    const file = path.join(dir, "embedded.mjs");
    await writeFile(file, fetchSnippet({ apiUrl: api.url, amountMinor: 100, secretKey: merchant.sk }));
    const { stdout } = await run(process.execPath, [file], { env: { PATH: process.env.PATH ?? "" } });
    expect(stdout).toMatch(/^pi_/);
  });
});
