import { hashMessage } from "@stacks/encryption";
import { signMessageHashRsv } from "@stacks/transactions";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./chromium.ts";
import { startStack, type TestStack } from "./stack.ts";
import { WALLETS } from "./test-wallet.ts";

export interface SeededMerchant {
  token: string;
  user: Record<string, unknown>;
  workspaceId: string;
  sk: string;
  pk: string;
}

async function call<T>(
  stack: TestStack,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A merchant set up through the API as the Get Started flow leaves it: account, organization and
 * workspace, payout wallet verified with the devnet merchant key's real signature, test keys,
 * business profile. `verifyWallet: false` leaves the wallet step (and keys) out.
 */
export async function seedMerchant(
  stack: TestStack,
  options: { verifyWallet?: boolean } = {},
): Promise<SeededMerchant> {
  const email = `merchant-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const grant = await call<{ session_id: string; user: Record<string, unknown> }>(
    stack,
    "POST",
    "/v1/auth/register",
    {
      email,
      password: "correct horse battery",
      name: "merchant",
    },
  );
  const auth = { authorization: `Bearer ${grant.session_id}` };
  const slug = `org-${Math.random().toString(36).slice(2, 10)}`;
  const org = await call<{ id: string }>(stack, "POST", "/v1/organizations", { name: "Acme", slug }, auth);
  const ws = await call<{ id: string }>(
    stack,
    "POST",
    `/v1/organizations/${org.id}/workspaces`,
    { name: "Store" },
    auth,
  );
  const merchant = { token: grant.session_id, user: grant.user, workspaceId: ws.id, sk: "", pk: "" };
  if (options.verifyWallet === false) return merchant;
  const { address, privateKey, publicKey } = WALLETS.merchant;
  const challenge = await call<{ message: string; nonce: string }>(
    stack,
    "GET",
    `/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
  );
  const signature = signMessageHashRsv({
    messageHash: Buffer.from(hashMessage(challenge.message)).toString("hex"),
    privateKey,
  });
  const verified = await call<{ api_keys: { type: string; key: string }[] }>(
    stack,
    "POST",
    "/onboarding/wallet/verify",
    { address, public_key: publicKey, signature, nonce: challenge.nonce },
    { ...auth, "x-workspace-id": ws.id },
  );
  await call(
    stack,
    "PATCH",
    `/v1/workspaces/${ws.id}/business-profile`,
    { display_name: "Acme Coffee", website: "https://acme.example", description: "Beans paid in sBTC." },
    auth,
  );
  merchant.sk = verified.api_keys.find((k) => k.type === "sk")?.key ?? "";
  merchant.pk = verified.api_keys.find((k) => k.type === "pk")?.key ?? "";
  return merchant;
}

/** Signs the page in as `merchant` (the stored session the dashboard validates at load). */
export async function signInPage(page: Page, merchant: SeededMerchant): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("spay_session_token", JSON.stringify(token));
      localStorage.setItem("spay_user", JSON.stringify(user));
    },
    { token: merchant.token, user: merchant.user },
  );
}

/** A seeded merchant signed in on a phone-sized page, with the stack and browser behind it. */
export interface MerchantPhone {
  stack: TestStack;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  merchant: SeededMerchant;
  /** Resizes the page to `width` (the phone's height kept) and opens `path` of the dashboard. */
  open(path: string, width?: number): Promise<void>;
  /** Closes what was started; safe to call whatever was reached. */
  close(): Promise<void>;
}

/**
 * One test file's phone: its own stack and browser, a merchant as Get Started leaves it, and a
 * page 390 px wide signed in as that merchant (nothing loaded yet, so the file seeds its data
 * first). `height` is the phone's screen: a file measuring what fits in one screenful picks it.
 */
export async function startMerchantPhone({ height }: { height: number }): Promise<MerchantPhone> {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  };
  try {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    const merchant = await seedMerchant(stack);
    context = await browser.newContext({ viewport: { width: 390, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInPage(page, merchant);
    const dashboard = stack.url;
    const open = async (path: string, width = 390) => {
      await page.setViewportSize({ width, height });
      await page.goto(`${dashboard}${path}`);
    };
    return { stack, browser, context, page, merchant, open, close };
  } catch (err) {
    await close();
    throw err;
  }
}
