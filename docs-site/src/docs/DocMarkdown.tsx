import { useMemo } from "react";
import { renderMarkdown } from "../markdown/render.ts";
import { MESSAGES } from "../messages.ts";
import { Markdown } from "../ui/Markdown.tsx";
import { expandSamples } from "./samples.ts";

/** A docs page written in Markdown, its samples included, with an "On this page" list. */
export default function DocMarkdown({ source }: { source: string }) {
  const rendered = useMemo(() => renderMarkdown(expandSamples(source)), [source]);
  const sections = rendered.headings.filter((h) => h.depth === 2);
  return (
    <div className="doc-page">
      <Markdown rendered={rendered} />
      {sections.length > 1 && (
        <nav className="toc" aria-label={MESSAGES.nav.onThisPage}>
          <p className="toc-title">{MESSAGES.nav.onThisPage}</p>
          <ul>
            {sections.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
