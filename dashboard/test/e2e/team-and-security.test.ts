import type { PaymentStatus } from "@spay/protocol";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECOND_FACTOR } from "../../src/auth/messages.ts";
import {
  ENROLL,
  ENROLLMENT_GATE,
  EXPORTS,
  PASSKEYS,
  RECOVERY_CODES,
  REQUIRE_TWO_FACTOR,
  TWO_FACTOR,
} from "../../src/security/messages.ts";
import { INVITE, TEAM } from "../../src/team/messages.ts";
import { launchChromium } from "../harness/chromium.ts";
import { type SeededMerchant, seedMerchant, signInPage } from "../harness/merchant.ts";
import { type SmtpInbox, startSmtpInbox } from "../harness/smtp-inbox.ts";
import { startStack, type TestStack } from "../harness/stack.ts";
import { payerPays } from "../harness/test-wallet.ts";
import { totpCode } from "../harness/totp.ts";

const OWNER_PASSWORD = "correct horse battery";
const MEMBER_EMAIL = "support-desk@example.com";
const MEMBER_PASSWORD = "a support desk passphrase";
const MEMBER_NAME = "Sam Support";

/**
 * A business lets its support desk in and locks its own door, in Chromium against the real gateway,
 * the devnet and a local SMTP server: the owner invites a support member by email; the member joins
 * from the mailed link, reads payments and is refused keys and refunds on screen and by the API; the
 * owner enrolls an authenticator app (its code computed here from the secret on screen) and a passkey
 * (Chromium's virtual authenticator), then signs in with each, and with a recovery code that works
 * once; requiring two-factor sends the member to enrollment; removing the member ends their open
 * session; an export's ZIP holds as many rows as the API lists.
 */
describe("a team with roles and a second factor in the browser", () => {
  let stack: TestStack;
  let browser: Browser;
  let inbox: SmtpInbox;
  let owner: SeededMerchant;
  let ownerContext: BrowserContext;
  let page: Page;
  let memberContext: BrowserContext;
  let member: Page;
  let memberToken = "";
  let secret = "";
  let recoveryCodes: string[] = [];
  const payments: string[] = [];

  const call = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${stack.apiUrl}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-workspace-id": owner.workspaceId,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
    const end = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** A payment of `minor` cents paid by the devnet payer: a real signed SIP-010 transfer, settled. */
  async function paidPayment(minor: number): Promise<string> {
    const res = await call("/v1/payment_intents", owner.sk, {
      method: "POST",
      body: { amount_minor: minor },
    });
    const intent = (await res.json()) as {
      id: string;
      amount_asset: string;
      token_contract: `${string}.${string}`;
      recipient: string;
      memo: string;
    };
    await payerPays(stack.devnetUrl, intent);
    await until(
      async () =>
        (
          (await (await call(`/v1/payment_intents/${intent.id}`, owner.sk)).json()) as {
            status: PaymentStatus;
          }
        ).status,
      (s) => s === "payment_settled",
      `payment ${intent.id} to settle`,
    );
    return intent.id;
  }

  /** Chromium's virtual authenticator on `p`: a platform authenticator that verifies its user. */
  async function addAuthenticator(p: Page): Promise<CDPSession> {
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return cdp;
  }

  const signedIn = (p: Page) => p.getByRole("button", { name: "Account menu" }).waitFor();

  async function signOut(p: Page) {
    await p.getByRole("button", { name: "Account menu" }).click();
    await p.getByRole("menuitem", { name: "Sign Out" }).click();
    await p.getByRole("button", { name: "Get Free API Key" }).first().waitFor();
  }

  /** The sign-in dialog with the owner's email and password filled and sent: on to the second step. */
  async function passwordFirst(p: Page) {
    await p.getByRole("button", { name: "Sign In" }).first().click();
    const dialog = p.getByRole("dialog", { name: "Sign In" });
    await dialog.getByLabel("Email").fill(String(owner.user.email));
    await dialog.getByLabel("Password").fill(OWNER_PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    return p.getByRole("dialog", { name: SECOND_FACTOR.title });
  }

  /** Password first, then a recovery code as the second step: the step's dialog, for what follows. */
  async function withRecoveryCode(p: Page, code: string) {
    const second = await passwordFirst(p);
    await second.getByRole("button", { name: SECOND_FACTOR.useRecovery }).click();
    await second.getByLabel(SECOND_FACTOR.recoveryLabel).fill(code);
    await second.getByRole("button", { name: SECOND_FACTOR.verify }).click();
    return second;
  }

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    [stack, browser] = await Promise.all([
      startStack({ smtpUrl: inbox.url }, { hostname: "localhost" }),
      launchChromium(),
    ]);
    owner = await seedMerchant(stack);
    payments.push(await paidPayment(1200), await paidPayment(450));
    ownerContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await ownerContext.newPage();
    page.setDefaultTimeout(15_000);
    await signInPage(page, owner);
    memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    member = await memberContext.newPage();
    member.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await ownerContext?.close();
    await memberContext?.close();
    await browser?.close();
    await stack?.close();
    await inbox?.close();
  });

  it("the owner invites a support member, who joins from the mailed link", async () => {
    await page.goto(`${stack.url}/team`);
    await page.getByRole("button", { name: TEAM.invite }).click();
    const dialog = page.getByRole("dialog", { name: TEAM.inviteTitle });
    await dialog.getByLabel(TEAM.email).fill(MEMBER_EMAIL);
    await dialog.getByLabel(TEAM.role).selectOption("support");
    await dialog.getByRole("button", { name: TEAM.sendInvite }).click();
    await page.getByTestId("team-news").getByText(TEAM.invited(MEMBER_EMAIL)).waitFor();

    const [mail] = await until(
      async () => inbox.to(MEMBER_EMAIL),
      (m) => m.length > 0,
      "the invitation mail",
    );
    const link = mail?.text?.match(/http:\/\/localhost:\d+\/invite#invtok_[A-Za-z0-9_-]+/)?.[0];
    expect(link, mail?.text).toBeDefined();

    await member.goto(String(link));
    const invitation = member.getByTestId("invitation");
    await invitation.getByLabel(INVITE.name).fill(MEMBER_NAME);
    await invitation.getByLabel(INVITE.password, { exact: true }).fill(MEMBER_PASSWORD);
    await invitation.getByLabel(INVITE.confirmPassword).fill(MEMBER_PASSWORD);
    await invitation.getByRole("button", { name: INVITE.register }).click();
    // The token left the address bar at once: it is in no history entry or referrer.
    expect(member.url()).not.toContain("invtok_");
    // Joined: the new member is signed in and lands in the organization's dashboard.
    await member.waitForURL((url) => !url.pathname.startsWith("/invite"));
    memberToken = String(
      await (
        await member.waitForFunction(() => JSON.parse(localStorage.getItem("spay_session_token") ?? "null"))
      ).jsonValue(),
    );
    expect(memberToken).toMatch(/^sess_/);

    await page.reload();
    await page.getByTestId("members-table").getByText(MEMBER_NAME).waitFor();
  });

  it("the support member reads payments and is refused keys and refunds, on screen and by the API", async () => {
    await member.goto(`${stack.url}/payments`);
    for (const id of payments) await member.getByText(id).first().waitFor();
    await member
      .getByText(payments[0] ?? "")
      .first()
      .click();
    await member.getByTestId("role-note-refunds.write").waitFor();
    await member.goto(`${stack.url}/integrations`);
    await member.getByTestId("role-note-developers.read").waitFor();
    expect(await member.getByText("sk_test_").count()).toBe(0);

    const keys = await call(`/v1/workspaces/${owner.workspaceId}/api-keys`, memberToken);
    expect(keys.status).toBe(403);
    expect(((await keys.json()) as { error: { code: string } }).error.code).toBe("role_forbidden");
    const refund = await call("/v1/refunds", memberToken, {
      method: "POST",
      body: { payment_intent: payments[0], amount_minor: 100 },
    });
    expect(refund.status).toBe(403);
    expect(((await refund.json()) as { error: { code: string } }).error.code).toBe("role_forbidden");
    const list = await call("/v1/payment_intents", memberToken);
    expect(list.status).toBe(200);
  });

  it("the owner enrolls an authenticator app from the QR's secret and a passkey", async () => {
    await page.goto(`${stack.url}/settings#security`);
    await page.getByRole("button", { name: TWO_FACTOR.enable }).click();
    const enroll = page.getByRole("dialog", { name: ENROLL.title });
    const qr = enroll.getByTestId("totp-qr");
    const otpauth = new URL(String(await qr.getAttribute("data-otpauth-url")));
    secret = ((await enroll.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    // The QR encodes the same secret the merchant could type.
    expect(otpauth.searchParams.get("secret")).toBe(secret);
    await enroll.getByLabel(ENROLL.codeLabel).fill(totpCode(secret));
    await enroll.getByRole("button", { name: ENROLL.confirm }).click();
    const codes = page.getByTestId("recovery-codes");
    await codes.waitFor();
    recoveryCodes = (
      await codes
        .getByRole("list", { name: RECOVERY_CODES.listLabel })
        .getByRole("listitem")
        .allTextContents()
    ).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await codes.getByLabel(RECOVERY_CODES.saved).check();
    await codes.getByRole("button", { name: RECOVERY_CODES.done }).click();
    await page.getByTestId("two-factor-state").getByText(TWO_FACTOR.on).waitFor();

    await addAuthenticator(page);
    await page.getByRole("button", { name: PASSKEYS.add }).click();
    await page
      .getByTestId("passkeys-news")
      .getByText(/^Passkey “.+” added\./)
      .waitFor();
    expect(await page.locator('li[data-testid^="passkey-"]').count()).toBe(1);
  });

  it("the owner signs in with the passkey alone, then with the password and each second factor", async () => {
    await signOut(page);
    await page.getByRole("button", { name: "Sign In" }).first().click();
    await page
      .getByRole("dialog", { name: "Sign In" })
      .getByRole("button", { name: "Sign in with a passkey" })
      .click();
    await signedIn(page);

    // Password, then the app's code: the enrollment used this time step, so the phone shows the next.
    await signOut(page);
    let second = await passwordFirst(page);
    await second.getByLabel(SECOND_FACTOR.codeLabel).fill(totpCode(secret, Date.now() + 30_000));
    await second.getByRole("button", { name: SECOND_FACTOR.verify }).click();
    await signedIn(page);

    // Password, then a recovery code: it works once.
    await signOut(page);
    await withRecoveryCode(page, recoveryCodes[0] ?? "");
    await signedIn(page);

    await signOut(page);
    second = await withRecoveryCode(page, recoveryCodes[0] ?? "");
    await second.getByText(SECOND_FACTOR.invalidCode).waitFor();
    // The passkey answers the second step too.
    await second.getByRole("button", { name: SECOND_FACTOR.usePasskey }).click();
    await signedIn(page);
  });

  it("requiring two-factor sends the member to enrollment; removing the member ends their session", async () => {
    await page.goto(`${stack.url}/team`);
    // The switch follows the server: it turns on once the organization saved the rule.
    await page.getByLabel(REQUIRE_TWO_FACTOR.label).click();
    await page.getByTestId("require-2fa-state").getByText(REQUIRE_TWO_FACTOR.on).waitFor();

    await member.goto(`${stack.url}/payments`);
    await member.waitForURL(/\/settings#security$/);
    await member.getByText(ENROLLMENT_GATE.required).waitFor();
    expect((await call("/v1/payment_intents", memberToken)).status).toBe(403);

    const row = page.getByTestId("members-table").getByRole("row").filter({ hasText: MEMBER_NAME });
    await row.getByRole("button", { name: TEAM.removeOf(MEMBER_NAME) }).click();
    await page
      .getByRole("dialog", { name: TEAM.removeTitle })
      .getByRole("button", { name: TEAM.remove })
      .click();
    await page.getByTestId("team-news").getByText(TEAM.removed(MEMBER_NAME)).waitFor();
    const after = await fetch(`${stack.apiUrl}/v1/auth/session`, {
      headers: { authorization: `Bearer ${memberToken}` },
    });
    expect(after.status).toBe(401);
  });

  it("an export's ZIP, downloaded from Settings, holds the rows the API lists", async () => {
    await page.goto(`${stack.url}/settings#security`);
    const today = new Date().toISOString().slice(0, 10);
    const exports = page.getByRole("region", { name: EXPORTS.title });
    await exports.getByLabel(EXPORTS.from).fill(today);
    await exports.getByLabel(EXPORTS.to).fill(today);
    await exports.getByRole("button", { name: EXPORTS.request }).click();
    const download = exports
      .getByTestId("exports-list")
      .getByRole("link", { name: /^Download the export of/ });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    const zip = unzipSync(new Uint8Array(await streamBytes(await file.createReadStream())));
    const rows = (name: string) =>
      parse(new TextDecoder().decode(zip[name]), { columns: true, bom: true }) as Record<string, string>[];

    const listed = async (path: string) =>
      ((await (await call(path, owner.sk)).json()) as { data: unknown[] }).data.length;
    expect(
      rows("payments.csv")
        .map((r) => r.id)
        .sort(),
    ).toEqual([...payments].sort());
    expect(rows("payments.csv")).toHaveLength(await listed("/v1/payment_intents?limit=100"));
    expect(rows("customers.csv")).toHaveLength(await listed("/v1/customers?limit=100"));
    expect(rows("refunds.csv")).toHaveLength(0);
  });
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
