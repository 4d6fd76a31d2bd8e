import { htmlSnippet } from "../../src/snippets.js";

/**
 * The merchant's page with only the drop-in ("only the script tag"): its body is exactly
 * the HTML integration snippet the dashboard shows, so these browser tests execute that snippet.
 */
export function dropinPage(options: {
  pk: string;
  apiUrl: string;
  siteUrl: string;
  productId: string;
  theme?: "light" | "dark";
  extraHead?: string;
}): string {
  const snippet = htmlSnippet({
    publishableKey: options.pk,
    apiUrl: options.apiUrl,
    scriptUrl: `${options.siteUrl}/sdk/spay.js`,
    productId: options.productId,
    ...(options.theme ? { theme: options.theme } : {}),
  });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Shop</title>${options.extraHead ?? ""}</head>
<body>
${snippet}</body>
</html>`;
}

/** A page that loads a bundled script (the React test app). */
export function appPage(script: string, config: Record<string, string>): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>React shop</title></head>
<body>
<main id="root"></main>
<script>window.__SPAY_TEST__ = ${JSON.stringify(config)};</script>
<script type="module" src="${script}"></script>
</body>
</html>`;
}
