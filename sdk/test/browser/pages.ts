/** The merchant's page with only the drop-in script and one bound element (issue 5: "only the script tag"). */
export function dropinPage(options: {
  pk: string;
  apiUrl: string;
  productId: string;
  theme?: "light" | "dark";
  extraHead?: string;
}): string {
  const theme = options.theme ? ` data-spay-theme="${options.theme}"` : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Shop</title>${options.extraHead ?? ""}</head>
<body>
<div data-spay-product="${options.productId}"></div>
<script src="/sdk/spay.js" data-spay-key="${options.pk}" data-spay-api="${options.apiUrl}"${theme}></script>
</body>
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
