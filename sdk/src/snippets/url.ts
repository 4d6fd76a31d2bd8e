import { httpUrl } from "./escape.js";

/** The hosted payment page of a link (SPEC.md §2): `{origin}/payment-links/{linkId}`. */
export function urlSnippet(options: { origin: string; linkId: string }): string {
  if (!options.linkId) throw new TypeError("urlSnippet needs a linkId");
  return `${httpUrl(options.origin, "origin")}/payment-links/${encodeURIComponent(options.linkId)}`;
}
