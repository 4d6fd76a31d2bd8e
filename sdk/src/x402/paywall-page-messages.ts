/** Texts of the x402 paywall page (server-rendered shell and its script); one place for both. */
export const PAYWALL_PAGE_MESSAGES = {
  title: "Payment required",
  costs: (amount: string, asset: string) =>
    `This resource costs ${amount} in ${asset} on Stacks, paid per request.`,
  pay: "Pay to continue",
  noscript:
    "Paying needs JavaScript and a Stacks wallet. Agents: retry the request with a PAYMENT-SIGNATURE (x402 v2) or X-PAYMENT header.",
  loadingResource: "Payment verified. Loading the resource...",
  resourceFailed: (status: number) => `The resource answered with status ${status}.`,
} as const;

/** The id of the page's JSON data element (what the server puts in, what the script reads). */
export const PAYWALL_DATA_ID = "spay-x402-data";
/** The page script's file, next to spay.js in the SDK's dist folder. */
export const PAYWALL_SCRIPT_FILE = "spay-x402.js";
