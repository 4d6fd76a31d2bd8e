/**
 * Every entry of the installed tarballs imported from ESM and required from CJS in plain Node, as
 * a merchant's server or SSR build loads them: a wrong `exports` map, a file left out of the
 * tarball or an import of a devDependency fails here.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { run } from "./packed-project.ts";

const dir = inject("packed").dirs.shop;

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
  out.adapters = [hono, express, fetchAdapter].every((a) => typeof a.paywall === "function" && typeof a.x402Discovery === "function");
  out.scheme = typeof scheme.registerExactStacksScheme === "function";
  out.protocol = protocol.PAYMENT_STATUSES.includes("payment_settled") && protocol.canMove("transaction_pending", "payment_settled");
  out.protocolX402 = protocolX402.decodeX402Header(protocolX402.encodeX402Header({ x402Version: 2 })).x402Version === 2;
  out.chainhooks = typeof chainhooks.chainhookEventSchema === "function";
  out.ssr = typeof globalThis.window === "undefined";
  console.log(JSON.stringify(out));
`;

const ENTRIES = {
  core: "@spay/sdk",
  server: "@spay/sdk/server",
  snippets: "@spay/sdk/snippets",
  react: "@spay/sdk/react",
  x402: "@spay/sdk/x402",
  hono: "@spay/sdk/x402/hono",
  express: "@spay/sdk/x402/express",
  fetchAdapter: "@spay/sdk/x402/fetch",
  scheme: "@spay/sdk/x402/exact-stacks",
  protocol: "@spay/protocol",
  protocolX402: "@spay/protocol/x402",
  chainhooks: "@spay/protocol/chainhooks",
};

async function runNode(file: string, source: string) {
  await writeFile(path.join(dir, file), source);
  const { stdout } = await run(process.execPath, [file], { cwd: dir });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, boolean>;
}

const ALL_OK = Object.fromEntries(
  ["core", "qr", "wallet", "server", "snippets", "react", "x402", "adapters", "scheme", "protocol"]
    .concat(["protocolX402", "chainhooks", "ssr"])
    .map((k) => [k, true]),
);

describe("the installed tarballs' entries", () => {
  it("every entry imports from ESM (Node, no window: SSR-safe), the lazy wallet chunk included", async () => {
    const imports = Object.entries(ENTRIES)
      .map(([name, entry]) => `import * as ${name} from "${entry}";`)
      .join("\n");
    expect(await runNode("entries.mjs", `${imports}\n${ENTRY_CHECKS}`)).toEqual(ALL_OK);
  });

  it("every entry requires from CJS", async () => {
    const requires = Object.entries(ENTRIES)
      .map(([name, entry]) => `const ${name} = require("${entry}");`)
      .join("\n");
    expect(await runNode("entries.cjs", `(async () => {\n${requires}\n${ENTRY_CHECKS}})();`)).toEqual(ALL_OK);
  });

  it("the drop-in script and its ES module ship side by side", async () => {
    const source = `
      const path = require("node:path"), fs = require("node:fs");
      const script = require.resolve("@spay/sdk/spay.js");
      console.log(JSON.stringify({ script: fs.existsSync(script), module: fs.existsSync(path.join(path.dirname(script), "dropin", "spay.js")) }));`;
    expect(await runNode("dropin.cjs", source)).toEqual({ script: true, module: true });
  });
});
