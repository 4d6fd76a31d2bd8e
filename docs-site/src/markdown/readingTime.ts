import { BLOG } from "../site.ts";

/** Words in a text: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** SPEC.md §9: reading time = word count / 200, rounded up. */
export function readingTimeMinutes(text: string): number {
  return Math.ceil(countWords(text) / BLOG.wordsPerMinute);
}
