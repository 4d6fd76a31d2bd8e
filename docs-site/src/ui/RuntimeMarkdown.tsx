import { useMemo } from "react";
import { renderMarkdown } from "../markdown/render.ts";
import { Markdown } from "./Markdown.tsx";

/**
 * Markdown that was not rendered at build time (a post read at run time), rendered and sanitized
 * in the browser. Loaded lazily: `marked` and DOMPurify come with it, only when needed.
 */
export default function RuntimeMarkdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source).html, [source]);
  return <Markdown html={html} />;
}
