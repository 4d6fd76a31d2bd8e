import { createNetwork, type StacksNetwork } from "@stacks/network";
import {
  Cl,
  fetchNonce,
  makeContractCall,
  Pc,
  type PostCondition,
  PostConditionMode,
  type StacksTransactionWire,
} from "@stacks/transactions";
import type { DevnetAccount } from "../src/accounts.ts";
import type { DevnetToken } from "../src/tokens.ts";

/** A test wallet's view of the devnet: @stacks/network pointed at the devnet URL. */
export function devnetNetwork(url: string): StacksNetwork {
  return createNetwork({ network: "testnet", client: { baseUrl: url } });
}

export interface TransferOptions {
  readonly url: string;
  /** The token's contract and `define-fungible-token` name (any SIP-010 contract). */
  readonly token: Pick<DevnetToken, "contractId" | "assetName">;
  readonly from: DevnetAccount | { readonly address: string; readonly privateKey: string };
  readonly to: string;
  readonly amount: bigint;
  /** Memo bytes (≤ 34), sent as `(some (buff …))`; omitted → `none`. */
  readonly memo?: string;
  /** Defaults to the devnet's `possible_next_nonce` via fetchNonce. */
  readonly nonce?: bigint;
  /** Defaults to the devnet's fee estimate. */
  readonly fee?: bigint;
  /** Defaults to `willSendEq(amount)` on the token. */
  readonly postConditions?: PostCondition[];
  readonly postConditionMode?: PostConditionMode;
}

/** Signs a SIP-010 `transfer(amount, sender, recipient, memo)` the way sPay's checkout does. */
export async function signTokenTransfer(options: TransferOptions): Promise<StacksTransactionWire> {
  const network = devnetNetwork(options.url);
  const [contractAddress = "", contractName = ""] = options.token.contractId.split(".");
  const nonce = options.nonce ?? (await fetchNonce({ address: options.from.address, network }));
  return makeContractCall({
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(options.amount),
      Cl.principal(options.from.address),
      Cl.principal(options.to),
      options.memo === undefined ? Cl.none() : Cl.some(Cl.bufferFromUtf8(options.memo)),
    ],
    senderKey: options.from.privateKey,
    network,
    nonce,
    ...(options.fee === undefined ? {} : { fee: options.fee }),
    postConditionMode: options.postConditionMode ?? PostConditionMode.Deny,
    postConditions: options.postConditions ?? [
      Pc.principal(options.from.address)
        .willSendEq(options.amount)
        .ft(options.token.contractId as `${string}.${string}`, options.token.assetName),
    ],
  });
}

/** GET a devnet path and parse the JSON (asserting a 2xx). */
export async function getJson<T = Record<string, unknown>>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
