import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../harness/axe.ts";
import { type MerchantPhone, type SeededMerchant, startMerchantPhone } from "../harness/merchant.ts";
import { screenshotBothThemes } from "../harness/screenshots.ts";
import type { TestStack } from "../harness/stack.ts";

/**
 * Phones first-class: every screen of the merchant app at 360, 390 and 414 px with long
 * data — no sideways scroll, a compact header, the bottom bar on screen, tables as cards, nothing
 * in the content past the right edge and nothing clipped away.
 */
const WIDTHS = [360, 390, 414] as const;
const HEADER_MAX_PX = 64;
const LONG_PRODUCT = "P".repeat(200);
const LONG_ORG = "O".repeat(200);

interface Layout {
  overflow: number;
  headerHeight: number;
  bottomBar: { top: number; left: number; right: number; bottom: number } | null;
  viewport: { width: number; height: number };
  /** Elements past the right edge, sideways scrollers, clipped boxes, truncated text without a title. */
  problems: string[];
}

/** Measures the page as it stands: the document, the header, the bottom bar and every element of the content. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const describe = (el: Element) => {
      const cls =
        typeof el.className === "string" && el.className
          ? `.${el.className.trim().split(/\s+/).join(".")}`
          : "";
      const text = (el.textContent ?? "").trim().slice(0, 24);
      return `${el.tagName.toLowerCase()}${cls} "${text}"`;
    };
    const isCode = (el: Element) => el.closest("pre, .code-panel, .playground-output") !== null;
    const roots = [...document.querySelectorAll("#main, .app-header, [role=dialog], .bottom-bar, .menu")];
    const problems = new Set<string>();
    for (const root of roots) {
      for (const el of [root, ...root.querySelectorAll("*")]) {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden") continue;
        if (el.closest(".visually-hidden")) continue;
        // A truncated line keeps its full text in a title (its own or its parent's).
        const clipsX = style.overflowX === "hidden" || style.overflowX === "clip";
        if (clipsX && style.textOverflow === "ellipsis") {
          if (el.scrollWidth > el.clientWidth + 1 && !el.closest("[title]"))
            problems.add(`truncated without a title: ${describe(el)}`);
          continue;
        }
        if (el.parentElement && isCode(el.parentElement)) continue;
        const inEllipsis = (() => {
          for (let p = el.parentElement; p && p !== root.parentElement; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflowX !== "visible" && s.textOverflow === "ellipsis") return true;
          }
          return false;
        })();
        if (inEllipsis) continue;
        if (rect.right > vw + 1)
          problems.add(`past the right edge (${Math.round(rect.right)} px): ${describe(el)}`);
        const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
        if (scrolls && el.scrollWidth > el.clientWidth + 1 && !isCode(el)) {
          const widest = [...el.querySelectorAll("*")].sort(
            (a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right,
          )[0];
          problems.add(
            `scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}, widest ${widest ? describe(widest) : "-"}`,
          );
        }
        const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
        const clamped = style.webkitLineClamp !== "none" && style.webkitLineClamp !== "";
        if (clipsY && !clamped && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 1)
          problems.add(`clips its content (${el.scrollHeight} > ${el.clientHeight}): ${describe(el)}`);
      }
    }
    // Whatever widens the document, wherever it is: the innermost elements past the right edge.
    if (document.documentElement.scrollWidth > vw) {
      const past = [...document.body.querySelectorAll("*")].filter(
        (el) => el.getBoundingClientRect().right > vw + 1 && !el.parentElement?.closest(".visually-hidden"),
      );
      for (const el of past
        .filter((el) => !past.some((other) => other !== el && el.contains(other)))
        .slice(0, 5))
        problems.add(`widens the page (${Math.round(el.getBoundingClientRect().right)} px): ${describe(el)}`);
    }
    const header = document.querySelector(".app-header")?.getBoundingClientRect();
    const bar = document.querySelector(".bottom-bar")?.getBoundingClientRect();
    return {
      overflow: document.documentElement.scrollWidth - vw,
      headerHeight: header?.height ?? 0,
      bottomBar: bar ? { top: bar.top, left: bar.left, right: bar.right, bottom: bar.bottom } : null,
      viewport: { width: vw, height: window.innerHeight },
      problems: [...problems],
    };
  });
}

function expectPhoneLayout(layout: Layout, where: string) {
  expect(layout.problems, where).toEqual([]);
  expect(layout.overflow, `${where}: scrollWidth past the viewport`).toBeLessThanOrEqual(0);
  expect(layout.headerHeight, `${where}: header height`).toBeGreaterThan(0);
  expect(layout.headerHeight, `${where}: header height`).toBeLessThanOrEqual(HEADER_MAX_PX);
  const bar = layout.bottomBar;
  expect(bar, `${where}: bottom bar`).not.toBeNull();
  if (!bar) return;
  expect(bar.left, `${where}: bottom bar left`).toBeGreaterThanOrEqual(0);
  expect(bar.top, `${where}: bottom bar top`).toBeGreaterThanOrEqual(0);
  expect(bar.right, `${where}: bottom bar right`).toBeLessThanOrEqual(layout.viewport.width);
  expect(bar.bottom, `${where}: bottom bar bottom`).toBeLessThanOrEqual(layout.viewport.height);
}

describe("the merchant app on phones, in the browser", () => {
  let phone: MerchantPhone;
  let stack: TestStack;
  let page: Page;
  let merchant: SeededMerchant;

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "idempotency-key": crypto.randomUUID(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };

  /** Opens a screen (once per width the page is already signed in) and waits for `ready`. */
  const visit = async (width: number, path: string, ready: (p: Page) => Promise<unknown>) => {
    await phone.open(path, width);
    await ready(page);
  };

  beforeAll(async () => {
    phone = await startMerchantPhone({ height: 780 });
    ({ stack, page, merchant } = phone);
    const orgs = (await api("GET", "/v1/organizations", merchant.token)) as { data: { id: string }[] };
    // The API takes 100 characters; an older organization carries 200 (as a merchant walk saw).
    await stack.deps.db
      .updateTable("organizations")
      .set({ name: LONG_ORG })
      .where("id", "=", orgs.data[0]?.id ?? "")
      .execute();
    await api("POST", "/v1/products", merchant.sk, {
      name: LONG_PRODUCT,
      description: "D".repeat(300),
      price_minor: 99_999_999,
      stock: 5,
    });
    await api("POST", "/v1/products", merchant.sk, { name: "Espresso", price_minor: 300, stock: 10 });
    await api("POST", "/v1/webhook_endpoints", merchant.sk, {
      url: `https://shop.example/webhooks/${"w".repeat(200)}`,
      description: "E".repeat(200),
    });
    for (const [i, email] of ["a@example.com", `${"c".repeat(60)}@example.com`, "b@example.com"].entries()) {
      await api("POST", "/v1/payment_intents", merchant.sk, {
        amount_minor: 99_999_999 - i,
        customer_email: email,
        metadata: { product_name: LONG_PRODUCT },
      });
    }
    // One settled, with a transaction and a fulfillment badge: the fullest payment card.
    await stack.deps.db
      .updateTable("payment_intents")
      .set({ status: "payment_settled", fulfillment_status: "processing", txid: `0x${"ab".repeat(32)}` })
      .where("customer_email", "like", "cccc%")
      .execute();
  });

  afterAll(() => phone?.close());

  // While setup is incomplete: every step of Get Started (the webhook step open, sandbox locked).
  for (const width of WIDTHS) {
    it(`fits Get Started and its steps at ${width} px`, async () => {
      await visit(width, "/getting-started", (p) => p.getByTestId("step-5").waitFor());
      expectPhoneLayout(await measure(page), `getting-started ${width}`);
    });
  }

  it("completes setup so the dashboard shows analytics", async () => {
    await stack.deps.db
      .updateTable("workspaces")
      .set({ webhook_tested: true, test_payment_completed: true })
      .where("id", "=", merchant.workspaceId)
      .execute();
  });

  for (const width of WIDTHS) {
    it(`fits the dashboard and its analytics at ${width} px`, async () => {
      await visit(width, "/dashboard", (p) => p.getByTestId("recent-transactions").waitFor());
      expectPhoneLayout(await measure(page), `dashboard ${width}`);
    });

    it(`fits the compact header and its menu at ${width} px`, async () => {
      const toggle = page.getByRole("button", { name: "Menu", exact: true });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const panel = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      // Focus moves into the panel; the switchers are reachable from it.
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await panel.getByTestId("organization-selector").getByRole("button").first().click();
      expect(await panel.getByTitle(LONG_ORG).count()).toBeGreaterThan(0);
      expectPhoneLayout(await measure(page), `header menu + organizations ${width}`);
      if (width === 390) {
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshotBothThemes(page, "phone-390-header-menu");
      }
      await page.keyboard.press("Escape"); // closes the organization list
      // The environment manager, opened from the menu: its rows fit too, and Escape closes it first.
      await panel.getByRole("button", { name: /^Environment/ }).click();
      await panel.getByRole("button", { name: "Manage Environments" }).click();
      await page.getByRole("dialog").waitFor();
      expectPhoneLayout(await measure(page), `environment manager ${width}`);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await panel.getByRole("button", { name: /^Environment/ }).focus();
      await page.keyboard.press("Escape"); // closes the menu, focus back on its button
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await panel.isVisible()).toBe(false);
    });

    it(`fits payments, as cards, and the payment detail at ${width} px`, async () => {
      await visit(width, "/payments", (p) => p.locator("[data-testid^='payment-pi_']").first().waitFor());
      expectPhoneLayout(await measure(page), `payments ${width}`);
      if (width === 390) await screenshotBothThemes(page, "phone-390-payments-page");
      await page.locator("[data-testid^='payment-pi_']").first().locator(".payment-id").click();
      await page.getByTestId("payment-detail").waitFor();
      expectPhoneLayout(await measure(page), `payment detail ${width}`);
      await page.keyboard.press("Escape");
    });

    it(`fits products with a 200-character name and the editor at ${width} px`, async () => {
      await visit(width, "/products", (p) => p.getByText(LONG_PRODUCT).first().waitFor());
      expectPhoneLayout(await measure(page), `products ${width}`);
      if (width === 390) await screenshotBothThemes(page, "phone-390-products-grid-long-names");
      await page.locator(".product-open", { hasText: LONG_PRODUCT }).click();
      await page.getByRole("dialog").waitFor();
      expectPhoneLayout(await measure(page), `product editor ${width}`);
      if (width === 390) await screenshotBothThemes(page, "phone-390-product-editor-long-name");
      await page.keyboard.press("Escape");
    });

    it(`fits integrations (keys, webhooks) at ${width} px`, async () => {
      await visit(width, "/integrations", (p) => p.locator("[data-testid^='endpoint-']").first().waitFor());
      expectPhoneLayout(await measure(page), `integrations ${width}`);
    });

    it(`fits settings and the audit log at ${width} px`, async () => {
      await visit(width, "/settings", (p) => p.locator(".audit-log tbody tr").first().waitFor());
      expectPhoneLayout(await measure(page), `settings ${width}`);
      if (width === 390) await screenshotBothThemes(page, "phone-390-settings");
    });
  }
});
