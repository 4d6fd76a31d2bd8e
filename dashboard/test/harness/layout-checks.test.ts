import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./chromium.ts";
import { layoutProblems } from "./layout-checks.ts";

/** Each layout check flags the fault it looks for, and lets the intentional forms of it pass. */
describe("the layout checks, on pages made to break them", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 600 } });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const problemsOf = async (body: string) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`,
    );
    return (await layoutProblems(page, { axe: false })).problems;
  };
  const LONG = `Ultra${"X".repeat(190)}Beans`;

  it("passes a plain page", async () => {
    expect(await problemsOf("<main><h1>Hello</h1><p>Some text.</p></main>")).toEqual([]);
  });

  it("flags horizontal overflow, and the element causing it", async () => {
    const problems = await problemsOf(`<main><p id="long">${LONG}</p></main>`);
    expect(problems[0]).toMatch(/^overflow: page is \d+px wide in a 390px viewport/);
    expect(problems.join("\n")).toContain("<p#long>");
  });

  it("flags text cut by a box that hides overflow, not an ellipsis with a title", async () => {
    const cut = await problemsOf(
      `<div style="width:100px;overflow:hidden"><span style="display:block;width:300px">${LONG}</span></div>`,
    );
    expect(cut.some((p) => p.startsWith("clipped: x-clipped"))).toBe(true);
    const truncated = await problemsOf(
      `<p title="${LONG}" style="width:100px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">${LONG}</p>`,
    );
    expect(truncated).toEqual([]);
    const scrolls = await problemsOf(
      `<div style="width:100px;overflow:auto"><pre style="margin:0">${LONG}</pre></div>`,
    );
    expect(scrolls).toEqual([]);
  });

  it("flags overlapping text, not text under an opaque modal", async () => {
    const overlapping = await problemsOf(
      '<div style="position:relative"><p style="margin:0">First label</p><p style="position:absolute;top:4px;left:20px;margin:0">Second label</p></div>',
    );
    expect(overlapping.some((p) => p.startsWith("overlap:"))).toBe(true);
    const covered = await problemsOf(
      '<p>Page text under the dialog</p><div style="position:fixed;inset:0;background:#fff"><p>Dialog text</p></div>',
    );
    expect(covered).toEqual([]);
  });

  it("counts an ellipsized name only up to its box, so the badge beside it does not overlap it", async () => {
    const row = (nameStyle: string) =>
      `<div style="display:flex;gap:8px;width:300px"><strong title="${LONG}" style="min-width:0;${nameStyle}">${LONG}</strong><span style="flex:none">Secret</span></div>`;
    expect(await problemsOf(row("overflow:hidden;text-overflow:ellipsis;white-space:nowrap"))).toEqual([]);
    // Without the clipping box the name's text runs under the badge: that is an overlap.
    const spilled = await problemsOf(row("white-space:nowrap;width:100px"));
    expect(spilled.some((p) => p.startsWith("overlap:"))).toBe(true);
  });

  it("flags a generated label that runs out of its field into the next, not one its field grows to hold", async () => {
    // A phone card's fields: the name of each in the cell's left padding, as `.table-cards` draws them.
    const card = (label: string) =>
      `<style>
        td { display: block; min-height: 20px; padding: 0 0 0 90px; font-size: 14px; line-height: 20px; ${label} }
        td::before { content: attr(data-label); width: 80px; }
      </style>
      <table><tbody><tr style="display:block;width:300px">
        <td data-label="Lifetime value of the customer">$5.00</td><td data-label="Last payment">Today</td>
      </tr></tbody></table>`;
    const spilled = await problemsOf(
      card("position:relative; } td::before { position:absolute; left:0; top:0;"),
    );
    expect(spilled.some((p) => p.startsWith("spilled: ::before label runs"))).toBe(true);
    const grown = await problemsOf(card("display:flow-root; } td::before { float:left; margin-left:-90px;"));
    expect(grown).toEqual([]);
  });

  it("flags text drawn below 11 px, SVG text at the size its viewBox scales it to", async () => {
    expect(await problemsOf('<p style="font-size:9px">Tiny print</p>')).toEqual([
      expect.stringMatching(/^small text: text drawn at 9\.0px: <p> "Tiny print"/),
    ]);
    // A 720-unit-wide chart in a 300 px box: its 11 px labels are drawn at 4.6 px.
    const scaled = await problemsOf(
      '<svg viewBox="0 0 720 240" style="width:300px"><text x="10" y="100" style="font-size:11px">$100</text></svg>',
    );
    expect(scaled.some((p) => /^small text: text drawn at 4\.\dpx: <text>/.test(p))).toBe(true);
    const unscaled = await problemsOf(
      '<svg viewBox="0 0 300 100" width="300" height="100"><text x="10" y="50" style="font-size:11px">$100</text></svg>',
    );
    expect(unscaled).toEqual([]);
  });

  it("flags a scroll box with nothing to scroll and a screenful of blank under its content", async () => {
    const list = (style: string) =>
      `<section style="overflow-y:auto;${style}"><ul style="margin:0;height:100px"><li>One payment</li></ul></section><p>Next section</p>`;
    const blank = await problemsOf(list("height:400px"));
    expect(blank.some((p) => p.startsWith("empty space: 300px blank under the content"))).toBe(true);
    expect(await problemsOf(list("max-height:400px"))).toEqual([]);
    // A dialog's backdrop covers the screen, whatever the dialog holds.
    const backdrop = await problemsOf(
      '<div style="position:fixed;inset:0;overflow-y:auto;display:grid;place-items:center"><div role="dialog" aria-label="d">Sign in</div></div>',
    );
    expect(backdrop).toEqual([]);
  });

  it("flags a broken image", async () => {
    const problems = await problemsOf(
      '<img alt="logo" width="20" height="20" src="data:image/png;base64,AAAA">',
    );
    expect(problems.some((p) => p.startsWith("image: broken image"))).toBe(true);
  });

  it("flags a character drawn as a missing-glyph box", async () => {
    const problems = await problemsOf("<p>Private use: \u{F0001}</p>");
    expect(problems.some((p) => p.startsWith("glyph: missing glyph U+F0001"))).toBe(true);
    expect(await problemsOf("<p>Arabic عربي, Hebrew עברית, café</p>")).toEqual([]);
  });
});
