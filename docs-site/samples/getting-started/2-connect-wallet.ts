/**
 * Step 2 without the dashboard: prove you own the payout wallet by signing sPay's challenge.
 * In the dashboard your wallet extension (Leather, Xverse…) does the signing; this script does
 * the same with a key, e.g. for a wallet your back office controls.
 *
 *   SPAY_SESSION=sess_… SPAY_WORKSPACE_ID=ws_… WALLET_PRIVATE_KEY=… npx tsx 2-connect-wallet.ts
 */
import { createHash } from "node:crypto";
import { privateKeyToAddress, privateKeyToPublic, signMessageHashRsv } from "@stacks/transactions";

const api = process.env.SPAY_API_URL ?? "http://localhost:8787";
const session = process.env.SPAY_SESSION;
const workspaceId = process.env.SPAY_WORKSPACE_ID;
const privateKey = process.env.WALLET_PRIVATE_KEY;
if (!session || !workspaceId || !privateKey)
  throw new Error("Set SPAY_SESSION, SPAY_WORKSPACE_ID and WALLET_PRIVATE_KEY");

/** What a Stacks wallet signs: SHA-256 of the prefix, the message length (varint) and the message. */
function hashMessage(message: string): string {
  const bytes = Buffer.from(message, "utf8");
  const length =
    bytes.length < 0xfd
      ? Buffer.from([bytes.length])
      : Buffer.from([0xfd, bytes.length & 0xff, bytes.length >> 8]);
  const prefix = Buffer.from("\x17Stacks Signed Message:\n", "utf8");
  return createHash("sha256")
    .update(Buffer.concat([prefix, length, bytes]))
    .digest("hex");
}

const address = privateKeyToAddress(privateKey, "testnet"); // ST… for the sandbox

// 1. A single-use challenge for this address (expires in 5 minutes).
const challenge = (await (
  await fetch(`${api}/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`)
).json()) as { message: string; nonce: string };

// 2. Sign it, and let sPay check the signature and that the key owns the address.
const res = await fetch(`${api}/onboarding/wallet/verify`, {
  method: "POST",
  headers: {
    authorization: `Bearer ${session}`,
    "x-workspace-id": workspaceId,
    "content-type": "application/json",
  },
  body: JSON.stringify({
    address,
    public_key: privateKeyToPublic(privateKey),
    signature: signMessageHashRsv({ messageHash: hashMessage(challenge.message), privateKey }),
    nonce: challenge.nonce,
  }),
});
const verified = (await res.json()) as { api_keys?: { type: string; key: string }[] };
if (!res.ok) throw new Error(`wallet verification failed: ${JSON.stringify(verified)}`);

// The first verification creates the workspace's test keys: keep the secret one safe now.
for (const key of verified.api_keys ?? [])
  console.log(`${key.type === "sk" ? "secret     " : "publishable"} ${key.key}`);
console.log(`payout wallet ${address} verified`);
