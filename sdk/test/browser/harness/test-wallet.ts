import { ACCOUNTS } from "@spay/devnet";
import {
  broadcastTransaction,
  Cl,
  makeContractCall,
  PostConditionMode,
  privateKeyToPublic,
} from "@stacks/transactions";
import type { Page } from "playwright-core";

/** What the page's wallet request carried for `stx_callContract` (connect serializes values to hex). */
interface CallContractParams {
  contract: `${string}.${string}`;
  functionName: string;
  functionArgs: string[];
  postConditions?: string[];
  postConditionMode?: "allow" | "deny";
}

const PAYER = ACCOUNTS.find((a) => a.name === "wallet_1")!;

/** The devnet account the injected wallet pays from. */
export const TEST_WALLET = {
  address: PAYER.address,
  publicKey: privateKeyToPublic(PAYER.privateKey),
};

/**
 * Signs the contract call exactly as the page asked (contract, function, arguments,
 * post-conditions, mode) with the devnet key, broadcasts it, and returns the txid.
 */
async function signAndBroadcast(devnetUrl: string, params: CallContractParams): Promise<string> {
  const [contractAddress, contractName] = params.contract.split(".") as [string, string];
  const tx = await makeContractCall({
    contractAddress,
    contractName,
    functionName: params.functionName,
    functionArgs: params.functionArgs.map((hex) => Cl.deserialize(hex)),
    postConditions: params.postConditions ?? [],
    postConditionMode:
      params.postConditionMode === "allow" ? PostConditionMode.Allow : PostConditionMode.Deny,
    senderKey: PAYER.privateKey,
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

/**
 * DESIGN.md "Chain facts": plays Leather with an injected `window.LeatherProvider` answering
 * JSON-RPC, signing for real in Node. Every request is recorded in `window.__walletCalls`.
 */
export async function installTestWallet(page: Page, devnetUrl: string): Promise<void> {
  await page.exposeFunction("spayTestSign", (params: CallContractParams) =>
    signAndBroadcast(devnetUrl, params),
  );
  await page.addInitScript(
    ({ address, publicKey }) => {
      type Rpc = { jsonrpc: "2.0"; id: string; result?: unknown; error?: { code: number; message: string } };
      const w = window as unknown as {
        LeatherProvider: unknown;
        __walletCalls: { method: string; params: unknown }[];
        spayTestSign(params: unknown): Promise<string>;
      };
      w.__walletCalls = [];
      w.LeatherProvider = {
        isLeather: true,
        async request(method: string, params: unknown): Promise<Rpc> {
          w.__walletCalls.push({ method, params });
          const id = crypto.randomUUID();
          if (method === "getAddresses") {
            return { jsonrpc: "2.0", id, result: { addresses: [{ symbol: "STX", address, publicKey }] } };
          }
          if (method === "stx_callContract") {
            try {
              return { jsonrpc: "2.0", id, result: { txid: await w.spayTestSign(params) } };
            } catch (err) {
              return { jsonrpc: "2.0", id, error: { code: -32603, message: String(err) } };
            }
          }
          return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
        },
      };
      localStorage.setItem("STX_PROVIDER", "LeatherProvider");
    },
    { address: TEST_WALLET.address, publicKey: TEST_WALLET.publicKey },
  );
}
