import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDevnet } from "@spay/devnet";
import { loadConfig, startServer } from "@spay/server";
import { createMerchant, createProduct, type TestMerchant } from "./merchant.js";

/** The BTC price the server quotes in these tests. */
export const TEST_USD_PER_BTC = 100_000;

/** A devnet, the API with its settlement watcher, a merchant and a product: one per test file. */
export interface TestStack {
  apiUrl: string;
  devnetUrl: string;
  merchant: TestMerchant;
  product: { id: string; linkId: string };
  close(): Promise<void>;
}

/** Starts devnet and server (its watcher in-process) and sets up a merchant with one product. */
export async function startStack(): Promise<TestStack> {
  const devnet = await startDevnet({ port: 0, blockMs: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), "spay-browser-"));
  const server = await startServer(
    loadConfig(
      {},
      {
        port: 0,
        dataDir,
        devnet: "off",
        stacksApiUrl: devnet.url,
        fxSource: `fixed:${TEST_USD_PER_BTC}`,
        stxFxSource: "fixed:0.5",
        publicUrl: "https://pay.example.test",
        rateLimitIpPerSecond: 0,
        rateLimitKeyPerSecond: 0,
        rateLimitAuthPerMinute: 0,
        scryptLog2N: 10,
      },
    ),
    { devnetUrl: devnet.url },
  );
  const merchant = await createMerchant(server.url);
  const product = await createProduct(server.url, merchant.sk, {
    name: "Browser Test Beans",
    price_minor: 1999,
  });
  return {
    apiUrl: server.url,
    devnetUrl: devnet.url,
    merchant,
    product,
    async close() {
      await server.close();
      await devnet.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
