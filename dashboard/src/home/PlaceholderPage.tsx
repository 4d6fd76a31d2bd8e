import { PLACEHOLDER_PAGES } from "../messages.ts";

/** Payments, Products and Integrations arrive in part 2 of the dashboard. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="muted">{PLACEHOLDER_PAGES.comingSoon}</p>
    </div>
  );
}
