import { afterAll, describe, expect, it } from "vitest";
import { DROPIN_FILES } from "./dist.js";
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
  it("the drop-in up to a visible QR overlay (every file on the QR path) ≤ 20 KB; the wallet files load on demand", async () => {
    const size = await measureDropin();
    rows.push([
      `Drop-in up to a visible QR overlay (${DROPIN_FILES.qrPath.map((f) => `\`${f}\``).join(" + ")})`,
      kb(size.initial),
      kb(BUDGETS.dropin),
      [...size.onDemand].map(([file, bytes]) => `\`${file}\` ${kb(bytes)}`).join(", "),
    ]);
    expect(size.initial).toBeLessThanOrEqual(BUDGETS.dropin);
  });

  it("@spay/sdk/react ≤ 15 KB without react and the wallet chunk", async () => {
    const size = await measureEntry("react.js");
    rows.push([
      "`@spay/sdk/react`",
      kb(size.initial),
      kb(BUDGETS.react),
      `QR encoder ${kb(size.lazy)} + wallet chunk`,
    ]);
    expect(size.initial).toBeLessThanOrEqual(BUDGETS.react);
  });

  it("@spay/sdk core ≤ 8 KB without the wallet chunk", async () => {
    const size = await measureEntry("index.js");
    rows.push([
      "`@spay/sdk` core",
      kb(size.initial),
      kb(BUDGETS.core),
      `QR encoder ${kb(size.lazy)} + wallet chunk`,
    ]);
    expect(size.initial).toBeLessThanOrEqual(BUDGETS.core);
  });
});
