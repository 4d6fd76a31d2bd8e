import { Link } from "react-router-dom";
import { MESSAGES } from "../messages.ts";
import { useDocumentMeta } from "../seo/useDocumentMeta.tsx";
import { DOCS_PAGES, type DocsPage, docsPageBySlug, docsPath } from "./nav.ts";
import { docsPageComponent } from "./pages.tsx";

const TITLE_SUFFIX = ` | ${MESSAGES.docsTitle}`;

function PagerLinks({ page }: { page: DocsPage }) {
  const index = DOCS_PAGES.indexOf(page);
  const previous = DOCS_PAGES[index - 1];
  const next = DOCS_PAGES[index + 1];
  return (
    <nav className="pager" aria-label="Previous and next page">
      {previous && (
        <Link to={docsPath(previous)} rel="prev">
          ← {MESSAGES.docs.previous}: {previous.label}
        </Link>
      )}
      {next && (
        <Link to={docsPath(next)} rel="next" className="pager-next">
          {MESSAGES.docs.next}: {next.label} →
        </Link>
      )}
    </nav>
  );
}

/** One docs page: its meta, its (lazily loaded) content and links to its neighbours. */
export function DocsRoute({ slug }: { slug: string }) {
  const page = docsPageBySlug(slug);
  useDocumentMeta(
    page
      ? { title: `${page.title}${TITLE_SUFFIX}`, description: page.description, path: docsPath(page) }
      : {
          title: `${MESSAGES.docs.notFoundTitle}${TITLE_SUFFIX}`,
          description: MESSAGES.docs.notFoundText,
          path: "/docs",
          noindex: true,
        },
  );
  if (!page) {
    return (
      <div className="not-found">
        <h1>{MESSAGES.docs.notFoundTitle}</h1>
        <p>{MESSAGES.docs.notFoundText}</p>
        <Link className="button primary" to="/docs">
          {MESSAGES.docs.backToDocs}
        </Link>
      </div>
    );
  }
  const Content = docsPageComponent(page.slug);
  return (
    <>
      <Content />
      <PagerLinks page={page} />
    </>
  );
}
