/** The texts of the signed-out landing page and its sign-up (SPEC.md quoted texts kept exactly); shared texts are in ../messages.ts. */

export const LANDING = {
  getFreeApiKey: "Get Free API Key",
  signIn: "Sign In",
  heroTitle: "Accept Bitcoin and stablecoin payments on Stacks",
  heroLead:
    "sBTC and USDC payments for developers, with the x402 protocol for AI agents and micro-payments as low as $0.001 per call. Mainnet in Q3 2025.",
  readDocs: "Read the Docs",
  codeTabsLabel: "Integration example",
  qrTab: "QR Payments",
  x402Tab: "x402 (HTTP)",
  copy: "Copy",
  copied: "Copied!",
  featuresTitle: "Built for developers",
  newsletterTitle: "Stay in the loop",
  newsletterLead: "Product updates and mainnet news, about once a month.",
  emailLabel: "Email address",
  signUp: "Sign Up",
  signingUp: "Signing up...",
  signedUp: "Signed up!",
  thankYou: "Thank you for signing up! We'll keep you posted.",
  playgroundTitle: "Try the API",
  playgroundLead: "Create a payment intent without an account. This playground runs in your browser.",
  amountLabel: "Amount (cents)",
  createIntent: "Create Payment Intent",
  creatingIntent: "Creating...",
  roadmapTitle: "Roadmap",
  ecosystemTitle: "Part of the Stacks ecosystem",
  testPaymentsLabel: "test payments in the last 7 days",
  statsFallbackWarning: "Live count unavailable; showing an estimate",
  developersTitle: "Developer resources",
  closingTitle: "Start accepting sBTC in 5 minutes",
  closingLead: "Free API keys, sandbox payments on a real Stacks devnet, HMAC-SHA256 signed webhooks.",
  themeToLight: "Switch to light theme",
  themeToDark: "Switch to dark theme",
} as const;

export const SIGNUP_ERRORS = {
  alreadySignedUp: "This email is already signed up for updates",
  failed: "Signup failed. Please try again.",
} as const;
