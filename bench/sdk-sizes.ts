/**
 * The SDK's bundle sizes (gzip) against their budgets, measured on the built files the way the
 * SDK's own size test does (sdk/test/package/sizes.ts): what a page loads up front, and what it
 * loads on demand. Needs `pnpm --filter @spay/sdk build` first (`pnpm bench` does it).
 */
import { writeFileSync } from "node:fs";
import { kb, measureDropin, measureEntry, SIZE_BUDGETS } from "../sdk/test/package/sizes.ts";

const dropin = await measureDropin();
const react = await measureEntry("react.js");
const core = await measureEntry("index.js");
const row = (what: string, bytes: number, budget: number, onDemand: string) =>
  `| ${what} | ${kb(bytes)} | ${kb(budget)} | ${bytes <= budget ? "pass" : "FAIL"} | ${onDemand} |`;
const lines = [
  "SDK bundle sizes, gzip, from the built files (each file gzipped on its own, as served)",
  "",
  "| what | loaded up front | budget | result | loaded on demand |",
  "| --- | ---: | ---: | --- | --- |",
  row(
    "drop-in up to a visible payment-link card (`spay.js`, `dropin/spay.js` and its static chunks)",
    dropin.card,
    SIZE_BUDGETS.dropin,
    `QR overlay chunk (checkout overlay + \`qrcode\`) ${kb(dropin.qrOverlay)}, wallet chunk (\`@stacks/connect\`) ${kb(dropin.wallet)}`,
  ),
  row("`@spay/sdk/react`", react.initial, SIZE_BUDGETS.react, `\`qrcode\` ${kb(react.lazy)} + wallet chunk`),
  row("`@spay/sdk` core", core.initial, SIZE_BUDGETS.core, `\`qrcode\` ${kb(core.lazy)} + wallet chunk`),
  "",
  "Drop-in before and after its rebuild as standard ES modules (esbuild splitting, `preact/compat`,",
  "`qrcode`, esbuild's CSS minifier). Before (the IIFE with a hand-written QR encoder and React adapters):",
  "`spay.js` 19.9 KB up to a visible QR overlay, `spay-wallet-ui.js` 5.1 KB and `spay-wallet.js` 59.3 KB on",
  "demand; `@spay/sdk/react` 13.4 KB, core 7.8 KB (QR encoder chunk 2.2 KB). After: the rows above; the QR",
  "overlay (the checkout overlay with the wallet picker, and `qrcode`) now loads when Pay opens it.",
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/sdk-sizes.md", import.meta.url), `${lines.join("\n")}\n`);
