import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { startWebhookReceiver } from "../harness/webhook-receiver.ts";

interface Endpoint {
  id: string;
  url: string;
  env: string;
  enabled_events: string[];
}

/**
 * Webhooks tell the truth, in Chromium against the real gateway and a local receiver: Get Started's
 * webhook test registers the endpoint it tests (so real payments reach it), Integrations' webhook
 * status comes from the endpoints and their delivery logs, and a test sent from Integrations is in
 * the endpoint's delivery log.
 */
describe("webhook status and delivery log in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const endpointsOf = async (merchant: SeededMerchant) => {
    const res = await fetch(`${stack.apiUrl}/v1/webhook_endpoints`, {
      headers: { authorization: `Bearer ${merchant.sk}` },
    });
    return ((await res.json()) as { data: Endpoint[] }).data;
  };
  const signedIn = async (merchant: SeededMerchant): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInPage(page, merchant);
    return page;
  };
  /** Webhook Management's heading, with its badge. */
  const webhooksHeading = (page: Page) => page.getByRole("heading", { name: /^Webhook Management/ });
  const received = (type: string) =>
    receiver.deliveries.filter((d) => (JSON.parse(d.body) as { type: string }).type === type);

  beforeAll(async () => {
    [stack, browser, receiver] = await Promise.all([startStack(), launchChromium(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await stack?.close();
  });

  it("Get Started's webhook test registers the endpoint, shows its secret once, and real payments then reach it", async () => {
    const merchant = await seedMerchant(stack);
    const page = await signedIn(merchant);
    await page.goto(`${stack.url}/getting-started`);
    await page.getByLabel("Webhook URL").fill(receiver.url);
    await page.getByRole("button", { name: "Send Sandbox Test" }).click();
    await page.getByText(/^Webhook delivered: 200/).waitFor();
    const secret = (await page.getByTestId("endpoint-secret").locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    // The test was signed with the secret the step showed: the endpoint's own.
    const [test] = received("webhook.sandbox_test");
    expect(new Webhook(secret).verify(test!.body, test!.headers)).toMatchObject({
      type: "webhook.sandbox_test",
    });
    // A real sandbox endpoint of the workspace, subscribed to the payment events.
    const endpoints = await endpointsOf(merchant);
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({ url: receiver.url, env: "test" });
    expect(endpoints[0]?.enabled_events).toContain("payment_intent.succeeded");

    // Sending again reuses the endpoint: still one.
    await page.getByRole("button", { name: "Send Sandbox Test" }).click();
    await expect.poll(() => received("webhook.sandbox_test").length).toBe(2);
    await page.getByText(/^Webhook delivered: 200/).waitFor();
    expect(await endpointsOf(merchant)).toHaveLength(1);

    // Integrations shows that endpoint as tested and working, with the test in its delivery log.
    await page.goto(`${stack.url}/integrations`);
    await page.getByTestId(`endpoint-${endpoints[0]?.id}`).waitFor();
    expect(await page.getByTestId("config-webhook-url").textContent()).toBe(receiver.url);
    expect(await page.getByTestId("config-webhook-status").textContent()).toBe("Tested & Working");
    expect(await webhooksHeading(page).textContent()).toBe("Webhook Management Active");
    expect(await page.getByText("No webhook endpoints yet").count()).toBe(0);
    await page.getByText("Delivery log").click();
    const log = page.getByTestId("delivery-log");
    await log
      .locator("li", { hasText: "webhook.sandbox_test" })
      .first()
      .getByTestId("test-delivery")
      .waitFor();

    // A payment's events are delivered to the URL the step tested.
    const intent = (await fetch(`${stack.apiUrl}/v1/payment_intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify({ amount_minor: 100 }),
    }).then((r) => r.json())) as { id: string };
    await expect
      .poll(
        () =>
          received("payment_intent.created").some(
            (d) => (JSON.parse(d.body) as { data: { object: { id: string } } }).data.object.id === intent.id,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.close();
  });

  it("Integrations claims neither 'Tested & Working' nor 'Active' with no endpoint, whatever the onboarding flag says", async () => {
    const merchant = await seedMerchant(stack);
    // A workspace whose step was passed by a test to a URL that was never registered.
    await stack.deps.db
      .updateTable("workspaces")
      .set({ webhook_tested: true })
      .where("id", "=", merchant.workspaceId)
      .execute();
    const page = await signedIn(merchant);
    await page.goto(`${stack.url}/integrations`);
    await page.getByText("No webhook endpoints yet").waitFor();
    expect(await page.getByTestId("config-webhook-status").textContent()).not.toBe("Tested & Working");
    expect(await webhooksHeading(page).textContent()).toBe("Webhook Management Sandbox Testing Required");
    await page.close();
  });

  it("a 'Test Sandbox Webhook' from Integrations is in the endpoint's delivery log, marked as a test", async () => {
    const merchant = await seedMerchant(stack);
    const res = await fetch(`${stack.apiUrl}/v1/webhook_endpoints`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "application/json" },
      body: JSON.stringify({ url: `${receiver.url}?shop=integrations` }),
    });
    const endpoint = (await res.json()) as Endpoint;
    const page = await signedIn(merchant);
    await page.goto(`${stack.url}/integrations`);
    const row = page.getByTestId(`endpoint-${endpoint.id}`);
    await row.getByText("Delivery log").click();
    await row.getByText("No deliveries yet").waitFor();
    expect(await page.getByTestId("config-webhook-status").textContent()).toBe("Not Tested");
    await row.getByRole("button", { name: "Test Sandbox Webhook" }).click();
    await row.getByText(/^Webhook delivered: 200/).waitFor();
    const entry = row.getByTestId("delivery-log").locator("li", { hasText: "webhook.sandbox_test" });
    await entry.waitFor();
    expect(await entry.getByTestId("test-delivery").textContent()).toBe("Test");
    expect(await entry.textContent()).toContain("200");
    await page.getByTestId("config-webhook-status").getByText("Tested & Working").waitFor();
    expect(await webhooksHeading(page).textContent()).toBe("Webhook Management Active");
    await page.close();
  });
});
