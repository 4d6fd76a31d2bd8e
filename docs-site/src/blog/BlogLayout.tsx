import { Suspense } from "react";
import { Link, Outlet } from "react-router-dom";
import { MESSAGES } from "../messages.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";

/** SPEC.md §2: the blog header has Blog, Docs and API links and a 'Get Free API Key' button to /. */
export function BlogLayout() {
  return (
    <div className="blog-shell">
      <a className="skip-link" href="#main">
        {MESSAGES.skipToContent}
      </a>
      <header className="site-header">
        <Link className="brand" to="/blog">
          <span className="brand-mark" aria-hidden="true">
            s
          </span>
          {MESSAGES.blogName}
        </Link>
        <nav aria-label={MESSAGES.blogName} className="header-nav">
          <Link to="/blog">{MESSAGES.nav.blog}</Link>
          <Link to="/docs">{MESSAGES.nav.docs}</Link>
          <Link to="/docs/api-reference">{MESSAGES.nav.api}</Link>
        </nav>
        <div className="header-actions">
          <ThemeToggle />
          <a className="button primary" href="/">
            {MESSAGES.getFreeApiKey}
          </a>
        </div>
      </header>
      <main id="main" className="blog-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
