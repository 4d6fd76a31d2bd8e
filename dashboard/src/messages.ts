/**
 * The texts more than one feature shows (the brand, common words, errors several screens map);
 * each feature's own texts live beside it in `<feature>/messages.ts`. From SPEC.md §2, §5 and §8
 * (quoted texts kept exactly). Texts the API also returns come from @spay/protocol's catalogue.
 */
export const BRAND = "sPay";

/**
 * The server's validation errors in plain words (api/field-errors.ts turns a `parameter_invalid`
 * answer into one of these; validator text never reaches the screen).
 */
export const FIELD_ERRORS = {
  required: "This field is required",
  atMostChars: (n: number) => `Use at most ${n.toLocaleString("en-US")} characters`,
  atLeastChars: (n: number) => `Use at least ${n.toLocaleString("en-US")} characters`,
  atMost: (n: number) => `Enter ${n.toLocaleString("en-US")} or less`,
  atLeast: (n: number) => `Enter ${n.toLocaleString("en-US")} or more`,
  above: (n: number) => `Enter more than ${n.toLocaleString("en-US")}`,
  wholeNumber: "Enter a whole number",
  number: "Enter a number",
  url: "Enter a full web address starting with https://",
  email: "Enter an email address like name@example.com",
  choice: "Choose one of the options",
  format: "This value is not in the expected format",
  invalid: "This value is not valid",
  unknownField: "This field cannot be changed here",
  unstorable: "Remove special characters (such as invisible control characters)",
  network: "Could not reach sPay. Check your connection and try again.",
  server: "Something went wrong on our side. Please try again.",
  /** A length counter shown before the limit is reached: "812 / 1,000". */
  counter: (used: number, max: number) => `${used.toLocaleString("en-US")} / ${max.toLocaleString("en-US")}`,
} as const;

export const WALLET_ERRORS = {
  noStacksAddress: "No Stacks address found in wallet response",
  signatureInvalid: "Signature verification failed - invalid signature",
  connectionFailed: (message: string) => `Connection failed: ${message}`,
  verificationFailed: (message: string) => `Wallet verification failed: ${message}`,
} as const;

export const WEBHOOK_ERRORS = {
  invalidUrl: "Please enter a valid webhook URL (must start with http:// or https://)",
  timeout: "Request timeout - endpoint did not respond within 10 seconds",
  network: "Network error - could not connect to webhook endpoint. Check the URL and ensure CORS is enabled.",
  cors: "CORS error - webhook endpoint must allow requests from this domain",
  status: (status: number, text: string) => `Webhook endpoint returned ${status}: ${text}`,
} as const;

export const DASHBOARD_ERRORS = {
  noWorkspace: "No workspace selected. Please complete workspace setup.",
  noApiKey: "No API key available for current workspace",
  apiError: (status: number) => `API error: ${status}`,
  fetchKeysFailed: (status: number) => `Failed to fetch API keys: ${status}`,
  noActiveKeys: "No active API keys available. Please try connecting your wallet again.",
  sandboxFailed: (message: string) => `Sandbox payment failed: ${message}`,
  copyFailed: "Failed to copy to clipboard",
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

export const COMMON = {
  loading: "Loading...",
  retry: "Retry",
  close: "Close",
  notFound: "Page not found",
  backHome: "Go to Homepage",
} as const;
