import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { distFile } from "./dist.js";

/** Strings only @stacks/connect, its wallet modal or WalletConnect (Reown) carry. */
const WALLET_MARKERS = [
  /walletconnect/i,
  /reown/i,
  /@stacks\/connect/,
  /connect-modal/,
  /stx_callContract/,
  /__CONNECT_VERSION__/,
];

describe("the drop-in keeps the wallet code out of the QR path", () => {
  it("dist/spay.js and the wallet UI file contain no @stacks/connect, WalletConnect or Reown code", async () => {
    for (const file of ["spay.js", "spay-wallet-ui.js"]) {
      const script = await readFile(distFile(file), "utf8");
      for (const marker of WALLET_MARKERS) expect(script, `${file}: ${marker}`).not.toMatch(marker);
    }
  });

  it("spay.js imports the wallet UI file by its URL, which imports the sibling spay-wallet.js", async () => {
    const script = await readFile(distFile("spay.js"), "utf8");
    expect(script).toContain('"spay-wallet-ui.js"');
    expect(script).toMatch(/\bimport\(\w+\)/); // import(url): the URL next to the script
    expect(script).not.toContain("spay-wallet.js");
    const walletUi = await readFile(distFile("spay-wallet-ui.js"), "utf8");
    expect(walletUi).toContain('import("./spay-wallet.js")');
  });

  it("the wallet UI file renders with spay.js's Preact: no copy of Preact, no bare imports", async () => {
    const walletUi = await readFile(distFile("spay-wallet-ui.js"), "utf8");
    expect(walletUi).toMatch(/Symbol\.for\("spay\.runtime"\)/);
    expect(walletUi).not.toMatch(/__H|__hooks|options\.vnode/); // Preact's internals
    expect(walletUi).not.toMatch(/\bfrom\s*["'][^./]/);
    expect(walletUi).toMatch(/export\s*\{[^}]*payWithWallet/);
    expect(walletUi).toMatch(/export\s*\{[^}]*walletUi/);
  });

  it("spay-wallet.js is a self-contained ESM module: no bare imports a browser could not resolve", async () => {
    const wallet = await readFile(distFile("spay-wallet.js"), "utf8");
    expect(wallet).toMatch(/stx_callContract/);
    expect(wallet).toMatch(/export\s*\{[^}]*walletModule/);
    expect(wallet).not.toMatch(/\bfrom\s*["'][^./]/);
    expect(wallet).not.toMatch(/\bimport\s*\(\s*["'][^./]/);
  });

  it("core and React reach @stacks/connect only through lazily imported chunks", async () => {
    for (const entry of ["index.js", "react.js"]) {
      const graph = await staticGraph(distFile(entry));
      for (const [file, source] of graph)
        expect(source, `${file} imports @stacks/connect statically`).not.toMatch(
          /from ["']@stacks\/connect["']/,
        );
      // Every chunk imported on demand, and what those import, statically or on demand.
      const lazy = new Map<string, string>();
      const queue = [...graph].flatMap(([file, source]) => lazyImports(file, source));
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (lazy.has(file) || graph.has(file)) continue;
        for (const [chunk, source] of await staticGraph(file)) {
          if (graph.has(chunk)) continue;
          lazy.set(chunk, source);
          queue.push(...lazyImports(chunk, source));
        }
      }
      expect([...lazy.values()].some((source) => /from ["']@stacks\/connect["']/.test(source))).toBe(true);
    }
  });
});

/** The files `source` (the file `file`) imports with a dynamic `import("./…")`. */
function lazyImports(file: string, source: string): string[] {
  return [...source.matchAll(/import\(["'](\.[^"']+)["']\)/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
}

/** An ESM file of dist/ and every file it imports statically (relative imports only). */
async function staticGraph(file: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    const source = await readFile(file, "utf8");
    seen.set(file, source);
    for (const m of source.matchAll(/(?:^|;|\n)\s*(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']/g)) {
      await visit(path.resolve(path.dirname(file), m[1]!));
    }
  };
  await visit(file);
  return seen;
}
