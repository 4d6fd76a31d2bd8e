import { type ComponentType, lazy } from "react";
import { loadRenderedDocsPage } from "./content.ts";

/**
 * Every docs page loads on demand (React.lazy): its chunk of HTML rendered at build time, or the
 * API reference's code.
 */
const markdownPage = (slug: string): ComponentType =>
  lazy(async () => {
    const [rendered, { default: DocMarkdown }] = await Promise.all([
      loadRenderedDocsPage(slug),
      import("./DocMarkdown.tsx"),
    ]);
    return { default: () => <DocMarkdown rendered={rendered} /> };
  });

const apiReference = lazy(() => import("../api-reference/ApiReference.tsx"));

const cache = new Map<string, ComponentType>();

/** The component of a docs page (created once per page, so React keeps it across renders). */
export function docsPageComponent(slug: string): ComponentType {
  let component = cache.get(slug);
  if (!component) {
    component = slug === "api-reference" ? apiReference : markdownPage(slug);
    cache.set(slug, component);
  }
  return component;
}
