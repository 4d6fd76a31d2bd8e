import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { distFile, dropinFiles } from "./dist.js";

/** Strings only @stacks/connect, its wallet modal or WalletConnect (Reown) carry. */
const WALLET_MARKERS = [
  /walletconnect/i,
  /reown/i,
  /@stacks\/connect/,
  /connect-modal/,
  /stx_callContract/,
  /__CONNECT_VERSION__/,
];

/** Preact's internals (its hooks state, the vnode option): in one file means one copy of Preact. */
const PREACT_MARKER = /__H/;

describe("the drop-in: a classic script, ES modules and chunks loaded when needed", () => {
  it("spay.js and spay-x402.js are classic scripts importing their ES module from beside them", async () => {
    for (const [file, module] of [
      ["spay.js", "dropin/spay.js"],
      ["spay-x402.js", "x402-page/x402-page.js"],
    ] as const) {
      const script = await readFile(distFile(file), "utf8");
      expect(script, file).not.toMatch(/(^|[;}\s])(import|export)\s*[{*"\w]/); // no ES module syntax
      expect(script).toContain(`"${module}"`);
      expect(script).toMatch(/\bimport\(/);
      distFile(module);
    }
  });

  it("the card path and the QR overlay hold no @stacks/connect, WalletConnect or Reown code; the wallet chunk does", async () => {
    const files = await dropinFiles();
    for (const file of [...files.card, ...files.overlay, ...files.qrcode]) {
      const script = await readFile(distFile(file), "utf8");
      for (const marker of WALLET_MARKERS) expect(script, `${file}: ${marker}`).not.toMatch(marker);
    }
    const wallet = await Promise.all(files.wallet.map((f) => readFile(distFile(f), "utf8")));
    expect(wallet.join("\n")).toMatch(/stx_callContract/);
  });

  it("one copy of Preact (preact/compat standing in for React), on the card path", async () => {
    const files = await dropinFiles();
    const all = [...files.card, ...files.overlay, ...files.qrcode, ...files.wallet];
    const withPreact = [];
    for (const file of all)
      if (PREACT_MARKER.test(await readFile(distFile(file), "utf8"))) withPreact.push(file);
    expect(withPreact).toHaveLength(1);
    expect(files.card).toContain(withPreact[0]);
  });

  it("every module of dist/dropin/ imports only relative files a browser can fetch: no bare specifiers", async () => {
    const files = await dropinFiles();
    let imports = 0;
    for (const file of [...files.card, ...files.overlay, ...files.qrcode, ...files.wallet, ...files.unused]) {
      if (file === "spay.js") continue;
      const specifiers = moduleSpecifiers(await readFile(distFile(file), "utf8"));
      imports += specifiers.length;
      for (const specifier of specifiers) expect(specifier, file).toMatch(/^\.\.?\//);
    }
    expect(imports).toBeGreaterThan(files.card.length); // the chunks' imports were seen
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

/** What an ES module of dist/ imports: its import/export statements' and `import("…")`'s specifiers. */
function moduleSpecifiers(source: string): string[] {
  const statements = source.matchAll(
    /(?:^|[;}\n])\s*(?:import|export)\s*[^;"'`()]*?\bfrom\s*["']([^"']+)["']/g,
  );
  const bare = source.matchAll(/(?:^|[;}\n])\s*import\s*["']([^"']+)["']/g);
  const dynamic = source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g);
  return [...statements, ...bare, ...dynamic].map((m) => m[1]!);
}

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
