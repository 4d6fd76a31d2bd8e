import { randomKey } from "../core/http.js";
import { httpUrl, jsJson, jsString, shellWord } from "./escape.js";

/** What the API snippets (curl and fetch) create. */
export interface ApiSnippetOptions {
  apiUrl: string;
  /** Embedded as given; by default the snippets read the `SPAY_SECRET_KEY` environment variable. */
  secretKey?: string;
  /** Amount in cents. */
  amountMinor: number;
  asset?: "sbtc" | "usdc";
  productId?: string;
  /** Sent as `metadata.product_name`, as the dashboard's test payments do. */
  productName?: string;
  /** curl's `Idempotency-Key` (a fresh UUID by default; fetch makes one per run). */
  idempotencyKey?: string;
}

/** The environment variable the snippets read the secret key from. */
export const SECRET_KEY_ENV = "SPAY_SECRET_KEY";

function requestBody(options: ApiSnippetOptions): Record<string, unknown> {
  if (!Number.isSafeInteger(options.amountMinor) || options.amountMinor < 1) {
    throw new RangeError(`amountMinor must be a positive integer (cents), got ${options.amountMinor}`);
  }
  const metadata: Record<string, string> = {};
  if (options.productId) metadata.product_id = options.productId;
  if (options.productName) metadata.product_name = options.productName;
  return {
    amount_minor: options.amountMinor,
    currency: "usd",
    ...(options.asset ? { asset: options.asset } : {}),
    ...(options.productId ? { product_id: options.productId } : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
}

/** `curl` creating a payment intent with an `Idempotency-Key` (Integration Code, API tab). */
export function curlSnippet(options: ApiSnippetOptions): string {
  const url = `${httpUrl(options.apiUrl, "apiUrl")}/v1/payment_intents`;
  const auth =
    options.secretKey === undefined
      ? `"Authorization: Bearer $${SECRET_KEY_ENV}"`
      : shellWord(`Authorization: Bearer ${options.secretKey}`);
  return [
    `curl ${shellWord(url)} \\`,
    "  -X POST \\",
    `  -H ${auth} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${shellWord(`Idempotency-Key: ${options.idempotencyKey ?? randomKey()}`)} \\`,
    `  -d ${shellWord(JSON.stringify(requestBody(options)))}`,
    "",
  ].join("\n");
}

/** `fetch` (Node 18+ or a server runtime) creating a payment intent with an `Idempotency-Key`. */
export function fetchSnippet(options: ApiSnippetOptions): string {
  const url = `${httpUrl(options.apiUrl, "apiUrl")}/v1/payment_intents`;
  const auth =
    options.secretKey === undefined
      ? `\`Bearer \${process.env.${SECRET_KEY_ENV}}\``
      : jsString(`Bearer ${options.secretKey}`);
  const body = jsJson(requestBody(options), 2).replace(/\n/g, "\n  ");
  return [
    `const response = await fetch(${jsString(url)}, {`,
    `  method: "POST",`,
    "  headers: {",
    `    Authorization: ${auth},`,
    `    "Content-Type": "application/json",`,
    `    "Idempotency-Key": crypto.randomUUID(),`,
    "  },",
    `  body: JSON.stringify(${body}),`,
    "});",
    "const paymentIntent = await response.json();",
    "if (!response.ok) throw new Error(paymentIntent.error.message);",
    "console.log(paymentIntent.id, paymentIntent.spay_url);",
    "",
  ].join("\n");
}
