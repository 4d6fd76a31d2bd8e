import { describe, expect, it } from "vitest";
import { authorInitials, findPost, postFromSource, sortNewestFirst } from "./post.ts";
import { createBlogStore } from "./store.ts";

const source = (front: string, body = "word ".repeat(201)) => `---\n${front}\n---\n${body}`;

describe("blog posts (SPEC.md §3, §5, §9)", () => {
  it("reads the front matter, computes the reading time and the path", () => {
    const post = postFromSource(
      "./posts/a.md",
      source(
        `slug: hello\ntitle: "Hello"\ndescription: Hi\ndate: 2025-09-12\nauthor: Ada Lovelace\ntags: [a, b]`,
      ),
    );
    expect(post).toMatchObject({
      slug: "hello",
      title: "Hello",
      description: "Hi",
      date: "2025-09-12",
      author: "Ada Lovelace",
      tags: ["a", "b"],
      path: "/blog/hello",
      readingTime: 2,
    });
  });

  it("falls back to the file name for the slug, and to no author", () => {
    const post = postFromSource("./posts/from-file.md", source("title: T"));
    expect(post.slug).toBe("from-file");
    expect(post.author).toBeNull();
  });

  it("matches a slug by front-matter slug or by file name, else null", () => {
    const posts = [
      {
        fileName: "./posts/file-name.md",
        post: postFromSource("./posts/file-name.md", source("slug: other")),
      },
    ];
    expect(findPost(posts, "other")?.slug).toBe("other");
    expect(findPost(posts, "file-name")?.slug).toBe("other");
    expect(findPost(posts, "missing")).toBeNull();
  });

  it("sorts newest first", () => {
    const p = (slug: string, date: string) => postFromSource(`${slug}.md`, source(`date: ${date}`));
    const sorted = sortNewestFirst([p("old", "2024-01-01"), p("new", "2025-09-12"), p("mid", "2025-01-01")]);
    expect(sorted.map((x) => x.slug)).toEqual(["new", "mid", "old"]);
  });

  it("makes up to two initials, 'BT' without an author", () => {
    expect(authorInitials("Ada Lovelace", "BT")).toBe("AL");
    expect(authorInitials("satoshi", "BT")).toBe("S");
    expect(authorInitials("Jean Luc Picard", "BT")).toBe("JL");
    expect(authorInitials(null, "BT")).toBe("BT");
  });

  it("caches the list and each slug, and does not cache a failure", async () => {
    let calls = 0;
    let fail = true;
    const store = createBlogStore({
      "./posts/a.md": async () => {
        calls++;
        if (fail) throw new Error("offline");
        return source("title: A");
      },
    });
    await expect(store.list()).rejects.toThrow("offline");
    fail = false;
    expect((await store.list()).map((p) => p.slug)).toEqual(["a"]);
    expect((await store.post("a"))?.title).toBe("A");
    expect(store.peekPost("a")?.title).toBe("A");
    await store.post("a");
    await store.list();
    expect(calls).toBe(2);
  });
});
