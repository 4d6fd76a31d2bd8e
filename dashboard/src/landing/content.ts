/** The landing page's copy and links (SPEC.md §1, §2 "Landing page"). */

export const CODE_SAMPLES = {
  qr: `import { SPayClient } from "@spay/sdk";

const spay = new SPayClient({ apiKey: "pk_test_…" });
// The product's catalogue price is used: the browser cannot choose what it pays.
const intent = await spay.createPaymentIntent({ product_id: "prod_…", asset: "sbtc" });

// Show intent.spay_url as a QR code; the payer scans it and pays from any Stacks wallet.
console.log(intent.spay_url);`,
  x402: `// x402: the API answers 402 with payment requirements; the agent pays and retries.
const res = await fetch("https://api.example.com/v1/weather");
if (res.status === 402) {
  const requirements = JSON.parse(atob(res.headers.get("PAYMENT-REQUIRED")));
  const payment = await wallet.pay(requirements.accepts[0]); // $0.001 in USDC on Stacks
  await fetch("https://api.example.com/v1/weather", { headers: { "PAYMENT-SIGNATURE": payment } });
}`,
} as const;

export const FEATURES = [
  {
    title: "sBTC and USDC",
    text: "Accept Bitcoin on Stacks and dollar stablecoins, paid straight into your wallet.",
  },
  {
    title: "x402 for AI agents",
    text: "HTTP-native payments: charge per API call, with micro-payments as low as $0.001.",
  },
  {
    title: "Signed webhooks",
    text: "Every event is signed with HMAC-SHA256 and retried until your server confirms it.",
  },
  {
    title: "5-minute integration",
    text: "A script tag, React components or a typed REST client. Sandbox keys in seconds.",
  },
  {
    title: "Non-custodial",
    text: "Payments go from the payer's wallet to yours. sPay never holds funds or keys.",
  },
  {
    title: "Hosted payment links",
    text: "Share a link or a QR code; customers pay on a hosted checkout page.",
  },
] as const;

export const ROADMAP = [
  {
    quarter: "Q3 2025",
    title: "Mainnet launch",
    text: "sBTC payments on Stacks mainnet, x402 facilitator, webhooks.",
    current: true,
  },
  {
    quarter: "Q4 2025",
    title: "Stablecoins and subscriptions",
    text: "USDC settlement, recurring payments, refunds.",
    current: false,
  },
  {
    quarter: "2026 Q1",
    title: "Agents at scale",
    text: "x402 spending policies, usage-based billing, team roles.",
    current: false,
  },
] as const;

export const DEVELOPER_LINKS = [
  { href: "/docs/getting-started", title: "Getting Started", text: "From API key to first payment." },
  { href: "/docs/api-reference", title: "API Reference", text: "Every endpoint, field and error code." },
  { href: "/docs/x402-protocol", title: "x402 Protocol", text: "Sell API calls to AI agents." },
  { href: "/docs/support", title: "Support", text: "Ask the team." },
  { href: "/blog/accept-bitcoin-payments-stacks", title: "Accept Bitcoin payments on Stacks", text: "Blog" },
  { href: "/blog/sbtc-vs-stablecoin-ecommerce", title: "sBTC vs stablecoins for e-commerce", text: "Blog" },
] as const;

export const ECOSYSTEM = ["Stacks", "sBTC", "USDC", "Leather", "Xverse", "Asigna"] as const;
