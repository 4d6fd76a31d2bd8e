import http from "node:http";
import type { AddressInfo } from "node:net";
import { TRANSACTION_STATUSES } from "@spay/protocol";
import { MESSAGES } from "@spay/sdk";
import { paywall } from "@spay/sdk/server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS } from "../../src/analytics/messages.ts";
import { AUTH, SECOND_FACTOR } from "../../src/auth/messages.ts";
import { CUSTOMERS } from "../../src/customers/messages.ts";
import { INTEGRATIONS } from "../../src/integrations/messages.ts";
import { MAIL } from "../../src/mail/messages.ts";
import { ONBOARDING } from "../../src/onboarding/messages.ts";
import { PAYMENTS, REFUNDS, UNMATCHED_TRANSFERS } from "../../src/payments/messages.ts";
import { PRODUCTS } from "../../src/products/messages.ts";
import { ENROLL, RECOVERY_CODES, SESSIONS, TWO_FACTOR } from "../../src/security/messages.ts";
import { SETTINGS } from "../../src/settings/messages.ts";
import { INVITE, TEAM } from "../../src/team/messages.ts";
import { ADVERSARIAL, type AdversarialMerchant, seedAdversarialMerchant } from "./adversarial.ts";
import { launchChromium } from "./chromium.ts";
import { layoutProblems } from "./layout-checks.ts";
import { signInPage } from "./merchant.ts";
import { screenshotAs } from "./screenshots.ts";
import { startStack, type TestStack } from "./stack.ts";
import { totpCode } from "./totp.ts";

/**
 * Every screen — signed out, onboarding, each app page, modals, the payment link's card
 * and button views, the hosted checkout, the SDK's overlays, the docs and blog — with adversarial
 * data (harness/adversarial.ts), holds the layout invariants of harness/layout-checks.ts: no
 * horizontal overflow, nothing clipped, no overlapping text or spilled label, no text under 11 px,
 * no blank scroll box, no broken image or glyph box, and axe-core clean.
 *
 * Two walks cover the four theme × width pairs' questions: the light theme at 1280 px and the dark
 * theme at 390 px (test/e2e/layout-*.test.ts, two files run at once, each with its own stack and
 * browser context). What the layout checks measure — boxes, overflow, text size — depends on the
 * width, not on the theme (a theme changes colours only); what axe-core checks that a theme changes
 * — contrast — it checks in both. Walking all four pairs measured every box twice for nothing:
 * 8–11 minutes of a 2-core machine. A screenshot of each goes to
 * test-results/screenshots/<screen>-<theme>-<width>.png when screenshots are on (harness/screenshots.ts).
 */
const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 390] as const;
type Width = (typeof WIDTHS)[number];
export type Theme = (typeof THEMES)[number];

interface Screen {
  name: string;
  /** Seen by the signed-in adversarial merchant (else by a visitor with no session). */
  signedIn: boolean;
  /** Opens the screen in a fresh page and waits until it shows its data. */
  open(page: Page): Promise<void>;
}

let stack: TestStack;
let browser: Browser;
let merchant: AdversarialMerchant;
let paywallServer: http.Server;
let paywallUrl = "";

/** An x402-paywalled resource, as a merchant's server sells it: a browser gets the overlay page. */
async function startPaywall(): Promise<void> {
  const gate = paywall({
    price: "$999,999.99".replace(/,/g, ""),
    description: `${ADVERSARIAL.longName} ${ADVERSARIAL.arabicDescription}`,
    apiKey: merchant.sk,
    gatewayUrl: stack.apiUrl,
  });
  paywallServer = http.createServer(async (req, res) => {
    const url = `http://${req.headers.host}${req.url ?? "/"}`;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await gate.handle(new Request(url, { headers }), async () =>
      Response.json({ report: "paid" }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => paywallServer.listen(0, "127.0.0.1", resolve));
  paywallUrl = `http://127.0.0.1:${(paywallServer.address() as AddressInfo).port}/report`;
}

const go = async (page: Page, path: string) => {
  await page.goto(path.startsWith("http") ? path : `${stack.url}${path}`);
};
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name }).waitFor();
const dialog = (page: Page, name?: string | RegExp) =>
  page
    .getByRole("dialog", name === undefined ? {} : { name })
    .last()
    .waitFor();

/** The adversarial merchant with an authenticator app, added through the API if it has none yet. */
async function ensureAuthenticator(): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${merchant.token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const status = (await call("GET", "/v1/auth/two-factor")) as { totp: { enabled: boolean } };
  if (status.totp.enabled) return;
  const { secret } = (await call("POST", "/v1/auth/two-factor/totp", {})) as { secret: string };
  await call("POST", "/v1/auth/two-factor/totp/confirm", { code: totpCode(secret) });
}

const SCREENS: Screen[] = [
  {
    name: "landing",
    signedIn: false,
    open: async (p) => {
      await go(p, "/");
      await p.getByTestId("payment-counter").waitFor();
    },
  },
  {
    name: "sign-in-modal",
    signedIn: false,
    open: async (p) => {
      await go(p, "/");
      await p.getByRole("button", { name: AUTH.signIn }).first().click();
      await dialog(p, AUTH.signIn);
    },
  },
  {
    name: "onboarding",
    signedIn: true,
    open: async (p) => {
      await go(p, "/getting-started");
      await heading(p, ONBOARDING.title);
    },
  },
  {
    name: "home",
    signedIn: true,
    open: async (p) => {
      await go(p, "/");
      await p.locator("main h1").first().waitFor();
    },
  },
  {
    name: "analytics",
    signedIn: true,
    open: async (p) => {
      await go(p, "/dashboard");
      await heading(p, ANALYTICS.title);
    },
  },
  {
    name: "payments",
    signedIn: true,
    open: async (p) => {
      await go(p, "/payments");
      await heading(p, PAYMENTS.title);
      await p.locator(".payment-card").first().waitFor();
      await p.getByTestId("chip-all").getByText(/\d/).waitFor();
    },
  },
  {
    // A filtered list of one row (the payment awaiting fulfilment, paid on the devnet: its
    // transaction id with a copy button), then the unmatched transfers.
    name: "payments-one-row",
    signedIn: true,
    open: async (p) => {
      await go(p, "/payments?filter=fulfillment");
      await heading(p, PAYMENTS.title);
      await p.locator(".payment-card").first().getByTestId("txid-copy").waitFor();
      await p.getByRole("heading", { name: UNMATCHED_TRANSFERS.title }).waitFor();
    },
  },
  {
    name: "payment-detail-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/payments");
      await p.locator(".payment-card .payment-id").first().click();
      await dialog(p);
    },
  },
  {
    name: "refund-form",
    signedIn: true,
    open: async (p) => {
      await go(p, "/payments?filter=paid");
      await p.locator(".payment-card .payment-id").first().click();
      await dialog(p);
      await p.getByRole("button", { name: REFUNDS.refund, exact: true }).click();
      await p.getByRole("spinbutton").or(p.getByRole("textbox")).first().waitFor();
    },
  },
  {
    name: "customers",
    signedIn: true,
    open: async (p) => {
      await go(p, "/customers");
      await heading(p, CUSTOMERS.title);
      await p.getByRole("button", { name: CUSTOMERS.view(ADVERSARIAL.emails[2]) }).waitFor();
    },
  },
  {
    name: "mail",
    signedIn: true,
    open: async (p) => {
      await go(p, "/mail");
      await heading(p, MAIL.title);
    },
  },
  {
    name: "command-palette",
    signedIn: true,
    open: async (p) => {
      await go(p, "/payments");
      await heading(p, PAYMENTS.title);
      await p.keyboard.press("Control+K");
      await dialog(p, "Command palette");
    },
  },
  {
    name: "products",
    signedIn: true,
    open: async (p) => {
      await go(p, "/products");
      await heading(p, PRODUCTS.title);
      await p.getByText(ADVERSARIAL.arabicName).waitFor();
    },
  },
  {
    name: "product-editor-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/products");
      await p.locator(".product-open", { hasText: "UltraXXX" }).click();
      await dialog(p, PRODUCTS.editTitle);
    },
  },
  {
    name: "test-payment-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/products");
      await p
        .locator(".product-card", { hasText: "UltraXXX" })
        .getByRole("button", { name: PRODUCTS.createTestPayment })
        .click();
      await dialog(p);
    },
  },
  {
    name: "integrations",
    signedIn: true,
    open: async (p) => {
      await go(p, "/integrations");
      await heading(p, INTEGRATIONS.title);
      await p.locator("[data-testid^='api-key-']").first().waitFor();
    },
  },
  {
    name: "settings",
    signedIn: true,
    open: async (p) => {
      await go(p, "/settings");
      await heading(p, SETTINGS.title);
    },
  },
  {
    // A member named by 200 characters with no space, and an invitation to an address like it.
    name: "team",
    signedIn: true,
    open: async (p) => {
      await go(p, "/team");
      await heading(p, TEAM.title);
      await p.getByTestId("members-table").getByText(ADVERSARIAL.longName).waitFor();
      await p.getByTestId("invitations-table").locator("tbody tr").first().waitFor();
    },
  },
  {
    name: "team-invite-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/team");
      await p.getByRole("button", { name: TEAM.invite }).click();
      await dialog(p, TEAM.inviteTitle);
    },
  },
  {
    name: "change-password-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/settings");
      await p.getByRole("button", { name: SETTINGS.changePassword }).click();
      await dialog(p, SETTINGS.changePassword);
    },
  },
  {
    // Settings → Security & Preferences: this device beside sessions reported by a 500-character
    // User-Agent with no break (from an IPv6 address) and a padded real one; the email switches.
    name: "settings-security",
    signedIn: true,
    open: async (p) => {
      await go(p, "/settings#security");
      await heading(p, SETTINGS.title);
      const list = p.getByTestId("sessions-list");
      await list.getByText(ADVERSARIAL.ipv6).waitFor();
      await list.getByText(SESSIONS.thisDevice).waitFor();
      await p.getByRole("button", { name: TWO_FACTOR.enable }).waitFor();
      await p.getByTestId("sessions-list").scrollIntoViewIfNeeded();
    },
  },
  {
    // Enabling two-factor authentication: the QR code drawn, the secret to type, the code field.
    name: "two-factor-enroll-modal",
    signedIn: true,
    open: async (p) => {
      await go(p, "/settings");
      await p.getByRole("button", { name: TWO_FACTOR.enable }).click();
      await dialog(p, ENROLL.title);
      await p.getByRole("dialog").getByRole("img", { name: ENROLL.qrAlt }).waitFor();
    },
  },
  {
    // The ten recovery codes, once: enrolled as a person does it, the app's code typed from the
    // secret on screen. After it the merchant has two-factor authentication (later screens need no
    // step-up).
    name: "two-factor-recovery-codes",
    signedIn: true,
    open: async (p) => {
      await go(p, "/settings");
      await p.getByRole("button", { name: TWO_FACTOR.enable }).click();
      await dialog(p, ENROLL.title);
      const secret = (await p.getByTestId("totp-secret").textContent()) ?? "";
      await p.getByLabel(ENROLL.codeLabel).fill(totpCode(secret));
      await p.getByRole("button", { name: ENROLL.confirm }).click();
      await p.getByRole("list", { name: RECOVERY_CODES.listLabel }).waitFor();
    },
  },
  {
    // Setup completed (the last signed-in screen, so the ones above see it incomplete): the
    // dashboard's analytics, its revenue chart over ten thousand payments.
    name: "analytics-live",
    signedIn: true,
    open: async (p) => {
      await stack.deps.db
        .updateTable("workspaces")
        .set({ webhook_tested: true, test_payment_completed: true })
        .where("id", "=", merchant.workspaceId)
        .execute();
      await go(p, "/dashboard");
      await heading(p, ANALYTICS.title);
      await p.getByTestId("revenue-chart").locator("svg text").first().waitFor({ timeout: 60_000 });
    },
  },
  {
    // Sign-in's second step: the adversarial merchant has an authenticator app (since the
    // recovery-codes screen above, or added here when that screen was filtered out), so the
    // password is answered by the code question.
    name: "sign-in-second-factor",
    signedIn: false,
    open: async (p) => {
      await ensureAuthenticator();
      await go(p, "/");
      await p.getByRole("button", { name: AUTH.signIn }).first().click();
      await dialog(p, AUTH.signIn);
      const form = p.getByRole("dialog");
      await form.getByLabel(AUTH.email).fill(String(merchant.user.email));
      await form.getByLabel(AUTH.password).fill("correct horse battery");
      await form.getByRole("button", { name: AUTH.signIn, exact: true }).click();
      await dialog(p, SECOND_FACTOR.title);
      await p.getByLabel(SECOND_FACTOR.codeLabel).waitFor();
    },
  },
  {
    // The invitation link, signed out: the organization's 200-character name, the account form.
    name: "invite",
    signedIn: false,
    open: async (p) => {
      await go(p, `/invite#${merchant.invitationToken}`);
      await p.getByRole("form", { name: INVITE.register }).waitFor();
    },
  },
  {
    name: "invite-invalid",
    signedIn: false,
    open: async (p) => {
      await go(p, "/invite#invtok_unknown_to_the_gateway");
      await p.getByTestId("invite-invalid").waitFor();
    },
  },
  {
    name: "payment-link-card",
    signedIn: false,
    open: async (p) => {
      await go(p, `/payment-links/${merchant.cardLinkId}`);
      await p.getByRole("group", { name: MESSAGES.payWith }).waitFor();
    },
  },
  {
    name: "payment-link-card-with-image",
    signedIn: false,
    open: async (p) => {
      await go(p, `/payment-links/${merchant.imageLinkId}`);
      const img = p.locator(".spay-card > img");
      await img.waitFor();
      await p.waitForFunction(() => {
        const el = document.querySelector<HTMLImageElement>(".spay-card > img");
        return el?.complete === true && el.naturalWidth > 0;
      });
    },
  },
  {
    name: "payment-link-qr-overlay",
    signedIn: false,
    open: async (p) => {
      await go(p, `/payment-links/${merchant.cardLinkId}`);
      await p.getByRole("radio", { name: MESSAGES.qrMethod }).check();
      await p.getByRole("button", { name: MESSAGES.pay, exact: true }).click();
      await dialog(p);
      await p.getByRole("dialog").getByRole("img").first().waitFor();
    },
  },
  {
    name: "payment-link-button",
    signedIn: false,
    open: async (p) => {
      await go(p, `/payment-links/${merchant.buttonLinkId}`);
      await p.getByTestId("link-button-view").getByRole("button", { name: /Buy/ }).waitFor();
    },
  },
  {
    name: "payment-link-buy-dialog",
    signedIn: false,
    open: async (p) => {
      await go(p, `/payment-links/${merchant.buttonLinkId}`);
      await p.getByTestId("link-button-view").getByRole("button", { name: /Buy/ }).click();
      await dialog(p);
      await p.getByRole("dialog").getByRole("group", { name: MESSAGES.payWith }).waitFor();
    },
  },
  {
    name: "hosted-checkout",
    signedIn: false,
    open: async (p) => {
      await go(p, merchant.checkoutUrl);
      await p.getByTestId("hosted-checkout").waitFor();
      // Open: the QR code and the transfer details are part of the page.
      await p.getByTestId("hosted-qr").getByRole("img").waitFor();
    },
  },
  {
    name: "x402-overlay",
    signedIn: false,
    open: async (p) => {
      await go(p, paywallUrl);
      await dialog(p);
      await p.getByRole("dialog").getByText("$999,999.99").first().waitFor();
    },
  },
  {
    name: "docs",
    signedIn: false,
    open: async (p) => {
      await go(p, "/docs");
      await p.locator("main h1").first().waitFor();
    },
  },
  {
    name: "docs-api-reference",
    signedIn: false,
    open: async (p) => {
      await go(p, "/docs/api-reference");
      await p.locator("main h1").first().waitFor();
    },
  },
  {
    name: "blog",
    signedIn: false,
    open: async (p) => {
      await go(p, "/blog");
      await p.locator("main h1").first().waitFor();
    },
  },
  {
    name: "blog-post",
    signedIn: false,
    open: async (p) => {
      await go(p, "/blog/accept-bitcoin-payments-stacks");
      await p.locator("main h1").first().waitFor();
    },
  },
];

/**
 * Resolves once every finite CSS transition and animation on the page has ended (the theme's
 * 300 ms fade, a dialog's entrance) and two frames were laid out; spinners, which never end, are
 * not waited for. A fixed 350 ms pause cost 38 s per walk and still raced a slow machine.
 */
async function transitionsDone(): Promise<void> {
  const finite = document
    .getAnimations()
    .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

/**
 * Registers the walk of every screen in one theme at one width, with its own stack, browser and
 * seeded adversarial merchant. `seedCheck` also checks the seeding itself (once per run is enough).
 */
export function layoutWalk(theme: Theme, width: Width, { seedCheck = false } = {}): void {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    merchant = await seedAdversarialMerchant(stack);
    await startPaywall();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (paywallServer) await new Promise((resolve) => paywallServer.close(resolve));
    await stack?.close();
  });

  if (seedCheck)
    it("seeds the adversarial account: 10,000 payments, each transaction among them counted by analytics", async () => {
      const auth = { authorization: `Bearer ${merchant.sk}` };
      const seeded = await stack.deps.db
        .selectFrom("payment_intents")
        .select(["status"])
        .where("workspace_id", "=", merchant.workspaceId)
        .execute();
      expect(seeded.length).toBe(ADVERSARIAL.payments);
      // A transaction is a payment that reached the chain or failed (TRANSACTION_STATUSES).
      const transactions = seeded.filter((p) => TRANSACTION_STATUSES.includes(p.status)).length;
      expect(transactions).toBeGreaterThan(ADVERSARIAL.payments / 2);
      const analytics = await fetch(`${stack.apiUrl}/v1/analytics/overview?range=30d`, { headers: auth });
      const overview = (await analytics.json()) as { transactions?: number };
      expect(analytics.status).toBe(200);
      expect(overview.transactions).toBe(transactions);
    });

  const notes = new Set<string>();
  afterAll(() => {
    // What this machine cannot check (no emoji font): said once, not failed on.
    for (const note of notes) console.warn(`layout-invariants: ${note}`);
  });

  describe(`${theme}, ${width} px`, () => {
    let context: BrowserContext;

    beforeAll(async () => {
      context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 900 },
        colorScheme: theme,
        // axe-core is injected as a script; the gateway's pages forbid inline scripts.
        bypassCSP: true,
      });
      await context.addInitScript((t: Theme) => localStorage.setItem("theme", t), theme);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const screen of SCREENS) {
      it(`${screen.name} holds its layout`, async () => {
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        try {
          if (screen.signedIn) await signInPage(page, merchant);
          else await page.addInitScript(() => localStorage.removeItem("spay_session_token"));
          await screen.open(page);
          // Fonts settled, transitions (theme fade, dialogs) done.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.evaluate(transitionsDone);
          await screenshotAs(page, `${screen.name}-${theme}-${width}`);
          const { problems, notes: unchecked } = await layoutProblems(page, { axe: true });
          for (const n of unchecked) notes.add(n);
          expect(problems, `${screen.name} ${theme} ${width}px`).toEqual([]);
        } finally {
          await page.close();
        }
        // The API reference is measured over eight viewports of thousands of text lines: 13 s on a
        // quiet machine, 53 s with the rest of the suite beside it. A hang still ends the test.
      }, 120_000);
    }
  });
}
