import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageCsp } from "../../../server/src/http/static-files.ts";
import { LANDING } from "./messages.ts";

/**
 * The built pages (`vite build && vite build -c vite.checkout.config.ts`): index.html carries the
 * signed-out landing page pre-rendered (build/prerender-landing.ts), and each page's inline init
 * script (build/page-init.js) is allowed by the policy the gateway serves it with.
 */
const DIST = fileURLToPath(new URL("../../dist", import.meta.url));
const built = (name: string) => {
  const file = path.join(DIST, name);
  if (!existsSync(file)) throw new Error(`dist/${name} is missing: run the dashboard's build first`);
  return readFileSync(file, "utf8");
};
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs ?? ""))
    .map(([, , body]) => body ?? "");

/** index.html's script files and their static imports, transitively: file → gzipped bytes. */
function upfrontScripts(html: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const visit = (file: string) => {
    if (sizes.has(file)) return;
    const code = readFileSync(file);
    sizes.set(file, gzipSync(code).length);
    const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
    for (const [, spec = ""] of code.toString("utf8").matchAll(re))
      visit(spec.startsWith("/") ? path.join(DIST, spec) : path.resolve(path.dirname(file), spec));
  };
  for (const [, src = ""] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) visit(path.join(DIST, src));
  return sizes;
}

/** The signed-out landing's JavaScript before any dynamic import: react-dom and the landing. */
const LANDING_BUDGET_BYTES = 100 * 1000;

describe("the built pages", () => {
  it("index.html holds the landing page pre-rendered, before any script runs", () => {
    const html = built("index.html");
    const root = /<div id="root" data-prerendered>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? "";
    expect(root).toContain(`<h1>${LANDING.heroTitle}</h1>`);
    expect(root).toContain(LANDING.getFreeApiKey);
    expect(html).toContain('html[data-shell="app"] #root[data-prerendered]{display:none}');
  });

  it("loads the landing's code up front and the merchant app only on demand", () => {
    const sizes = upfrontScripts(built("index.html"));
    const names = [...sizes.keys()].map((f) => path.basename(f));
    expect(
      names.some((n) => /^(App|Root)-/.test(n)),
      names.join(", "),
    ).toBe(false);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it("sets the theme and the shell with an inline script in <head>, no script file before first paint", () => {
    for (const name of ["index.html", "checkout.html"]) {
      const html = built(name);
      const head = html.slice(0, html.indexOf("</head>"));
      const scripts = inlineScripts(head);
      expect(scripts, name).toHaveLength(1);
      expect(scripts[0], name).toContain("dataset.theme");
      // Every script file is a module script (deferred): none blocks the parser.
      for (const tag of head.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? [])
        expect(tag, name).toContain('type="module"');
    }
  });

  it("the gateway's policy allows each inline script by its sha256, and no other", () => {
    for (const name of ["index.html", "checkout.html"]) {
      const html = built(name);
      const csp = pageCsp(html);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
      const hashes = inlineScripts(html).map(
        (s) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`,
      );
      expect(scriptSrc, name).toEqual(["'self'", ...hashes]);
      expect(scriptSrc, name).not.toContain("'unsafe-inline'");
    }
  });
});
