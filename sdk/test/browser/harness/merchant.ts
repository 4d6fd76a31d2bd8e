import { randomBytes } from "node:crypto";
import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  getAddressFromPrivateKey,
  privateKeyToPublic,
  randomPrivateKey,
  signMessageHashRsv,
} from "@stacks/transactions";

type Json = Record<string, unknown>;

async function call<T = Json>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A merchant with a verified payout wallet and test keys, made through the public API as a merchant would. */
export interface TestMerchant {
  pk: string;
  sk: string;
  /** The payout address payments go to. */
  payoutAddress: string;
}

/** Registers, creates an org and workspace, verifies a payout wallet: returns the test keys. */
export async function createMerchant(apiUrl: string): Promise<TestMerchant> {
  const tag = randomBytes(4).toString("hex");
  const { session_id: token } = await call<{ session_id: string }>(apiUrl, "POST", "/v1/auth/register", {
    email: `browser-${tag}@example.com`,
    password: "browser-test-password",
  });
  const auth = { authorization: `Bearer ${token}` };
  const org = await call<{ id: string }>(
    apiUrl,
    "POST",
    "/v1/organizations",
    { name: "Shop", slug: `shop-${tag}` },
    auth,
  );
  const ws = await call<{ id: string }>(
    apiUrl,
    "POST",
    `/v1/organizations/${org.id}/workspaces`,
    { name: "Shop" },
    auth,
  );
  await call(
    apiUrl,
    "PATCH",
    `/v1/workspaces/${ws.id}/business-profile`,
    { display_name: "Browser Test Shop" },
    auth,
  );
  // The browser tests also check out amounts of their own (a tip, SPay.checkout({ params })): the
  // workspace allows custom amounts from the browser, off by default.
  await call(apiUrl, "PATCH", `/v1/workspaces/${ws.id}`, { allow_browser_amounts: true }, auth);
  const privateKey = randomPrivateKey();
  const address = getAddressFromPrivateKey(privateKey, "testnet");
  const challenge = await call<{ message: string; nonce: string }>(
    apiUrl,
    "GET",
    `/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
  );
  const signature = signMessageHashRsv({
    messageHash: bytesToHex(hashMessage(challenge.message)),
    privateKey,
  });
  const verified = await call<{ api_keys: { type: string; key: string }[] }>(
    apiUrl,
    "POST",
    "/onboarding/wallet/verify",
    { address, public_key: privateKeyToPublic(privateKey), signature, nonce: challenge.nonce },
    { ...auth, "x-workspace-id": ws.id },
  );
  const key = (type: string) => verified.api_keys.find((k) => k.type === type)?.key ?? "";
  return { pk: key("pk"), sk: key("sk"), payoutAddress: address };
}

/** A product with its payment link, created with the secret key (`POST /v1/products`). */
export async function createProduct(
  apiUrl: string,
  sk: string,
  fields: { name: string; price_minor: number; require_email?: boolean },
): Promise<{ id: string; linkId: string }> {
  const product = await call<{ id: string; payment_link: { id: string } | null }>(
    apiUrl,
    "POST",
    "/v1/products",
    { stock: 10, ...fields },
    { authorization: `Bearer ${sk}` },
  );
  return { id: product.id, linkId: product.payment_link?.id ?? "" };
}

/** Reads an intent with the secret key (what the server says, not what the page shows). */
export async function retrieveIntent(apiUrl: string, sk: string, id: string): Promise<Json> {
  return call(apiUrl, "GET", `/v1/payment_intents/${id}`, undefined, { authorization: `Bearer ${sk}` });
}

/** The newest intent of the workspace. */
export async function latestIntent(apiUrl: string, sk: string): Promise<Json> {
  const list = await call<{ data: Json[] }>(apiUrl, "GET", "/v1/payment_intents?limit=1", undefined, {
    authorization: `Bearer ${sk}`,
  });
  const [intent] = list.data;
  if (!intent) throw new Error("no payment intent yet");
  return intent;
}
