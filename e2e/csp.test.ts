import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createMerchantAccount,
  type Json,
  launchChromium,
  type ProductStack,
  startProduct,
} from "./harness/stack.ts";

let product: ProductStack;
let browser: Browser;
let merchant: { session: Json; user: Json; sk: string; pk: string };
let linkId: string;
/** The hosted checkout as checkout_url opens it: the intent's id and its client secret. */
let intentPage: string;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
  const account = await createMerchantAccount(product.url, { name: "CSP Co" });
  merchant = { session: { session_id: account.session }, user: account.user, sk: account.sk, pk: account.pk };
  const created = await api(
    product.url,
    "POST",
    "/v1/products",
    { name: "CSP Beans", price_minor: 1200, stock: 3 },
    merchant.sk,
  );
  linkId = created.payment_link.id;
  // The browser's key names what it sells; the catalogue sets the price.
  const intent = await api(product.url, "POST", "/v1/payment_intents", { payment_link: linkId }, merchant.pk);
  intentPage = `/pay/${intent.id}?client_secret=${intent.client_secret}`;
});

afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** Loads a page with a listener for `securitypolicyviolation` installed before any page script. */
async function visit(path: string, session?: { token: string; user: Json }) {
  const context = await browser.newContext();
  await context.addInitScript((s) => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
    if (s) {
      localStorage.setItem("spay_session_token", s.token);
      localStorage.setItem("spay_user", JSON.stringify(s.user));
    }
  }, session ?? null);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.text().includes("Content Security Policy")) errors.push(msg.text());
  });
  const response = await page.goto(`${product.url}${path}`, { waitUntil: "load" });
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  const text = await page.locator("body").innerText();
  await context.close();
  return {
    status: response?.status(),
    csp: response?.headers()["content-security-policy"] ?? "",
    violations,
    errors,
    text,
  };
}

describe("every page the product serves, under its Content-Security-Policy, in Chromium", () => {
  const publicPages = () => [
    "/",
    "/docs",
    "/docs/getting-started",
    "/docs/x402-protocol",
    "/docs/api-reference",
    "/docs/webhooks",
    "/blog",
    "/blog/accept-bitcoin-payments-stacks",
    `/payment-links/${linkId}`,
    intentPage,
  ];

  it("public pages: the policy is sent, nothing is blocked, nothing throws, something renders", async () => {
    for (const path of publicPages()) {
      const page = await visit(path);
      expect(page.status, path).toBe(200);
      expect(page.csp, path).toContain("script-src 'self'");
      expect(page.violations, path).toEqual([]);
      expect(page.errors, path).toEqual([]);
      expect(page.text.trim().length, path).toBeGreaterThan(20);
    }
  });

  it("signed-in pages: the same", async () => {
    const session = { token: merchant.session.session_id as string, user: merchant.user };
    for (const path of [
      "/dashboard",
      "/getting-started",
      "/payments",
      "/products",
      "/integrations",
      "/settings",
    ]) {
      const page = await visit(path, session);
      expect(page.status, path).toBe(200);
      expect(page.violations, path).toEqual([]);
      expect(page.errors, path).toEqual([]);
    }
  });
});
