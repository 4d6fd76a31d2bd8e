/**
 * The few Stacks API calls an agent makes (Hiro's API, or the sPay devnet speaking its subset):
 * the account's possible next nonce, broadcasting a transaction (SPEC.md form), and whether the
 * chain knows a transaction. Plain `fetch`, so it runs in browsers too.
 */
import { X402PaymentError } from "./errors.js";
import type { StacksNetworkName } from "./payment-policy.js";

/** Hiro's public Stacks APIs. */
export const DEFAULT_STACKS_API_URLS: Readonly<Record<StacksNetworkName, string>> = {
  mainnet: "https://api.mainnet.hiro.so",
  testnet: "https://api.testnet.hiro.so",
};

/** A `fetch`: the platform's, or one with the same call shape. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The chain calls the agent needs; implement it to use another API. */
export interface StacksApi {
  /** Identifies the chain for the nonce manager (accounts on different chains are kept apart). */
  readonly baseUrl: string;
  /** The account's next nonce as the chain sees it, mempool included (`possible_next_nonce`). */
  possibleNextNonce(address: string): Promise<bigint>;
  /** Broadcasts a signed transaction (hex); resolves with its `0x` txid. */
  broadcast(transaction: string): Promise<string>;
  /** Whether the chain has the transaction, in the mempool or mined (dropped ones do not count). */
  hasTransaction(txid: string): Promise<boolean>;
}

interface BroadcastRejection {
  error?: string;
  reason?: string;
  txid?: string;
}

/** A `StacksApi` over Hiro's HTTP API at `baseUrl`. */
export function stacksApi(baseUrl: string, fetchImpl: FetchLike = (i, init) => fetch(i, init)): StacksApi {
  const root = baseUrl.replace(/\/+$/, "");
  const unavailable = (what: string, cause: unknown) =>
    new X402PaymentError("chain_unavailable", `Stacks API ${root}: ${what}`, { cause });

  return {
    baseUrl: root,
    async possibleNextNonce(address) {
      let res: Response;
      try {
        res = await fetchImpl(`${root}/extended/v1/address/${address}/nonces`);
      } catch (err) {
        throw unavailable("nonce lookup failed", err);
      }
      const body = (await res.json().catch(() => null)) as { possible_next_nonce?: unknown } | null;
      const next = body?.possible_next_nonce;
      if (!res.ok || typeof next !== "number" || !Number.isSafeInteger(next) || next < 0)
        throw unavailable(`nonce lookup answered ${res.status}`, body);
      return BigInt(next);
    },
    async broadcast(transaction) {
      const res = await fetchImpl(`${root}/v2/transactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tx: transaction }),
      }).catch((err: unknown) => {
        throw unavailable("broadcast failed", err);
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Some nodes answer the bare txid as text.
      }
      if (res.ok && typeof body === "string" && /^(0x)?[0-9a-fA-F]{64}$/.test(body))
        return `0x${body.replace(/^0x/, "").toLowerCase()}`;
      const rejection = (typeof body === "object" && body !== null ? body : {}) as BroadcastRejection;
      throw new X402PaymentError(
        "broadcast_failed",
        `the Stacks node refused the payment: ${rejection.reason ?? rejection.error ?? res.status}`,
        { reason: rejection.reason ?? "broadcast_rejected", response: body },
      );
    },
    async hasTransaction(txid) {
      const res = await fetchImpl(`${root}/extended/v1/tx/0x${txid.replace(/^0x/, "")}`);
      if (res.status === 404) return false;
      const body = (await res.json().catch(() => null)) as { tx_status?: unknown } | null;
      if (!res.ok || typeof body?.tx_status !== "string")
        throw unavailable(`transaction lookup answered ${res.status}`, body);
      return !body.tx_status.startsWith("dropped");
    },
  };
}
