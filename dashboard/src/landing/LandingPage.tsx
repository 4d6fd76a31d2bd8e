import { lazy, type ReactNode, Suspense, useState } from "react";
import type { AuthMode } from "../auth/AuthModal.tsx";
import { BRAND } from "../messages.ts";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";
import { CodeTabs } from "./CodeTabs.tsx";
import { DEVELOPER_LINKS, ECOSYSTEM, FEATURES, ROADMAP } from "./content.ts";
import { LANDING } from "./messages.ts";
import { NewsletterForm } from "./NewsletterForm.tsx";
import { PaymentCounter } from "./PaymentCounter.tsx";
import { Playground } from "./Playground.tsx";
import { useHydrated } from "./useHydrated.ts";

// Loaded when opened: the landing's first load carries no auth code.
const AuthModal = lazy(() => import("../auth/AuthModal.tsx").then((m) => ({ default: m.AuthModal })));

export interface AuthDialogProps {
  initialMode: AuthMode;
  onClose(): void;
}

/** Inside the app: the auth dialog with the app's session and router. */
const appAuth = (props: AuthDialogProps) => <AuthModal {...props} />;

/**
 * The signed-out home (SPEC.md §2 "Landing page"). `renderAuth` renders its auth dialog: the app's
 * by default; the stand-alone landing (LandingRoot) brings its own session.
 */
export function LandingPage({
  renderAuth = appAuth,
}: {
  renderAuth?: (props: AuthDialogProps) => ReactNode;
}) {
  const [auth, setAuth] = useState<AuthMode | null>(null);
  const hydrated = useHydrated();
  const openRegister = () => setAuth("register");
  return (
    <div className="landing">
      <header className="landing-header">
        <a href="/" className="brand">
          {BRAND}
        </a>
        <nav aria-label="Site" className="landing-nav">
          <a href="/docs">Docs</a>
          <a href="/blog">Blog</a>
          {/* The toggle shows the visitor's theme: a same-sized placeholder in the pre-rendered page. */}
          {hydrated ? <ThemeToggle /> : <span className="icon-button" aria-hidden="true" />}
          <button type="button" className="button" onClick={() => setAuth("signin")}>
            {LANDING.signIn}
          </button>
          {/* On a phone the hero's own button, just below, offers this: the header keeps to one row. */}
          <button type="button" className="button button-primary landing-nav-cta" onClick={openRegister}>
            {LANDING.getFreeApiKey}
          </button>
        </nav>
      </header>
      <main id="main">
        <section className="hero">
          <div className="hero-text">
            <h1>{LANDING.heroTitle}</h1>
            <p className="lead">{LANDING.heroLead}</p>
            <div className="row">
              <button type="button" className="button button-primary button-large" onClick={openRegister}>
                {LANDING.getFreeApiKey}
              </button>
              <a className="button button-large" href="/docs/getting-started">
                {LANDING.readDocs}
              </a>
              <a className="text-link" href="/docs/x402-protocol">
                x402 protocol →
              </a>
            </div>
          </div>
          <CodeTabs />
        </section>
        <NewsletterForm />
        <section className="section" aria-labelledby="features-title">
          <h2 id="features-title">{LANDING.featuresTitle}</h2>
          <ul className="card-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <Playground />
        <section className="section" aria-labelledby="roadmap-title">
          <h2 id="roadmap-title">{LANDING.roadmapTitle}</h2>
          <ol className="roadmap">
            {ROADMAP.map((r) => (
              <li
                key={r.quarter}
                className={r.current ? "card roadmap-current" : "card"}
                aria-current={r.current ? "step" : undefined}
              >
                <span className="badge">{r.quarter}</span>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="section" aria-labelledby="ecosystem-title">
          <h2 id="ecosystem-title">{LANDING.ecosystemTitle}</h2>
          <div className="ecosystem">
            <ul className="chips">
              {ECOSYSTEM.map((name) => (
                <li key={name} className="chip">
                  {name}
                </li>
              ))}
            </ul>
            <PaymentCounter />
          </div>
        </section>
        <section className="section" aria-labelledby="developers-title">
          <h2 id="developers-title">{LANDING.developersTitle}</h2>
          <ul className="card-grid">
            {DEVELOPER_LINKS.map((l) => (
              <li key={l.href} className="card">
                <a href={l.href}>{l.title}</a>
                <p>{l.text}</p>
              </li>
            ))}
            <li className="card">
              <a href="/docs">Documentation</a>
              <p>Guides, SDKs and examples.</p>
            </li>
            <li className="card">
              <a href="/blog">Blog</a>
              <p>Engineering notes and guides.</p>
            </li>
          </ul>
        </section>
        <section className="section closing" aria-labelledby="closing-title">
          <h2 id="closing-title">{LANDING.closingTitle}</h2>
          <p>{LANDING.closingLead}</p>
          <button type="button" className="button button-primary button-large" onClick={openRegister}>
            {LANDING.getFreeApiKey}
          </button>
        </section>
      </main>
      <footer className="landing-footer">
        © {BRAND} · <a href="/docs">Docs</a> · <a href="/blog">Blog</a> · <a href="/docs/support">Support</a>
      </footer>
      {auth ? (
        <Suspense fallback={null}>{renderAuth({ initialMode: auth, onClose: () => setAuth(null) })}</Suspense>
      ) : null}
    </div>
  );
}
