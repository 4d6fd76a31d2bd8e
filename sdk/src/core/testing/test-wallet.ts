/**
 * Test support (never part of the build): a wallet provider as a browser extension injects it
 * (DESIGN.md "Chain facts": `window.LeatherProvider` answering JSON-RPC `{jsonrpc, id, result}`),
 * signing for real with a devnet key and broadcasting to the devnet.
 */
import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  broadcastTransaction,
  Cl,
  makeContractCall,
  makeSTXTokenTransfer,
  type PostConditionModeName,
  privateKeyToAddress,
  privateKeyToPublic,
  type StacksTransactionWire,
  signMessageHashRsv,
} from "@stacks/transactions";

export interface TestWalletOptions {
  privateKey: string;
  /** The devnet's Hiro-style API, where signed transactions are broadcast. */
  chainApiUrl: string;
  /** Answer every request with this JSON-RPC error instead (a payer rejecting, say). */
  fail?: { code: number; message: string };
  /** Answer `stx_callContract` / `stx_transferStx` with `txId` (Xverse's spelling) instead of `txid`. */
  camelCaseTxId?: boolean;
}

export interface TestWalletProvider {
  request(method: string, params?: unknown): Promise<unknown>;
  /** Every request received, in order. */
  readonly calls: { method: string; params: unknown }[];
  readonly address: string;
}

interface CallContractParams {
  contract: string;
  functionName: string;
  functionArgs: string[];
  postConditions: string[];
  postConditionMode: PostConditionModeName;
  network: "mainnet" | "testnet";
}

/** A JSON-RPC wallet provider backed by a real key. */
export function createTestWallet(options: TestWalletOptions): TestWalletProvider {
  const address = privateKeyToAddress(options.privateKey, "testnet");
  const calls: { method: string; params: unknown }[] = [];
  let id = 0;

  async function broadcast(transaction: StacksTransactionWire, network: "mainnet" | "testnet") {
    const result = (await broadcastTransaction({
      transaction,
      network,
      client: { baseUrl: options.chainApiUrl },
    })) as { txid: string; error?: string; reason?: string };
    if (result.error) throw Object.assign(new Error(result.reason ?? result.error), { code: -32603 });
    return options.camelCaseTxId ? { txId: result.txid } : { txid: result.txid };
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case "getAddresses":
        return {
          addresses: [
            { symbol: "BTC", address: "bcrt1qtestpaymentaddress0000000000000000", publicKey: "" },
            { symbol: "STX", address, publicKey: privateKeyToPublic(options.privateKey) },
          ],
        };
      case "stx_signMessage": {
        const { message } = params as { message: string };
        const signature = signMessageHashRsv({
          messageHash: bytesToHex(hashMessage(message)),
          privateKey: options.privateKey,
        });
        return { signature, publicKey: privateKeyToPublic(options.privateKey) };
      }
      case "stx_transferStx": {
        const p = params as {
          recipient: string;
          amount: string;
          memo?: string;
          network: "mainnet" | "testnet";
        };
        const tx = await makeSTXTokenTransfer({
          recipient: p.recipient,
          amount: BigInt(p.amount),
          memo: p.memo ?? "",
          senderKey: options.privateKey,
          network: p.network,
          client: { baseUrl: options.chainApiUrl },
          fee: 3_000n,
        });
        return broadcast(tx, p.network);
      }
      case "stx_callContract": {
        const p = params as CallContractParams;
        const [contractAddress, contractName] = p.contract.split(".") as [string, string];
        const tx = await makeContractCall({
          contractAddress,
          contractName,
          functionName: p.functionName,
          functionArgs: p.functionArgs.map((hex) => Cl.deserialize(hex)),
          postConditions: p.postConditions,
          postConditionMode: p.postConditionMode,
          senderKey: options.privateKey,
          network: p.network,
          client: { baseUrl: options.chainApiUrl },
          fee: 3_000n,
        });
        return broadcast(tx, p.network);
      }
      default:
        throw Object.assign(new Error("Method not found"), { code: -32601 });
    }
  }

  return {
    calls,
    address,
    async request(method, params) {
      calls.push({ method, params });
      id++;
      if (options.fail) return { jsonrpc: "2.0", id, error: options.fail };
      try {
        return { jsonrpc: "2.0", id, result: await answer(method, params) };
      } catch (err) {
        const e = err as Error & { code?: number };
        return { jsonrpc: "2.0", id, error: { code: e.code ?? -32603, message: e.message } };
      }
    },
  };
}

/** A browser-like `window` and `localStorage` for Node tests of the wallet code. */
export function browserGlobals(extra: Record<string, unknown> = {}): {
  window: Record<string, unknown>;
  localStorage: Storage;
} {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  } as Storage;
  const win: Record<string, unknown> = { localStorage, ...extra };
  win.top = win;
  win.self = win;
  return { window: win, localStorage };
}
