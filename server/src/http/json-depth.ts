/**
 * The deepest nesting of arrays and objects a JSON request body may have. Real payloads (metadata,
 * line items, shipping addresses) stay under 5 levels; recursion in validators, canonicalizers and
 * the parser itself is what a deeper body attacks.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when `text` opens more than `limit` arrays/objects at once. One linear pass over the raw
 * text, counting `[` and `{` outside string literals, so it runs before anything recursive does and
 * costs the same on any input. Malformed JSON is left to the parser: this only measures depth.
 */
export function jsonNestingExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
