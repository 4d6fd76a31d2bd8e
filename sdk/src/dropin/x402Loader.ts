/**
 * `spay-x402.js`, the x402 paywall page's classic script: it loads the page's ES module
 * (./x402Page.ts, built to `x402-page/x402-page.js` with its chunks).
 */
import { loadEntry } from "./loadEntry.js";
import type { startX402Page } from "./x402Page.js";

loadEntry<{ startX402Page: typeof startX402Page }>("x402-page/x402-page.js", (mod) => mod.startX402Page());
