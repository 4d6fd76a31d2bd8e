import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/core/messages.js";
import { reactSnippet } from "../../src/snippets.js";
import { bundleApp } from "./harness/bundle.js";
import { launchChromium } from "./harness/chromium.js";
import { latestIntent, retrieveIntent } from "./harness/merchant.js";
import { startStack, type TestStack } from "./harness/stack.js";
import { type StaticSite, startStaticSite } from "./harness/static-server.js";
import { installTestWallet } from "./harness/test-wallet.js";
import { appPage } from "./pages.js";

const APP_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), "react-app/main.jsx");
/** Inside the package's node_modules so the generated files resolve react and @spay/sdk like an app's. */
const SNIPPET_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/.cache/spay-react-snippet",
);

let stack: TestStack;
let site: StaticSite;
let browser: Browser;

beforeAll(async () => {
  let app: string;
  [stack, site, browser, app] = await Promise.all([
    startStack(),
    startStaticSite(),
    launchChromium(),
    bundleApp(APP_ENTRY),
  ]);
  site.set("/app.js", app);
  // The React integration snippet the dashboard shows, compiled as a merchant's app would compile it.
  await mkdir(SNIPPET_DIR, { recursive: true });
  await writeFile(
    path.join(SNIPPET_DIR, "snippet.jsx"),
    reactSnippet({ publishableKey: stack.merchant.pk, apiUrl: stack.apiUrl, productId: stack.product.id }),
  );
  await writeFile(
    path.join(SNIPPET_DIR, "main.jsx"),
    'import { createRoot } from "react-dom/client";\nimport { Checkout } from "./snippet.jsx";\ncreateRoot(document.getElementById("root")).render(<Checkout />);\n',
  );
  site.set("/snippet.js", await bundleApp(path.join(SNIPPET_DIR, "main.jsx")));
  site.set("/snippet.html", appPage("/snippet.js", {}));
  site.set(
    "/app.html",
    appPage("/app.js", { pk: stack.merchant.pk, apiUrl: stack.apiUrl, productId: stack.product.id }),
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await stack?.close();
});

async function openApp() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await installTestWallet(page, stack.devnetUrl);
  await page.goto(`${site.url}/app.html`);
  return { page, context, errors };
}

describe("@spay/sdk/react (built dist/react.js) in a React app, in Chromium, on the devnet", () => {
  it("the React integration snippet compiles and renders the product's checkout card", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    try {
      await page.goto(`${site.url}/snippet.html`);
      await expect
        .poll(() => page.getByText("Browser Test Beans").count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => page.getByRole("button", { name: MESSAGES.pay }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("<PaymentLinkCard> takes a wallet payment through to settled", async () => {
    const { page, context, errors } = await openApp();
    await expect.poll(() => page.getByText("Browser Test Beans").isVisible()).toBe(true);
    await page.getByRole("radio", { name: MESSAGES.sbtcWallet }).check();
    await page.getByRole("button", { name: MESSAGES.pay }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId("paid").textContent(), { timeout: 30_000 }).toMatch(/^pi_/);
    const id = await page.getByTestId("paid").textContent();
    expect(await retrieveIntent(stack.apiUrl, stack.merchant.sk, id ?? "")).toMatchObject({
      status: "payment_settled",
      product_id: stack.product.id,
    });
    await expect.poll(() => page.getByText(MESSAGES.paymentSettled).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("<Checkout method='wallet'> pays an amount without a card", async () => {
    const { page, context, errors } = await openApp();
    await page.getByRole("button", { name: "Tip $5" }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.walletPayment });
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSent).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => dialog.getByText(MESSAGES.paymentSettled).isVisible(), { timeout: 30_000 })
      .toBe(true);
    const intent = await latestIntent(stack.apiUrl, stack.merchant.sk);
    expect(intent).toMatchObject({
      amount_minor: 500,
      status: "payment_settled",
      metadata: { purpose: "tip" },
    });
    // Closes itself 2 s after settlement (SPEC.md §9).
    await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
