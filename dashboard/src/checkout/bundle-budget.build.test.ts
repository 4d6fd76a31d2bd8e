import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The payment link page and the hosted checkout load at most 80 KB of gzipped
 * JavaScript before the wallet chunk. Measured on the build (`vite build -c vite.checkout.config.ts`,
 * which `pnpm test` runs first): every script checkout.html loads up front — its classic and module
 * scripts, their static imports, transitively — and none of the dynamic-import chunks (the wallet
 * module with `@stacks/connect`, the QR encoder), which load only when used.
 */
const BUDGET_BYTES = 80 * 1000;
const DIST = fileURLToPath(new URL("../../dist", import.meta.url));

/** The specifiers of a built module's static `import … from "…"`, `import "…"` and `export … from "…"`. */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) if (m[1]) found.push(m[1]);
  return found;
}

/** The URL paths of checkout.html's scripts and module preloads. */
function pageScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (tag.startsWith("<script") && src) return [src];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    return href && /\brel="modulepreload"/.test(tag) ? [href] : [];
  });
}

/** Every JavaScript file the page loads before any dynamic import: file → gzipped bytes. */
function upfrontScripts(): Map<string, number> {
  const html = readFileSync(path.join(DIST, "checkout.html"), "utf8");
  const sizes = new Map<string, number>();
  const visit = (file: string) => {
    if (sizes.has(file)) return;
    if (!file.startsWith(DIST) || !existsSync(file))
      throw new Error(`checkout.html loads ${file}, not in dist/`);
    const code = readFileSync(file);
    sizes.set(file, gzipSync(code).length);
    for (const spec of staticImports(code.toString("utf8"))) {
      if (!spec.startsWith(".") && !spec.startsWith("/")) throw new Error(`${file} imports ${spec}`);
      visit(spec.startsWith("/") ? path.join(DIST, spec) : path.resolve(path.dirname(file), spec));
    }
  };
  for (const src of pageScripts(html)) visit(path.join(DIST, new URL(src, "http://x").pathname));
  return sizes;
}

describe("checkout.html's JavaScript budget", () => {
  it("finds static imports and skips dynamic ones", () => {
    const code = `import{a as b,c}from"./x-1.js";import"./y-2.js";export{d}from'./z-3.js';const e=()=>import("./w-4.js");`;
    expect(staticImports(code)).toEqual(["./x-1.js", "./y-2.js", "./z-3.js"]);
  });

  it("loads at most 80 KB gzipped before the wallet chunk", () => {
    if (!existsSync(path.join(DIST, "checkout.html")))
      throw new Error(
        "dist/checkout.html is missing: run `vite build && vite build -c vite.checkout.config.ts`",
      );
    const sizes = upfrontScripts();
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const lines = [...sizes].map(
      ([file, gz]) => `  ${path.relative(DIST, file)}: ${(gz / 1000).toFixed(2)} kB`,
    );
    console.log(
      `checkout.html loads ${sizes.size} script(s) up front, ${(total / 1000).toFixed(2)} kB gzipped ` +
        `(budget ${BUDGET_BYTES / 1000} kB):\n${lines.join("\n")}`,
    );
    expect(sizes.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
