import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, PACKAGE_DIR, packTarball, run } from "./dist.js";

/**
 * The packed tarball installed into an empty project, as a merchant installs it: every entry
 * imported from ESM and from CJS, so a wrong `exports` map or a missing file fails here.
 */
let project: string;

beforeAll(async () => {
  const tarball = await packTarball();
  project = await mkdtemp(path.join(tmpdir(), "spay-consumer-"));
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  const manifest = JSON.parse(await readFile(path.join(PACKAGE_DIR, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const react = manifest.devDependencies.react ?? "19";
  await run(
    "npm",
    [
      "install",
      tarball,
      `react@${react}`,
      `react-dom@${react}`,
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
    ],
    { cwd: project, maxBuffer: 16 * 1024 * 1024 },
  );
}, 600_000);

const ENTRY_CHECKS = `
  const out = {};
  out.core = typeof core.SPayClient === "function" && core.formatSats(123400000) === "1.234 BTC";
  out.qr = (await core.qrSvg("https://pay.example/x")).startsWith("<svg");
  const wallet = await core.loadWallet();
  out.wallet = typeof wallet.payIntent === "function";
  out.server = typeof server.verifyWebhook === "function" && typeof server.SPayServerClient === "function";
  out.snippets = snippets.urlSnippet({ origin: "https://pay.example", linkId: "plink_1" }) === "https://pay.example/payment-links/plink_1";
  out.react = typeof react.PaymentLinkCard === "function";
  out.x402 = typeof x402.wrapFetchWithPayment === "function" && x402.decodeX402Header(x402.encodeX402Header({ a: "é" })).a === "é";
  out.ssr = typeof globalThis.window === "undefined";
  console.log(JSON.stringify(out));
`;

async function runNode(file: string, source: string) {
  await writeFile(path.join(project, file), source);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, boolean>;
}

const ALL_OK = {
  core: true,
  qr: true,
  wallet: true,
  server: true,
  snippets: true,
  react: true,
  x402: true,
  ssr: true,
};

describe("the packed tarball installed in a fresh project", () => {
  it("every entry imports from ESM (Node, no window: SSR-safe), the lazy wallet chunk included", async () => {
    const source = `
      import * as core from "@spay/sdk";
      import * as server from "@spay/sdk/server";
      import * as snippets from "@spay/sdk/snippets";
      import * as react from "@spay/sdk/react";
      import * as x402 from "@spay/sdk/x402";
      ${ENTRY_CHECKS}`;
    expect(await runNode("esm.mjs", source)).toEqual(ALL_OK);
  });

  it("every entry requires from CJS", async () => {
    const source = `(async () => {
      const core = require("@spay/sdk");
      const server = require("@spay/sdk/server");
      const snippets = require("@spay/sdk/snippets");
      const react = require("@spay/sdk/react");
      const x402 = require("@spay/sdk/x402");
      ${ENTRY_CHECKS}})();`;
    expect(await runNode("cjs.cjs", source)).toEqual(ALL_OK);
  });

  it("the drop-in script and its ES module ship side by side", async () => {
    const source = `
      const path = require("node:path"), fs = require("node:fs");
      const script = require.resolve("@spay/sdk/spay.js");
      console.log(JSON.stringify({ script: fs.existsSync(script), module: fs.existsSync(path.join(path.dirname(script), "dropin", "spay.js")) }));`;
    expect(await runNode("dropin.cjs", source)).toEqual({ script: true, module: true });
  });

  it("the types compile for a TypeScript consumer (NodeNext and Bundler resolution)", async () => {
    await writeFile(
      path.join(project, "consumer.ts"),
      `import { SPayClient, type PaymentIntent, type CheckoutState } from "@spay/sdk";
       import { verifyWebhook, type WebhookEvent } from "@spay/sdk/server";
       import { htmlSnippet } from "@spay/sdk/snippets";
       const client = new SPayClient({ apiKey: "pk_test_x" });
       export const p: Promise<PaymentIntent> = client.createPaymentIntent({ amount_minor: 100 });
       export const e: WebhookEvent = verifyWebhook("{}", {}, "whsec_x");
       export const s: string = htmlSnippet({ publishableKey: "pk", apiUrl: "https://a.b", scriptUrl: "https://a.b/spay.js", productId: "p" });
       export type S = CheckoutState["phase"];
       // @ts-expect-error amounts are integer cents in a number
       client.createPaymentIntent({ amount_minor: "100" });`,
    );
    for (const [module, resolution] of [
      ["nodenext", "nodenext"],
      ["esnext", "bundler"],
    ]) {
      const args = [
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        module!,
        "--moduleResolution",
        resolution!,
      ];
      const result = await run(bin("tsc"), [...args, "--types", "node", "consumer.ts"], {
        cwd: project,
      }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
      expect(result.stdout).toBe("");
    }
  });
});
