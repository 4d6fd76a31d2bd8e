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
  "SDK bundle sizes, gzip, from the built files",
  "",
  "| what | loaded up front | budget | result | loaded on demand |",
  "| --- | ---: | ---: | --- | --- |",
  row(
    "drop-in `spay.js` up to a visible QR",
    dropin.initial,
    SIZE_BUDGETS.dropin,
    [...dropin.onDemand].map(([file, bytes]) => `\`${file}\` ${kb(bytes)}`).join(", "),
  ),
  row("`@spay/sdk/react`", react.initial, SIZE_BUDGETS.react, `QR encoder ${kb(react.lazy)} + wallet chunk`),
  row("`@spay/sdk` core", core.initial, SIZE_BUDGETS.core, `QR encoder ${kb(core.lazy)} + wallet chunk`),
];
console.log(lines.join("\n"));
writeFileSync(new URL("./results/sdk-sizes.md", import.meta.url), `${lines.join("\n")}\n`);
