import { httpUrl, jsString, jsxAttr } from "./escape.js";
import { targetOf } from "./html.js";

/** What the React snippet renders. */
export interface ReactSnippetOptions {
  publishableKey: string;
  apiUrl: string;
  productId?: string;
  linkId?: string;
  /** `card` renders `<PaymentLinkCard>` (default), `button` renders `<BuyButton>`. */
  view?: "card" | "button";
  theme?: "light" | "dark";
}

/**
 * The React snippet (Integration Code, React tab): an `SPayClient` with the publishable key and a
 * component rendering `<PaymentLinkCard>` (or `<BuyButton>`) from `@spay/sdk/react`.
 */
export function reactSnippet(options: ReactSnippetOptions): string {
  const [kind, id] = targetOf(options);
  const component = options.view === "button" ? "BuyButton" : "PaymentLinkCard";
  const props = [
    "client={spay}",
    jsxAttr(kind === "product" ? "productId" : "linkId", id),
    ...(options.theme ? [jsxAttr("theme", options.theme)] : []),
  ];
  return [
    `import { SPayClient } from "@spay/sdk";`,
    `import { ${component} } from "@spay/sdk/react";`,
    "",
    "const spay = new SPayClient({",
    `  apiKey: ${jsString(options.publishableKey)},`,
    `  apiUrl: ${jsString(httpUrl(options.apiUrl, "apiUrl"))},`,
    "});",
    "",
    "export function Checkout() {",
    `  return <${component} ${props.join(" ")} />;`,
    "}",
    "",
  ].join("\n");
}
