// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { postFile, renderBlog } from "./testing.tsx";

afterEach(cleanup);

const words = (n: number) => "word ".repeat(n);
const sources = {
  "./posts/old.md": async () =>
    postFile({ title: "Old post", description: "Older", date: "2025-01-05", tags: "[a, b, c]" }, words(10)),
  "./posts/newest.md": async () =>
    postFile(
      { title: "Newest post", description: "Newest one", date: "2025-09-12", tags: "[t1, t2, t3, t4]" },
      words(401),
    ),
  "./posts/middle.md": async () =>
    postFile(
      { title: "Middle post", description: "Middle", date: "2025-03-01", tags: "[x, y, z]" },
      words(200),
    ),
};

describe("blog index (SPEC.md §2)", () => {
  it("shows a spinner while loading, then the newest post as the Featured card with 3 tags and Read More", async () => {
    renderBlog("/blog", sources);
    expect(screen.getByRole("status")).toBeTruthy();
    const featured = (await screen.findByText("Featured")).closest("article");
    if (!featured) throw new Error("no featured card");
    const card = within(featured);
    expect(card.getByRole("heading", { name: "Newest post" })).toBeTruthy();
    expect(card.getByText("September 12, 2025")).toBeTruthy();
    expect(card.getByText("3 min read")).toBeTruthy(); // 401 words / 200, rounded up
    expect(card.getByText("Newest one")).toBeTruthy();
    expect(card.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["t1", "t2", "t3"]);
    expect(card.getByRole("link", { name: /Read More/ }).getAttribute("href")).toBe("/blog/newest");
  });

  it("lists the rest newest first in the grid, each with 2 tags and Read", async () => {
    renderBlog("/blog", sources);
    await screen.findByText("Featured");
    const grid = document.querySelector(".post-grid");
    if (!grid) throw new Error("no grid");
    const cards = within(grid as HTMLElement).getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Middle post", "Old post"]);
    expect(
      within(cards[0] as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["x", "y"]);
    expect(within(cards[0] as HTMLElement).getByText("1 min read")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("January 5, 2025")).toBeTruthy();
    expect(
      within(cards[0] as HTMLElement)
        .getByRole("link", { name: /^Read: Middle post/ })
        .getAttribute("href"),
    ).toBe("/blog/middle");
  });

  it("has the header links, the Get Free API Key button and a Stay Updated box linking home", async () => {
    renderBlog("/blog", sources);
    await screen.findByText("Featured");
    const nav = screen.getByRole("navigation", { name: "sPay Blog" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Blog", "/blog"],
      ["Docs", "/docs"],
      ["API", "/docs/api-reference"],
    ]);
    expect(screen.getByRole("link", { name: "Get Free API Key" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("heading", { name: "Stay Updated" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Subscribe to Updates" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("sPay Blog");
  });

  it("shows 'Failed to load blog posts' with Retry, and Retry loads again", async () => {
    let fail = true;
    renderBlog("/blog", {
      "./posts/a.md": async () => {
        if (fail) throw new Error("chunk failed");
        return postFile({ title: "Recovered", date: "2025-09-12" });
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load blog posts");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Recovered" })).toBeTruthy());
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
