import { describe, expect, it } from "vitest";
import { fillTemplate, withoutSuspenseMarkers } from "./prerender.ts";

describe("withoutSuspenseMarkers", () => {
  it("drops React's completed-boundary markers and keeps text separators and content", () => {
    const html =
      '<main id="main"><!--$--><article class="post"><a>← <!-- -->Back</a></article><!--/$--></main>';
    expect(withoutSuspenseMarkers(html)).toBe(
      '<main id="main"><article class="post"><a>← <!-- -->Back</a></article></main>',
    );
  });

  it.each(["<!--$?-->", "<!--$!-->"])("refuses a page with an unfinished boundary (%s)", (marker) => {
    expect(() => withoutSuspenseMarkers(`<main>${marker}<p>Loading</p><!--/$--></main>`)).toThrow(
      /unfinished Suspense boundary/,
    );
  });
});

describe("fillTemplate", () => {
  it("puts the head and the app into the template", () => {
    const template =
      "<head><!--head:start--><title>x</title><!--head:end--></head><div id=root><!--app--></div>";
    expect(fillTemplate(template, "<title>$&</title>", "<p>$1</p>")).toBe(
      "<head><title>$&</title></head><div id=root><p>$1</p></div>",
    );
  });
});
