import { FIELD_ERRORS } from "../messages.ts";

/**
 * Characters used of a field's limit ("812 / 1,000"), shown before the limit is reached (always,
 * or from `showFrom` of the limit on) and red past it.
 */
export function CharacterCounter({
  id,
  value,
  max,
  showFrom = 0,
}: {
  id: string;
  value: string;
  max: number;
  showFrom?: number;
}) {
  const used = value.trim().length;
  const over = used > max;
  if (used < max * showFrom) return <span id={id} hidden />;
  return (
    <span
      id={id}
      className={over ? "field-counter error-text" : "field-counter muted"}
      data-testid="character-counter"
    >
      {FIELD_ERRORS.counter(used, max)}
      {over ? ` — ${FIELD_ERRORS.atMostChars(max)}` : ""}
    </span>
  );
}
