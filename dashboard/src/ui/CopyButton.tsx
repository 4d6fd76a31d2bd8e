import { LANDING } from "../landing/messages.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { useCopy } from "./useCopy.ts";

/** A Copy button that reads 'Copied!' for 2 s; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { copied, failed, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() => void copy(text)}
        aria-label={label ? `${copied ? LANDING.copied : LANDING.copy} ${label}` : undefined}
      >
        {copied ? LANDING.copied : LANDING.copy}
      </button>
      <span role="status" className={failed ? "error-text" : "visually-hidden"}>
        {failed ? DASHBOARD_ERRORS.copyFailed : copied ? LANDING.copied : ""}
      </span>
    </>
  );
}
