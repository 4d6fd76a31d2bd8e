import { createHash, randomBytes } from "node:crypto";
import {
  privateKeyToAddress,
  privateKeyToPublic,
  randomPrivateKey,
  signMessageHashRsv,
} from "@stacks/transactions";

async function call<T>(
  apiUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const hashMessage = (message: string): string => {
  const bytes = Buffer.from(message, "utf8");
  const length =
    bytes.length < 0xfd
      ? Buffer.from([bytes.length])
      : Buffer.from([0xfd, bytes.length & 0xff, bytes.length >> 8]);
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from("\x17Stacks Signed Message:\n"), length, bytes]))
    .digest("hex");
};

export interface TestMerchant {
  pk: string;
  sk: string;
  product: { id: string; linkId: string; name: string };
}

/** A merchant with a verified payout wallet, test keys and one product, made through the API. */
export async function createMerchantWithProduct(apiUrl: string, productName: string): Promise<TestMerchant> {
  const tag = randomBytes(4).toString("hex");
  const { session_id } = await call<{ session_id: string }>(apiUrl, "POST", "/v1/auth/register", {
    email: `docs-${tag}@example.com`,
    password: "docs-test-password",
  });
  const auth = { authorization: `Bearer ${session_id}` };
  const org = await call<{ id: string }>(
    apiUrl,
    "POST",
    "/v1/organizations",
    { name: "Docs", slug: `docs-${tag}` },
    auth,
  );
  const ws = await call<{ id: string }>(
    apiUrl,
    "POST",
    `/v1/organizations/${org.id}/workspaces`,
    { name: "Docs" },
    auth,
  );
  await call(
    apiUrl,
    "PATCH",
    `/v1/workspaces/${ws.id}/business-profile`,
    { display_name: "Docs Coffee" },
    auth,
  );
  const privateKey = randomPrivateKey();
  const address = privateKeyToAddress(privateKey, "testnet");
  const challenge = await call<{ message: string; nonce: string }>(
    apiUrl,
    "GET",
    `/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
  );
  const verified = await call<{ api_keys: { type: string; key: string }[] }>(
    apiUrl,
    "POST",
    "/onboarding/wallet/verify",
    {
      address,
      public_key: privateKeyToPublic(privateKey),
      signature: signMessageHashRsv({ messageHash: hashMessage(challenge.message), privateKey }),
      nonce: challenge.nonce,
    },
    { ...auth, "x-workspace-id": ws.id },
  );
  const key = (type: string) => verified.api_keys.find((k) => k.type === type)?.key ?? "";
  const product = await call<{ id: string; payment_link: { id: string } | null }>(
    apiUrl,
    "POST",
    "/v1/products",
    { name: productName, price_minor: 1999, stock: 10 },
    { authorization: `Bearer ${key("sk")}` },
  );
  return {
    pk: key("pk"),
    sk: key("sk"),
    product: { id: product.id, linkId: product.payment_link?.id ?? "", name: productName },
  };
}
