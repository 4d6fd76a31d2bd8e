import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";

/**
 * A 500-character key name and long organization names keep the header and the key
 * cards in shape — one line, ellipsis, the full text in the title — at 1280 and 390 px.
 */
describe("long names in the merchant app, in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let merchant: SeededMerchant;
  const orgName = `Acme ${"Incorporated International ".repeat(4)}`.trim().slice(0, 100);
  const keyName = "K".repeat(500);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedMerchant(stack);
    const auth = { "content-type": "application/json", authorization: `Bearer ${merchant.token}` };
    const orgs = (await (await fetch(`${stack.apiUrl}/v1/organizations`, { headers: auth })).json()) as {
      data: { id: string }[];
    };
    const orgId = orgs.data[0]?.id ?? "";
    const renamed = await fetch(`${stack.apiUrl}/v1/organizations/${orgId}`, {
      method: "PATCH",
      headers: auth,
      body: JSON.stringify({ name: orgName }),
    });
    expect(renamed.status).toBe(200);
    const key = await fetch(`${stack.apiUrl}/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      method: "POST",
      headers: { ...auth, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ type: "sk", name: "K".repeat(100), env: "test" }),
    });
    expect(key.status).toBe(201);
    // The API takes 100 characters; older keys carry longer names (the issue saw 500).
    const { id } = (await key.json()) as { id: string };
    await stack.deps.db.updateTable("api_keys").set({ name: keyName }).where("id", "=", id).execute();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const open = async (width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await signInPage(page, merchant);
    await page.goto(`${stack.url}/integrations`);
    await page.getByRole("heading", { level: 1, name: "Integrations & Tools" }).waitFor();
    await page.getByTitle(keyName).waitFor();
    // Phones: the switchers are under the header's Menu button (phones-layout.test.ts).
    if (width <= 640) await page.getByRole("button", { name: "Menu", exact: true }).click();
    return page;
  };

  for (const width of [1280, 390]) {
    it(`keeps the org chip on one line and the key card in shape at ${width} px`, async () => {
      const page = await open(width);
      const chip = page.getByTestId("organization-selector").getByRole("button").first();
      const line = await chip.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
      const box = await chip.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(line * 2 + 16);
      expect(await page.getByTestId("organization-selector").getByTitle(orgName).count()).toBe(1);
      const name = page.getByTitle(keyName);
      const [scroll, client] = await name.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll).toBeGreaterThan(client);
      const row = await page.locator("[data-testid^='api-key-']", { hasText: "KKKK" }).boundingBox();
      expect((row?.x ?? 0) + (row?.width ?? 0)).toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.close();
    });
  }
});
