import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ACCOUNTS, type Devnet, startDevnet } from "@spay/devnet";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "@spay/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const AGENT = ACCOUNTS.find((a) => a.name === "wallet_6")!;

let devnet: Devnet;
let gateway: TestApi;
let gatewayUrl: { url: string; close(): Promise<void> };
let merchant: Merchant;
let api: ChildProcess | undefined;

/** Runs one of the example's scripts as a developer would (`tsx src/…`), collecting its output. */
function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", `${HERE}${script}`], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return {
    child,
    output: () => out,
    exited: new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? -1))),
  };
}

async function waitFor(check: () => string | null, what: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockMs: 0 });
  gateway = await startTestApi({ stacksApiUrl: devnet.url });
  gatewayUrl = await gateway.listen();
  merchant = await setupMerchant(gateway);
}, 120_000);

afterAll(async () => {
  api?.kill("SIGTERM");
  await gatewayUrl?.close();
  await gateway?.close();
  await devnet?.stop();
});

describe("examples/x402-agent", () => {
  it("the agent gets /free for nothing and pays $0.001 in USDC for each /joke, settled once by the gateway", async () => {
    const server = run("api.ts", {
      SPAY_SECRET_KEY: merchant.sk,
      SPAY_GATEWAY_URL: gatewayUrl.url,
      PORT: "0",
    });
    api = server.child;
    const apiUrl = await waitFor(
      () => /on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1] ?? null,
      `the API to listen (${server.output()})`,
    );

    const agent = run("agent.ts", {
      AGENT_PRIVATE_KEY: AGENT.privateKey,
      STACKS_API_URL: devnet.url,
      API_URL: apiUrl,
      CALLS: "3",
    });
    const code = await agent.exited;
    const output = agent.output();
    expect(code, output).toBe(0);
    expect(output).toContain("GET /free → 200");
    const paid = [
      ...output.matchAll(
        /paid 1000 USDC units \(\$0\.001\) \+ fee (\d+) µSTX, form v2, txid (0x[0-9a-f]{64})/g,
      ),
    ];
    expect(paid, output).toHaveLength(3);

    const intents = await gateway.request("GET", "/v1/payment_intents?limit=10", { token: merchant.sk });
    const x402 = intents.body.data.filter((i: { payment_method: string }) => i.payment_method === "x402");
    expect(x402.map((i: { txid: string }) => i.txid).sort()).toEqual(paid.map((m) => m[2]).sort());
    for (const intent of x402) expect(intent).toMatchObject({ asset: "usdc", amount_asset: "1000" });
  }, 120_000);
});
