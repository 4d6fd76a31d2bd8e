// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAY_HOST } from "../site.ts";
import { postFromSource } from "./post.ts";
import { postFile, renderBlog } from "./testing.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let loads = 0;
const sources = {
  "./posts/first.md": async () => {
    loads++;
    return postFile(
      {
        title: '"First: a post"',
        description: "About the first",
        date: "2025-09-12",
        author: "Ada Lovelace",
        tags: "[sBTC, Stacks, x402, API]",
      },
      "Intro with a [link to the second](/blog/second-post).\n\n## Section\n\n**Bold** text.",
    );
  },
  "./posts/second.md": async () =>
    postFile(
      { slug: "second-post", title: "Second", description: "Two", date: "2025-09-10" },
      "Second body.",
    ),
};

beforeEach(() => {
  loads = 0;
});

describe("blog post page (SPEC.md §2)", () => {
  it("renders back link, date, reading time, title, description, author badge and role, tags and the Markdown", async () => {
    renderBlog("/blog/first", sources);
    expect(screen.getByRole("status")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "First: a post" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Back to Blog/ }).getAttribute("href")).toBe("/blog");
    expect(screen.getByText("September 12, 2025")).toBeTruthy();
    expect(screen.getByText("1 min read")).toBeTruthy();
    expect(screen.getByText("About the first")).toBeTruthy();
    expect(document.querySelector(".author-badge")?.textContent).toBe("AL");
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    expect(screen.getByText("Technical Writer")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Tags" }).textContent).toBe("sBTCStacksx402API");
    // A post read at run time: its Markdown is rendered by a lazily loaded renderer.
    expect(await screen.findByRole("heading", { level: 2, name: "Section" })).toBeTruthy();
    expect(document.querySelector(".prose strong")?.textContent).toBe("Bold");
  });

  it("uses 'BT' and the team name when the post has no author", async () => {
    renderBlog("/blog/second-post", sources);
    await screen.findByRole("heading", { level: 1, name: "Second" });
    expect(document.querySelector(".author-badge")?.textContent).toBe("BT");
    expect(screen.getByText("sPay Team")).toBeTruthy();
  });

  it("finds a post by front-matter slug or by file name", async () => {
    renderBlog("/blog/second", sources);
    expect(await screen.findByRole("heading", { level: 1, name: "Second" })).toBeTruthy();
  });

  it("shares through a share intent in a new tab with the URL, the title and via", async () => {
    renderBlog("/blog/first", sources);
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByRole("heading", { name: "Share this post" })).toBeTruthy();
    const share = screen.getByRole("link", { name: "Share on X" });
    expect(share.getAttribute("target")).toBe("_blank");
    expect(share.getAttribute("rel")).toContain("noopener");
    const url = new URL(share.getAttribute("href") ?? "");
    expect(url.searchParams.get("url")).toBe(`${PAY_HOST}/blog/first`);
    expect(url.searchParams.get("text")).toBe("First: a post");
    expect(url.searchParams.get("via")).toBe("spaydev");
  });

  it("copies the link and shows 'Copied!' for 2 seconds", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderBlog("/blog/first", sources);
    await screen.findByRole("heading", { level: 1 });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    });
    expect(writeText).toHaveBeenCalledWith(`${PAY_HOST}/blog/first`);
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy link" })).toBeTruthy();
  });

  it("offers Continue Reading links to Getting Started and the API Reference", async () => {
    renderBlog("/blog/first", sources);
    await screen.findByRole("heading", { level: 1 });
    const nav = screen.getByRole("navigation", { name: "Continue Reading" });
    expect([...nav.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "/docs/getting-started",
      "/docs/api-reference",
    ]);
  });

  it("shows 'Post Not Found' with its text and Back to Blog for an unknown slug", async () => {
    renderBlog("/blog/nope", sources);
    expect(await screen.findByRole("heading", { name: "Post Not Found" })).toBeTruthy();
    expect(screen.getByText("The blog post you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
    // The head follows the render (an effect), as for a found post below.
    await waitFor(() => expect(document.title).toBe("Post Not Found | sPay Blog"));
  });

  it("sets the title with the blog suffix, the canonical URL and social meta from the post", async () => {
    renderBlog("/blog/first", sources);
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(document.title).toBe("First: a post | sPay Blog"));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${PAY_HOST}/blog/first`,
    );
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe(
      "First: a post | sPay Blog",
    );
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "About the first",
    );
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("article");
  });

  it("reloads when the slug changes, and serves a visited slug from the cache", async () => {
    renderBlog("/blog/first", sources);
    await screen.findByRole("heading", { level: 1, name: "First: a post" });
    fireEvent.click(screen.getByRole("link", { name: "link to the second" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Second" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: /Back to Blog/ }));
    await screen.findByText("Featured");
    fireEvent.click(screen.getByRole("link", { name: "First: a post" }));
    expect(screen.getByRole("heading", { level: 1, name: "First: a post" })).toBeTruthy(); // no spinner: cached
    expect(loads).toBe(1);
  });
});

describe("a post rendered at build time", () => {
  it("inserts its HTML as it is, in the same render as the header (no Markdown renderer)", async () => {
    const post = {
      ...postFromSource("./posts/built.md", postFile({ title: "Built", date: "2025-09-12" })),
      body: "",
      html: '<h2 id="from-the-build">From the build</h2><p>Rendered <strong>earlier</strong>.</p>',
    };
    renderBlog("/blog/built", { "./posts/built.md": async () => post });
    await screen.findByRole("heading", { level: 1, name: "Built" });
    expect(screen.getByRole("heading", { level: 2, name: "From the build" })).toBeTruthy();
    expect(document.querySelector(".prose strong")?.textContent).toBe("earlier");
  });
});
