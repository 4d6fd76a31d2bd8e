import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS } from "../../src/analytics/messages.ts";
import { CUSTOMERS } from "../../src/customers/messages.ts";
import { INTEGRATIONS } from "../../src/integrations/messages.ts";
import { NAV_ITEMS } from "../../src/layout/nav-items.ts";
import { PAYMENTS, UNMATCHED_TRANSFERS } from "../../src/payments/messages.ts";
import { layoutProblems } from "../harness/layout-checks.ts";
import { type MerchantPhone, startMerchantPhone } from "../harness/merchant.ts";
import { screenshotBothThemes } from "../harness/screenshots.ts";
import type { TestStack } from "../harness/stack.ts";

/**
 * A merchant's walk through the dashboard on a phone (390 px, and 360 px for the headers), on the
 * devnet: customers' cards with long emails, the revenue chart, a payments list of one, API keys,
 * the bottom bar, the landing header and a devnet transaction. Each check is a rule a merchant
 * would see broken; the general ones (layout-checks.ts) run on every screen too.
 */
const TXID = `0x${"ab".repeat(32)}`;
const EMAILS = ["a@example.com", "someone.long-name@example-shop.com", `${"c".repeat(60)}@example.com`];
const MIN_TEXT_PX = 11;

describe("a merchant's walk on a phone, on the devnet", () => {
  let phone: MerchantPhone;
  let stack: TestStack;
  let context: BrowserContext;
  let page: Page;

  const open = (path: string, width?: number) => phone.open(path, width);
  const expectLayoutHolds = async (where: string) => {
    const { problems } = await layoutProblems(page, { axe: false });
    expect(problems, where).toEqual([]);
  };

  beforeAll(async () => {
    phone = await startMerchantPhone({ height: 844 });
    ({ stack, context, page } = phone);
    const { merchant } = phone;
    const res = await fetch(`${stack.apiUrl}/v1/payment_intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify({ amount_minor: 99_999_999, customer_email: EMAILS[1] }),
    });
    const { id } = (await res.json()) as { id: string };
    const db = stack.deps.db;
    // One settled payment (paid on the devnet) and setup complete, so the dashboard shows analytics.
    await db
      .updateTable("payment_intents")
      .set({ status: "payment_settled", txid: TXID })
      .where("id", "=", id)
      .execute();
    await db
      .updateTable("workspaces")
      .set({ webhook_tested: true, test_payment_completed: true })
      .where("id", "=", merchant.workspaceId)
      .execute();
    const intent = await db
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    for (const [i, email] of EMAILS.entries())
      await db
        .insertInto("customers")
        .values({
          id: `cus_walk${i}`,
          workspace_id: intent.workspace_id,
          environment_id: intent.environment_id,
          env: intent.env,
          email,
          address: null,
          payments_count: 3,
          refunds_count: 0,
          total_paid_micros: 99_999_999_000_000,
          total_refunded_micros: 0,
          first_payment_at: now,
          last_payment_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
  });

  afterAll(() => phone?.close());

  it("keeps the landing header to one row at 390 and 360 px, the hero offering the API key", async () => {
    // A visitor: its own page, never signed in.
    const visitor = await context.newPage();
    try {
      for (const width of [390, 360]) {
        await visitor.setViewportSize({ width, height: 844 });
        await visitor.goto(stack.url);
        await visitor.getByTestId("payment-counter").waitFor();
        const header = await visitor.locator(".landing-header").boundingBox();
        expect(header?.height, `header at ${width} px`).toBeLessThanOrEqual(64);
        // Every control of the header sits on the one row.
        const tops = await visitor
          .locator(".landing-header a:visible, .landing-header button:visible")
          .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top / 16)));
        expect(new Set(tops).size, `rows of header controls at ${width} px`).toBe(1);
        expect(await visitor.getByRole("button", { name: "Get Free API Key" }).first().isVisible()).toBe(
          true,
        );
        const { problems } = await layoutProblems(visitor, { axe: false });
        expect(problems, `landing ${width}`).toEqual([]);
      }
    } finally {
      await visitor.close();
    }
  });

  it("shows each customer's card with its fields apart, emails on one line with both parts in view", async () => {
    await open("/customers");
    await page.getByRole("heading", { level: 1, name: CUSTOMERS.title }).waitFor();
    await page.getByTestId("customers-table").waitFor();
    // Each field's label (drawn as generated text) ends before the next field starts.
    const spills = await page.locator("[data-testid=customers-table] td[data-label]").evaluateAll((cells) =>
      cells.flatMap((td) => {
        const label = getComputedStyle(td, "::before");
        const box = td.getBoundingClientRect();
        const bottom =
          box.top + Number.parseFloat(getComputedStyle(td).paddingTop) + Number.parseFloat(label.height);
        return bottom > box.bottom + 1
          ? [`${td.getAttribute("data-label")}: ${Math.round(bottom - box.bottom)}px`]
          : [];
      }),
    );
    expect(spills).toEqual([]);
    // One line each: the button no taller than one line of its text, never broken mid-word.
    const lines: Record<string, number> = {};
    for (const email of EMAILS)
      lines[email] = await page.getByRole("button", { name: CUSTOMERS.view(email) }).evaluate((el) => {
        const style = getComputedStyle(el);
        const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
        const inner =
          el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
        return Math.round(inner / line);
      });
    expect(lines).toEqual(Object.fromEntries(EMAILS.map((e) => [e, 1])));
    for (const email of EMAILS) {
      const shown = page.getByRole("button", { name: CUSTOMERS.view(email) }).locator(".email-text");
      expect(await shown.getAttribute("title")).toBe(email);
      // Both parts stay in view, a few letters at least: the local part gives way first.
      const parts = await shown.evaluate((el) =>
        Array.from(el.children).map((part) => Math.min(part.clientWidth / Math.min(part.scrollWidth, 30), 1)),
      );
      for (const seen of parts) expect(seen, email).toBeGreaterThanOrEqual(0.95);
    }
    await expectLayoutHolds("customers 390");
    await screenshotBothThemes(page, "phone-390-customers-long-emails");
  });

  it("draws the revenue chart's axis labels at a readable size on a phone, none overlapping", async () => {
    await open("/dashboard");
    await page.getByRole("heading", { level: 1, name: ANALYTICS.title }).waitFor();
    const chart = page.getByTestId("revenue-chart");
    await chart.locator("svg text").first().waitFor();
    const sizes = await chart.locator("svg text").evaluateAll((texts) =>
      texts.map((t) => {
        const m = (t as SVGTextElement).getScreenCTM();
        return Number.parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
      }),
    );
    expect(sizes.length).toBeGreaterThan(3);
    for (const px of sizes) expect(px).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    await expectLayoutHolds("dashboard 390");
  });

  it("follows a payments list of one with the unmatched transfers, no blank screen between", async () => {
    await open("/payments");
    const card = page.locator("[data-testid^='payment-pi_']");
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    const cardBottom = (await card.boundingBox())?.y ?? 0;
    const cardHeight = (await card.boundingBox())?.height ?? 0;
    const next = await page.getByRole("heading", { name: UNMATCHED_TRANSFERS.title }).boundingBox();
    // The card, the list's own spacing and the next section's padding: well under a screenful.
    expect((next?.y ?? 0) - (cardBottom + cardHeight)).toBeLessThan(120);
    await expectLayoutHolds("payments of one 390");
  });

  it("shows a devnet transaction's id with a copy button, not a link to a public explorer", async () => {
    await open("/payments");
    const card = page.locator("[data-testid^='payment-pi_']").first();
    await card.waitFor();
    expect(await page.locator("a[href*='explorer.hiro.so']").count()).toBe(0);
    const copy = card.getByRole("button", { name: `Copy ${PAYMENTS.transactionId(TXID)}` });
    expect(await copy.isVisible()).toBe(true);
    expect(await card.getByTestId("txid-copy").locator("code").getAttribute("title")).toBe(TXID);
    // The payment's detail says the same.
    await card.locator(".payment-id").click();
    const detail = page.getByTestId("payment-detail");
    await detail.waitFor();
    expect(await detail.getByRole("button", { name: `Copy ${PAYMENTS.transactionId(TXID)}` }).count()).toBe(
      1,
    );
    expect(await page.locator("a[href*='explorer.hiro.so']").count()).toBe(0);
    await page.keyboard.press("Escape");
  });

  it("shows API key names whole when the row has room, badges wrapping under them", async () => {
    await open("/integrations");
    await page.getByRole("heading", { level: 1, name: INTEGRATIONS.title }).waitFor();
    const names = page.locator("[data-testid^='api-key-'] .key-name");
    await names.first().waitFor();
    const cut = await names.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await expectLayoutHolds("integrations 390");
  });

  it("puts every tab's label on one line in the bottom bar, the longest included", async () => {
    for (const width of [390, 360]) {
      await open("/payments", width);
      const items = page.locator(".bottom-bar .bottom-item");
      await items.first().waitFor();
      // Each of the app's tabs as the bar would show it, in each slot of the bar.
      const labels = NAV_ITEMS.map((i) => i.barLabel ?? i.label);
      const wrapped = await items.evaluateAll(
        (els, all) =>
          all.flatMap((label) =>
            els.flatMap((el) => {
              const span = el.querySelector("span");
              if (!span) return [];
              const before = span.textContent;
              span.textContent = label;
              const range = document.createRange();
              range.selectNodeContents(span);
              const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
              const cut = span.scrollWidth > span.clientWidth + 1;
              span.textContent = before;
              return lines > 1 || cut ? [`${label}: ${lines} lines${cut ? ", cut" : ""}`] : [];
            }),
          ),
        labels,
      );
      expect(wrapped, `bottom bar at ${width} px`).toEqual([]);
    }
  });
});
