/**
 * Where the card's Terms and Privacy links go when the merchant gives none: the pages of the sPay
 * host that serves the payment link (its hosted page's origin), else of the API.
 */
export function legalUrls(
  linkUrl: string | null,
  apiUrl: string | undefined,
  given: { termsUrl?: string | undefined; privacyUrl?: string | undefined },
): { termsUrl: string; privacyUrl: string } {
  let origin = "";
  for (const candidate of [linkUrl, apiUrl]) {
    if (!candidate) continue;
    try {
      origin = new URL(candidate).origin;
      break;
    } catch {
      // not an absolute URL: try the next one
    }
  }
  return {
    termsUrl: given.termsUrl ?? `${origin}/terms`,
    privacyUrl: given.privacyUrl ?? `${origin}/privacy`,
  };
}
