import { afterAll, describe, expect, it } from "vitest";
import { SIZE_BUDGETS as BUDGETS, kb, measureDropin, measureEntry } from "./sizes.js";

const rows: string[][] = [];
afterAll(() => {
  const table = [["What", "Loaded up front (gzip)", "Budget", "Loaded on demand"], ...rows].map(
    (r) => `| ${r.join(" | ")} |`,
  );
  table.splice(1, 0, "| --- | ---: | ---: | --- |");
  console.log(`\nSize budgets\n${table.join("\n")}\n`);
});

describe("size budgets on the built files", () => {
  it("the drop-in up to a visible payment-link card (every file it loads) ≤ 20 KB; the QR overlay and the wallet load on demand", async () => {
    const size = await measureDropin();
    rows.push([
      "Drop-in up to a visible payment-link card (`spay.js` + `dropin/spay.js` + its static chunks)",
      kb(size.card),
      kb(BUDGETS.dropin),
      `QR overlay chunk (checkout overlay + \`qrcode\`) ${kb(size.qrOverlay)}, wallet chunk ${kb(size.wallet)}`,
    ]);
    expect(size.card).toBeLessThanOrEqual(BUDGETS.dropin);
  });

  it("@spay/sdk/react ≤ 15 KB without react and the wallet chunk", async () => {
    const size = await measureEntry("react.js");
    rows.push([
      "`@spay/sdk/react`",
      kb(size.initial),
      kb(BUDGETS.react),
      `qrcode ${kb(size.lazy)} + wallet chunk`,
    ]);
    expect(size.initial).toBeLessThanOrEqual(BUDGETS.react);
  });

  it("@spay/sdk core ≤ 8 KB without the wallet chunk", async () => {
    const size = await measureEntry("index.js");
    rows.push([
      "`@spay/sdk` core",
      kb(size.initial),
      kb(BUDGETS.core),
      `qrcode ${kb(size.lazy)} + wallet chunk`,
    ]);
    expect(size.initial).toBeLessThanOrEqual(BUDGETS.core);
  });
});
