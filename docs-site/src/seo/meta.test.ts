// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { DEFAULT_SOCIAL_IMAGE, PAY_HOST } from "../site.ts";
import { applyMeta, headElements, headHtml } from "./meta.ts";

const post = {
  title: "A <post> | sPay Blog",
  description: 'About "things"',
  path: "/blog/a-post",
  type: "article" as const,
  publishedTime: "2025-09-12",
  author: "Ada",
  tags: ["sBTC", "Stacks"],
};

describe("page meta (SPEC.md §2, §9)", () => {
  it("puts the canonical URL on the pay host and uses the default social image", () => {
    const els = headElements(post);
    const find = (k: string, v: string) => els.find((e) => e.attrs[k] === v)?.attrs;
    expect(find("rel", "canonical")?.href).toBe(`${PAY_HOST}/blog/a-post`);
    expect(find("property", "og:image")?.content).toBe(DEFAULT_SOCIAL_IMAGE);
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("property", "og:type")?.content).toBe("article");
    expect(els.filter((e) => e.attrs.property === "article:tag").map((e) => e.attrs.content)).toEqual([
      "sBTC",
      "Stacks",
    ]);
  });

  it("makes a relative image absolute on the pay host", () => {
    const image = headElements({ ...post, image: "/img/x.png" }).find((e) => e.attrs.property === "og:image");
    expect(image?.attrs.content).toBe(`${PAY_HOST}/img/x.png`);
  });

  it("escapes values in the pre-rendered head", () => {
    const html = headHtml(post);
    expect(html).toContain("<title>A &lt;post&gt; | sPay Blog</title>");
    expect(html).toContain('content="About &quot;things&quot;"');
  });

  it("replaces the previous page's elements on the client", () => {
    applyMeta(document, post);
    applyMeta(document, { ...post, title: "Second", tags: [] });
    expect(document.title).toBe("Second");
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[property="article:tag"]')).toHaveLength(0);
  });
});
