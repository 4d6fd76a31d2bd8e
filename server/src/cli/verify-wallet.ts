import { getAddressFromPrivateKey, privateKeyToPublic } from "@stacks/transactions";
import { signStacksMessage } from "../domain/stacks-address.ts";
import { readApiAnswer } from "./api-error.ts";

export interface VerifyWalletOptions {
  apiUrl: string;
  /** A session token (`sess_…`) of a member of the workspace. */
  session: string;
  workspaceId: string;
  /** The payout wallet's key: on the devnet, one of its funded accounts. */
  privateKey: string;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  return readApiAnswer<T>(await fetch(url, init), `${init.method ?? "GET"} ${new URL(url).pathname}`);
}

/**
 * Verifies a workspace's payout wallet from the command line, as the dashboard's Get Started step
 * does with a browser wallet: the server's single-use challenge, signed with the key
 * (`stx_signMessage`'s scheme), checked server-side. Onboarding answers with the test keys.
 */
export async function verifyWallet(options: VerifyWalletOptions) {
  const address = getAddressFromPrivateKey(options.privateKey, "testnet");
  const challenge = await call<{ message: string; nonce: string }>(
    `${options.apiUrl}/v1/auth/wallet/challenge?address=${address}&purpose=payout_wallet`,
    { method: "GET" },
  );
  return call<{ api_keys?: { type: string; key: string }[] }>(`${options.apiUrl}/onboarding/wallet/verify`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${options.session}`,
      "x-workspace-id": options.workspaceId,
      "content-type": "application/json",
    },
    body: JSON.stringify({
      address,
      public_key: privateKeyToPublic(options.privateKey),
      signature: signStacksMessage(options.privateKey, challenge.message),
      nonce: challenge.nonce,
    }),
  }).then((verified) => ({ address, keys: verified.api_keys ?? [] }));
}
