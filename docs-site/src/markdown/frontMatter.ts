/** A front-matter value: text, or a list when written as `[a, b, c]`. */
export type FrontMatterValue = string | string[];

export interface FrontMatter {
  data: Record<string, FrontMatterValue>;
  /** The Markdown after the closing `---`. */
  body: string;
}

const QUOTED = /^(["'])(.*)\1$/s;

/** Strips one pair of matching quotes around a value. */
function unquote(value: string): string {
  const match = QUOTED.exec(value);
  return match ? (match[2] ?? "") : value;
}

function parseValue(raw: string): FrontMatterValue {
  const value = raw.trim();
  if (value.startsWith("[") && value.endsWith("]")) {
    return value
      .slice(1, -1)
      .split(",")
      .map((item) => unquote(item.trim()).trim())
      .filter((item) => item !== "");
  }
  return unquote(value);
}

/**
 * SPEC.md §3: a header of `key: value` lines between `---` markers; quotes around values are
 * stripped and a bracketed comma list becomes a list. Lines without a colon are ignored; a source
 * without a header is all body.
 */
export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (lines[0]?.trim() !== "---") return { data: {}, body: text };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
  if (end === -1) return { data: {}, body: text };
  const data: Record<string, FrontMatterValue> = {};
  for (const line of lines.slice(1, end)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    if (key) data[key] = parseValue(line.slice(colon + 1));
  }
  return { data, body: lines.slice(end + 1).join("\n") };
}
