/**
 * Escaping for every value a snippet interpolates: a product id, key or URL can never break out of
 * its HTML attribute, JS string or shell word, whatever characters it holds.
 */

/** Text safe inside a double- or single-quoted HTML attribute (and element content). */
export function htmlAttr(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * A JS/JSON string literal, also safe inside an inline `<script>` (`<` escaped) and in old
 * engines (U+2028/U+2029 escaped).
 */
export function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** JSON of a value with the same escapes as {@link jsString}. */
export function jsJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One POSIX shell word: single-quoted, embedded quotes closed, escaped and reopened. */
export function shellWord(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const PLAIN_JSX_ATTR = /^[A-Za-z0-9_\-.:/@?=%+~#,]*$/;

/** A JSX attribute: `name="value"` when plain, else `name={"…"}` (JSX strings know no escapes). */
export function jsxAttr(name: string, value: string): string {
  return PLAIN_JSX_ATTR.test(value) ? `${name}="${value}"` : `${name}={${jsString(value)}}`;
}

/** An http(s) URL without trailing slashes; anything else is refused (no `javascript:` in a snippet). */
export function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`${name} must be an http(s) URL, got '${value}'`);
  }
  return value.replace(/\/+$/, "");
}
