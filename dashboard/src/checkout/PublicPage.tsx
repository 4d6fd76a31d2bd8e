import type { ReactNode } from "react";
import { BRAND } from "../messages.ts";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";

/** The frame of the public checkout pages: brand, theme toggle, centred content. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="public-page">
      <header className="public-header">
        <a href="/" className="brand">
          {BRAND}
        </a>
        <ThemeToggle />
      </header>
      <main id="main" className="public-main">
        {children}
      </main>
    </div>
  );
}
