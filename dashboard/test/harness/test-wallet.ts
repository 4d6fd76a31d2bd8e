import { ACCOUNTS } from "@spay/devnet";
import { SBTC_ASSET_NAME } from "@spay/protocol";
import { hashMessage } from "@stacks/encryption";
import {
  broadcastTransaction,
  Cl,
  makeContractCall,
  Pc,
  PostConditionMode,
  postConditionToHex,
  privateKeyToPublic,
  signMessageHashRsv,
} from "@stacks/transactions";
import type { Page } from "playwright-core";

export interface CallContractParams {
  contract: `${string}.${string}`;
  functionName: string;
  functionArgs: string[];
  postConditions?: string[];
  postConditionMode?: "allow" | "deny";
}

function account(name: string) {
  const a = ACCOUNTS.find((x) => x.name === name);
  if (!a) throw new Error(`no devnet account ${name}`);
  return { ...a, publicKey: privateKeyToPublic(a.privateKey) as string };
}

/** The merchant's payout wallet (signs the challenge) and the payer (funded with sBTC on the devnet). */
export const WALLETS = { merchant: account("wallet_2"), payer: account("wallet_1") } as const;
export type WalletRole = keyof typeof WALLETS;

/** Signs a contract call with `privateKey` on the devnet and broadcasts it (a real signed transaction). */
export async function signAndBroadcast(
  devnetUrl: string,
  privateKey: string,
  params: CallContractParams,
): Promise<string> {
  const [contractAddress, contractName] = params.contract.split(".") as [string, string];
  const tx = await makeContractCall({
    contractAddress,
    contractName,
    functionName: params.functionName,
    functionArgs: params.functionArgs.map((hex) => Cl.deserialize(hex)),
    postConditions: params.postConditions ?? [],
    postConditionMode:
      params.postConditionMode === "allow" ? PostConditionMode.Allow : PostConditionMode.Deny,
    senderKey: privateKey,
    network: "testnet",
    client: { baseUrl: devnetUrl },
    fee: 3_000n,
  });
  const result = (await broadcastTransaction({
    transaction: tx,
    network: "testnet",
    client: { baseUrl: devnetUrl },
  })) as { txid: string; error?: string; reason?: string };
  if (result.error) throw new Error(`broadcast rejected: ${result.reason ?? result.error}`);
  return result.txid;
}

/** What the payer needs of an sBTC payment intent to pay it. */
export interface PayableIntent {
  amount_asset: string;
  token_contract: string;
  recipient: string;
  memo: string;
}

/**
 * The devnet payer pays `intent` as a wallet would: a SIP-010 `transfer` of exactly the intent's
 * amount to its recipient with its memo, guarded by a post-condition that the payer sends that much.
 */
export function payerPays(devnetUrl: string, intent: PayableIntent): Promise<string> {
  const amount = BigInt(intent.amount_asset);
  const token = intent.token_contract as `${string}.${string}`;
  const payer = WALLETS.payer.address;
  return signAndBroadcast(devnetUrl, WALLETS.payer.privateKey, {
    contract: token,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(amount),
      Cl.principal(payer),
      Cl.principal(intent.recipient),
      Cl.some(Cl.bufferFromUtf8(intent.memo)),
    ].map((cv) => Cl.serialize(cv)),
    postConditions: [Pc.principal(payer).willSendEq(amount).ft(token, SBTC_ASSET_NAME)].map((pc) =>
      postConditionToHex(pc),
    ),
  });
}

/**
 * DESIGN.md "Chain facts": plays Leather with an injected `window.LeatherProvider` answering
 * JSON-RPC and signing for real in Node with devnet keys. `window.__walletRole` picks the account
 * the wallet presents ('merchant' by default, 'payer' to pay); like a real wallet, it signs with
 * that account's key. Contract calls it is asked for are appended to `calls` when given.
 */
export async function installTestWallet(
  page: Page,
  devnetUrl: string,
  calls?: CallContractParams[],
): Promise<void> {
  await page.exposeFunction("spayTestSignMessage", (role: WalletRole, message: string) =>
    signMessageHashRsv({
      messageHash: Buffer.from(hashMessage(message)).toString("hex"),
      privateKey: WALLETS[role].privateKey,
    }),
  );
  await page.exposeFunction("spayTestCallContract", (role: WalletRole, params: CallContractParams) => {
    calls?.push(params);
    return signAndBroadcast(devnetUrl, WALLETS[role].privateKey, params);
  });
  await page.addInitScript(
    (wallets) => {
      type Rpc = { jsonrpc: "2.0"; id: string; result?: unknown; error?: { code: number; message: string } };
      const w = window as unknown as {
        LeatherProvider: unknown;
        __walletRole: "merchant" | "payer";
        __walletCalls: string[];
        spayTestSignMessage(role: string, message: string): Promise<string>;
        spayTestCallContract(role: string, params: unknown): Promise<string>;
      };
      w.__walletRole = "merchant";
      w.__walletCalls = [];
      w.LeatherProvider = {
        isLeather: true,
        async request(method: string, params: { message?: string }): Promise<Rpc> {
          w.__walletCalls.push(method);
          const id = crypto.randomUUID();
          const me = wallets[w.__walletRole];
          try {
            if (method === "getAddresses") {
              return {
                jsonrpc: "2.0",
                id,
                result: { addresses: [{ symbol: "STX", address: me.address, publicKey: me.publicKey }] },
              };
            }
            if (method === "stx_signMessage") {
              const signature = await w.spayTestSignMessage(w.__walletRole, params.message ?? "");
              return { jsonrpc: "2.0", id, result: { signature, publicKey: me.publicKey } };
            }
            if (method === "stx_callContract") {
              return {
                jsonrpc: "2.0",
                id,
                result: { txid: await w.spayTestCallContract(w.__walletRole, params) },
              };
            }
          } catch (err) {
            return { jsonrpc: "2.0", id, error: { code: -32603, message: String(err) } };
          }
          return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
        },
      };
      localStorage.setItem("STX_PROVIDER", "LeatherProvider");
    },
    {
      merchant: { address: WALLETS.merchant.address, publicKey: WALLETS.merchant.publicKey },
      payer: { address: WALLETS.payer.address, publicKey: WALLETS.payer.publicKey },
    },
  );
}
