import type { RenderedMarkdown } from "../markdown/render.ts";
import { MESSAGES } from "../messages.ts";
import { Markdown } from "../ui/Markdown.tsx";

/** A docs page rendered at build time, with an "On this page" list. */
export default function DocMarkdown({ rendered }: { rendered: RenderedMarkdown }) {
  const sections = rendered.headings.filter((h) => h.depth === 2);
  return (
    <div className="doc-page">
      <Markdown html={rendered.html} />
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
