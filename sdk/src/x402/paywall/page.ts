import { toSpecRequirements, type X402PaymentRequiredV2 } from "@spay/protocol/x402";
import { formatX402Amount } from "../../core/format.js";
import { PAYWALL_DATA_ID, PAYWALL_PAGE_MESSAGES, PAYWALL_SCRIPT_FILE } from "../paywall-page-messages.js";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The page a browser gets instead of a 402 JSON body: what the resource costs, and the SDK's x402
 * overlay (loaded from `spay-x402.js`) to pay with a Stacks wallet or by QR. After the payment the
 * script fetches the resource with the proof and shows it. Every merchant text is escaped.
 */
export function renderPaywallPage(input: { required: X402PaymentRequiredV2; assetsUrl: string }): string {
  const { required, assetsUrl } = input;
  const scheme = toSpecRequirements(required).schemes[0];
  const cost = scheme
    ? PAYWALL_PAGE_MESSAGES.costs(formatX402Amount(scheme), scheme.asset_type === "sip10" ? "USDC" : "sBTC")
    : "";
  const description = required.resource.description;
  const scriptUrl = new URL(PAYWALL_SCRIPT_FILE, assetsUrl).href;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(PAYWALL_PAGE_MESSAGES.title)}${description ? ` — ${escapeHtml(description)}` : ""}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { max-width: 32rem; padding: 2rem; text-align: center; overflow-wrap: anywhere; }
button { font: inherit; padding: .6rem 1.2rem; border-radius: .5rem; border: 1px solid currentColor; cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(PAYWALL_PAGE_MESSAGES.title)}</h1>
${description ? `<p>${escapeHtml(description)}</p>` : ""}
<p>${escapeHtml(cost)}</p>
<button type="button" id="spay-x402-pay" hidden>${escapeHtml(PAYWALL_PAGE_MESSAGES.pay)}</button>
<noscript><p>${escapeHtml(PAYWALL_PAGE_MESSAGES.noscript)}</p></noscript>
</main>
<script type="application/json" id="${PAYWALL_DATA_ID}">${scriptJson(required)}</script>
<script src="${escapeHtml(scriptUrl)}" defer></script>
</body>
</html>
`;
}
