import { preloadable } from "../ui/preloadable.tsx";
import { loadRenderedDocsPage } from "./content.ts";

/**
 * Every docs page loads on demand (lazily, or ahead of hydration: src/preload.ts): its chunk of
 * HTML rendered at build time, or the API reference's code.
 */
const markdownPage = (slug: string) =>
  preloadable(async () => {
    const [rendered, { default: DocMarkdown }] = await Promise.all([
      loadRenderedDocsPage(slug),
      import("./DocMarkdown.tsx"),
    ]);
    return () => <DocMarkdown rendered={rendered} />;
  });

const apiReference = preloadable(async () => (await import("../api-reference/ApiReference.tsx")).default);

type DocsPageComponent = ReturnType<typeof markdownPage>;

const cache = new Map<string, DocsPageComponent>();

/** The component of a docs page (created once per page, so React keeps it across renders). */
export function docsPageComponent(slug: string): DocsPageComponent {
  let component = cache.get(slug);
  if (!component) {
    component = slug === "api-reference" ? apiReference : markdownPage(slug);
    cache.set(slug, component);
  }
  return component;
}
