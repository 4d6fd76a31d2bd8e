import { Suspense, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { MESSAGES } from "../messages.ts";
import { REPOSITORY_URL, SUPPORT_EMAIL } from "../site.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";
import { DOCS_PAGES, docsPath } from "./nav.ts";

/** SPEC.md §2: the docs layout — sidebar of pages and quick links; a menu button on small screens. */
export function DocsLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, hash } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) closes the menu and scrolls up.
  useEffect(() => {
    setMenuOpen(false);
    if (!hash) window.scrollTo?.(0, 0);
  }, [pathname, hash]);

  return (
    <div className="docs-shell">
      <a className="skip-link" href="#main">
        {MESSAGES.skipToContent}
      </a>
      <header className="site-header">
        <Link className="brand" to="/docs">
          <span className="brand-mark" aria-hidden="true">
            s
          </span>
          {MESSAGES.docsTitle}
        </Link>
        <nav aria-label="Site" className="header-nav">
          <Link to="/docs">{MESSAGES.nav.docs}</Link>
          <Link to="/docs/api-reference">{MESSAGES.nav.api}</Link>
          <Link to="/blog">{MESSAGES.nav.blog}</Link>
        </nav>
        <div className="header-actions">
          <button
            type="button"
            className="button menu-button"
            aria-expanded={menuOpen}
            aria-controls="docs-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? MESSAGES.closeMenu : MESSAGES.openMenu}
          </button>
          <ThemeToggle />
          <a className="button primary" href="/dashboard">
            {MESSAGES.nav.dashboard}
          </a>
        </div>
      </header>
      <div className="docs-body">
        <aside id="docs-sidebar" className={menuOpen ? "sidebar open" : "sidebar"}>
          <nav aria-label={MESSAGES.nav.documentation}>
            <ul>
              {DOCS_PAGES.map((page) => (
                <li key={page.slug}>
                  <NavLink to={docsPath(page)} end>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={MESSAGES.nav.quickLinks} className="quick-links">
            <p className="sidebar-title">{MESSAGES.nav.quickLinks}</p>
            <ul>
              <li>
                <a href={REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
                  {MESSAGES.nav.repository}
                </a>
              </li>
              <li>
                <a href="/dashboard">{MESSAGES.nav.dashboard}</a>
              </li>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </li>
            </ul>
          </nav>
        </aside>
        <main id="main" className="docs-main">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
