/** The server's slug length limits (server/src/domain/slug.ts). */
export const SLUG_MIN = 2;
export const SLUG_MAX = 48;

/**
 * SPEC.md §2: a slug defaults to the name lowercased, with runs of non-alphanumerics turned into
 * hyphens (and no hyphen at either end, which the server's slug rule refuses), cut to the server's
 * 48 characters so a long name never makes a default the server refuses.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
}
