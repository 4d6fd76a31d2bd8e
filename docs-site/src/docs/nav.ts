/** A page of the docs: its route, its sidebar label and what it says about itself. */
export interface DocsPage {
  /** Path under /docs ("" for the overview). */
  slug: string;
  label: string;
  title: string;
  description: string;
}

/** SPEC.md §2: the docs sidebar, in order. */
export const DOCS_PAGES: readonly DocsPage[] = [
  {
    slug: "",
    label: "Overview",
    title: "sPay Documentation",
    description:
      "sPay is a non-custodial payment gateway for sBTC and USDC on Stacks: payment intents, webhooks, SDKs and x402 pay-per-request for AI agents.",
  },
  {
    slug: "getting-started",
    label: "Getting Started",
    title: "Getting Started",
    description:
      "Five steps from zero to a settled payment: create an account, connect a wallet, get API keys, create a payment intent and handle its status.",
  },
  {
    slug: "x402-protocol",
    label: "x402 Protocol",
    title: "x402 Protocol",
    description:
      "Sell API calls per request to AI agents over HTTP 402: the three wire forms, sPay's facilitator endpoints, the paywall middleware and the agent client.",
  },
  {
    slug: "api-reference",
    label: "API Reference",
    title: "API Reference",
    description:
      "Every endpoint of the sPay API with its parameters, request and response schemas, errors and a curl example, generated from the OpenAPI document.",
  },
  {
    slug: "sdks",
    label: "SDKs",
    title: "SDKs",
    description:
      "@spay/sdk: the drop-in script tag, React components, the typed API client, server helpers for webhooks and x402, and the agent client.",
  },
  {
    slug: "examples",
    label: "Examples",
    title: "Examples",
    description:
      "Storefronts and integrations to copy: plain HTML, React, a webhook receiver and an x402 paid API with an agent.",
  },
  {
    slug: "webhooks",
    label: "Webhooks",
    title: "Webhooks",
    description:
      "Events, Standard Webhooks signatures verified with @spay/sdk/server or by hand, the retry schedule, and spay listen for local development.",
  },
  {
    slug: "refunds",
    label: "Refunds",
    title: "Refunds",
    description:
      "Refund a payment from your own payout wallet: the API, statuses, refund.* webhooks, the dashboard flow, the @spay/sdk/server helper and customers.",
  },
  {
    slug: "teams",
    label: "Teams and roles",
    title: "Teams and roles",
    description:
      "Members, their roles and what each role may do, invitations by email, the owner rules, and how API keys relate to roles.",
  },
  {
    slug: "deploy",
    label: "Deploy",
    title: "Deploy to production",
    description:
      "Run your own sPay gateway: a self-contained server folder, the environment file, systemd, a TLS reverse proxy, backups, upgrades and scaling.",
  },
  {
    slug: "security",
    label: "Security",
    title: "Security",
    description:
      "Key types, what sPay stores and how, the non-custodial model, and the signature checks on wallets, payments and webhooks.",
  },
  {
    slug: "support",
    label: "Support",
    title: "Support",
    description:
      "How to get help with sPay: the support address, the issue tracker and what to include in a report.",
  },
  {
    slug: "changelog",
    label: "Changelog",
    title: "Changelog",
    description: "What changed in the sPay API, SDK and docs, newest first.",
  },
];

export const docsPath = (page: DocsPage): string => (page.slug ? `/docs/${page.slug}` : "/docs");

export const docsPageBySlug = (slug: string): DocsPage | undefined => DOCS_PAGES.find((p) => p.slug === slug);
