import { randomBytes } from "node:crypto";
import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  getAddressFromPrivateKey,
  privateKeyToPublic,
  randomPrivateKey,
  signMessageHashRsv,
} from "@stacks/transactions";

async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  // biome-ignore lint/suspicious/noExplicitAny: bench glue reading JSON fields by name
  return json as Record<string, any>;
}

/** A merchant with a verified payout wallet and test keys, made through the public API. */
export async function createMerchant(url: string): Promise<{
  sk: string;
  pk: string;
  workspaceId: string;
  /** The verified payout wallet's address: where the merchant's payments go (an x402 `payTo`). */
  payoutAddress: string;
  /** The merchant's dashboard session: its token and user, as the dashboard stores them. */
  session: { token: string; user: Record<string, unknown> };
}> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const { session_id: token, user } = await call(url, "POST", "/v1/auth/register", {
    email,
    password: "bench-password",
  });
  const auth = { authorization: `Bearer ${token}` };
  const org = await call(
    url,
    "POST",
    "/v1/organizations",
    { name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` },
    auth,
  );
  const ws = await call(url, "POST", `/v1/organizations/${org.id}/workspaces`, { name: "Bench" }, auth);
  const privateKey = randomPrivateKey();
  const address = getAddressFromPrivateKey(privateKey, "testnet");
  const challenge = await call(
    url,
    "GET",
    `/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
  );
  const signature = signMessageHashRsv({
    messageHash: bytesToHex(hashMessage(challenge.message)),
    privateKey,
  });
  const verified = await call(
    url,
    "POST",
    "/onboarding/wallet/verify",
    { address, public_key: privateKeyToPublic(privateKey), signature, nonce: challenge.nonce },
    { ...auth, "x-workspace-id": ws.id },
  );
  const keys = verified.api_keys as { type: string; key: string }[];
  return {
    sk: keys.find((k) => k.type === "sk")!.key,
    pk: keys.find((k) => k.type === "pk")!.key,
    workspaceId: ws.id,
    payoutAddress: address,
    session: { token, user },
  };
}
