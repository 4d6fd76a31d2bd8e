import { COMMON } from "../messages.ts";

export function Loading({ label = COMMON.loading }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-box" role="alert">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="button button-small" onClick={onRetry}>
          {COMMON.retry}
        </button>
      ) : null}
    </div>
  );
}
