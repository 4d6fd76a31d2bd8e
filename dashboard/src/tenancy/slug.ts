/**
 * SPEC.md §2: a slug defaults to the name lowercased, with runs of non-alphanumerics turned into
 * hyphens (and no hyphen at either end, which the server's slug rule refuses).
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
