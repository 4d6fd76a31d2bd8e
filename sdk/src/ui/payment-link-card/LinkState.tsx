import { CARD_MESSAGES } from "../../core/messages.js";

/** The card's place-holder while its product loads, or the load error (SPEC.md §8). */
export function LinkState({ error, notFound }: { error: string | null; notFound: boolean }) {
  if (!error) {
    return (
      <div className="spay-card" role="status">
        <span className="spay-spinner" aria-hidden="true" /> {CARD_MESSAGES.loading}
      </div>
    );
  }
  return (
    <div className="spay-card" role="alert">
      {notFound ? <h2>{CARD_MESSAGES.linkNotFoundTitle}</h2> : null}
      <p className="spay-error">{error}</p>
    </div>
  );
}
