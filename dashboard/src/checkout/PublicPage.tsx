import type { ReactNode } from "react";
import { Logo } from "../ui/Logo.tsx";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";

/** The frame of the public checkout pages: brand, theme toggle, centred content. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-header">
        <a href="/" className="brand">
          <Logo />
        </a>
        <ThemeToggle />
      </header>
      <main id="main" className="public-main">
        {children}
      </main>
    </div>
  );
}
