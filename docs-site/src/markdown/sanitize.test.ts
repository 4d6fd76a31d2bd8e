// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { expectSafeHtml } from "./expect-safe-html.ts";
import { createMarkdownRenderer, slugify } from "./render.ts";
import { isBlockedUrl } from "./sanitize.ts";
import { HOSTILE_MARKDOWN, XSS_PAYLOADS } from "./xss-payloads.ts";

const render = createMarkdownRenderer(window);

function parse(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html; // jsdom runs no scripts; this only inspects the output
  return div;
}

describe("isBlockedUrl (SPEC.md §5)", () => {
  it("blocks javascript:, vbscript:, file: and data: in any case and with hidden whitespace", () => {
    for (const url of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " java\nscript:alert(1)",
      "vbscript:x",
      "file:///etc/passwd",
      "data:text/html,x",
      "data:image/svg+xml,<svg/>",
    ])
      expect(isBlockedUrl(url), url).toBe(true);
  });

  it("allows data images of type gif, png, jpeg and webp, and ordinary URLs", () => {
    for (const url of [
      "data:image/png;base64,AAAA",
      "data:image/gif;base64,AAAA",
      "data:image/jpeg;base64,AAAA",
      "data:image/webp;base64,AAAA",
      "https://example.com",
      "/docs/getting-started",
      "#section",
      "mailto:support@spay.dev",
    ])
      expect(isBlockedUrl(url), url).toBe(false);
  });
});

describe("Markdown rendering and sanitizing", () => {
  it("renders Markdown and keeps raw HTML that is only content", () => {
    const { html } = render("Hello **world**\n\n<p><em>raw</em> html</p>\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    const root = parse(html);
    expect(root.querySelector("strong")?.textContent).toBe("world");
    expect(root.querySelector("p em")?.textContent).toBe("raw");
    expect(root.querySelector("table td")?.textContent).toBe("1");
  });

  it("code blocks can be focused to scroll them by keyboard (tabindex 0)", () => {
    const root = parse(render("```sh\ncurl -s https://example.test\n```").html);
    expect(root.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
  });

  it.each(XSS_PAYLOADS)("neutralizes %s", (payload) => {
    expectSafeHtml(render(payload).html);
  });

  it("keeps safe links and data images of allowed types in a hostile document", () => {
    const root = parse(render(HOSTILE_MARKDOWN).html);
    expect(root.querySelector('a[href="https://example.com/page"]')?.textContent).toBe("safe link");
    expect(root.querySelector("img[alt=pixel]")?.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(root.querySelector("img[alt=svg]")?.hasAttribute("src")).toBe(false);
  });

  it("gives headings unique ids and lists them", () => {
    const { html, headings } = render("# Intro\n\n## Set up & go\n\n## Set up & go");
    expect(headings).toEqual([
      { id: "intro", text: "Intro", depth: 1 },
      { id: "set-up-go", text: "Set up & go", depth: 2 },
      { id: "set-up-go-1", text: "Set up & go", depth: 2 },
    ]);
    expect(parse(html).querySelector("h2#set-up-go-1")).not.toBeNull();
  });

  it("adds rel=noopener to raw links that open a new tab", () => {
    const root = parse(render('<a href="https://example.com" target="_blank">x</a>').html);
    expect(root.querySelector("a")?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("slugify keeps letters and digits only", () => {
    expect(slugify("Step 4: <code>POST</code> /v1/payment_intents")).toBe("step-4-post-v1-payment-intents");
  });
});
