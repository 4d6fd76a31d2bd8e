/**
 * Facts about the site that are not texts: hosts, addresses and SPEC.md §9's blog constants.
 * The pay host, repository, support address and social handle are sPay's decisions (SPEC.md says
 * "the product's pay host" without naming it).
 */

/** Canonical base of every page (SPEC.md §9: "canonical base is the product's pay host"). */
export const PAY_HOST = "https://pay.spay.dev";

/** SPEC.md §9: the default social image is a blog-default image on the pay host. */
export const DEFAULT_SOCIAL_IMAGE = `${PAY_HOST}/docs-assets/blog-default.png`;

export const REPOSITORY_URL = "https://github.com/spay-dev/spay";
export const SUPPORT_EMAIL = "support@spay.dev";
/** The `via` parameter of the share intent. */
export const SOCIAL_HANDLE = "spaydev";
export const SHARE_INTENT_URL = "https://twitter.com/intent/tweet";

/** The local gateway `pnpm start` serves; samples default to it. */
export const LOCAL_API_URL = "http://localhost:8787";

/** SPEC.md §9 blog constants. */
export const BLOG = {
  wordsPerMinute: 200,
  featuredTags: 3,
  gridTags: 2,
  copiedMs: 2000,
  /** Post titles carry a separator and the blog's name. */
  titleSuffix: " | sPay Blog",
  locale: "en-US",
} as const;
