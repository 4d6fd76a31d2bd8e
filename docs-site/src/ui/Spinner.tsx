import { MESSAGES } from "../messages.ts";

/** A loading indicator that screen readers announce. */
export function Spinner({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
