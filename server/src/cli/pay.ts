import {
  broadcastTransaction,
  bufferCVFromString,
  makeContractCall,
  noneCV,
  Pc,
  PostConditionMode,
  principalCV,
  privateKeyToAddress,
  someCV,
  uintCV,
} from "@stacks/transactions";
import { readApiAnswer } from "./api-error.ts";

export interface PayOptions {
  apiUrl: string;
  chainApiUrl: string;
  apiKey: string;
  intentId: string;
  privateKey: string;
  /** Pay this many atomic units instead of the amount due (to try under/overpayment). */
  amount?: bigint | undefined;
  /** Leave the memo out: the transfer then pays no intent and waits as unmatched until the merchant assigns it. */
  omitMemo?: boolean;
  /** Told each step as it starts (fetching the intent, signing, broadcasting, reporting the txid). */
  onProgress?: (step: string) => void;
}

export interface IntentForPayment {
  id: string;
  status: string;
  token_contract: string;
  amount_asset: string;
  recipient: string;
  memo: string;
  asset: string;
}

/** One call to the sPay API with the options' key; an error answer throws an `ApiError` (code + message). */
export async function api<T>(
  options: Pick<PayOptions, "apiUrl" | "apiKey">,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${options.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return readApiAnswer<T>(res, `${method} ${path.split("?")[0]}`);
}

/**
 * The path that reads an intent with this key: a secret key names it by id; a publishable key needs
 * its client secret (`pi_…_secret_…`), which names the id and goes in the query.
 */
export function intentPath(idOrClientSecret: string): { id: string; path: string; query: string } {
  const [id = idOrClientSecret] = idOrClientSecret.split("_secret_");
  const query = id === idOrClientSecret ? "" : `?client_secret=${encodeURIComponent(idOrClientSecret)}`;
  return { id, path: `/v1/payment_intents/${id}`, query };
}

/** The SIP-010 `transfer` an intent asks for, with its memo and a `willSendEq` post-condition (deny mode). */
export async function buildIntentTransfer(
  intent: IntentForPayment,
  privateKey: string,
  chainApiUrl: string,
  options: { amount?: bigint | undefined; omitMemo?: boolean } = {},
) {
  const [contractAddress, contractName] = intent.token_contract.split(".") as [string, string];
  const sender = privateKeyToAddress(privateKey, "testnet");
  const amount = options.amount ?? BigInt(intent.amount_asset);
  const assetName =
    intent.asset === "sbtc" ? "sbtc-token" : contractName === "usdcx" ? "usdcx-token" : "usdc-token";
  return makeContractCall({
    contractAddress,
    contractName,
    functionName: "transfer",
    functionArgs: [
      uintCV(amount),
      principalCV(sender),
      principalCV(intent.recipient),
      options.omitMemo ? noneCV() : someCV(bufferCVFromString(intent.memo)),
    ],
    senderKey: privateKey,
    network: "testnet",
    client: { baseUrl: chainApiUrl },
    postConditionMode: PostConditionMode.Deny,
    postConditions: [
      Pc.principal(sender)
        .willSendEq(amount)
        .ft(intent.token_contract as `${string}.${string}`, assetName),
    ],
    fee: 3_000n,
  });
}

/** Broadcasts and returns the txid; a node rejection (BadNonce, NotEnoughFunds, …) becomes an error. */
export async function broadcastIntentTransfer(
  tx: Awaited<ReturnType<typeof makeContractCall>>,
  chainApiUrl: string,
): Promise<{ txid: string }> {
  // The declared result type omits the rejection shape the node answers with; read it as such.
  const result = (await broadcastTransaction({
    transaction: tx,
    network: "testnet",
    client: { baseUrl: chainApiUrl },
  })) as {
    txid: string;
    error?: string;
    reason?: string;
  };
  if (result.error) throw new Error(`broadcast rejected: ${result.reason ?? result.error}`);
  return { txid: result.txid };
}

/** Pays an intent from a funded account: build, sign, broadcast, and report the txid to sPay. */
export async function payIntent(
  options: PayOptions,
): Promise<{ intentId: string; txid: string; amount: string; from: string }> {
  const progress = options.onProgress ?? (() => {});
  const { path, query } = intentPath(options.intentId);
  progress("Fetching the payment intent");
  const intent = await api<IntentForPayment>(options, "GET", `${path}${query}`);
  const amount = options.amount ?? BigInt(intent.amount_asset);
  progress(`Signing a transfer of ${amount} units`);
  const tx = await buildIntentTransfer(intent, options.privateKey, options.chainApiUrl, options);
  progress("Broadcasting the transfer to the chain");
  const { txid } = await broadcastIntentTransfer(tx, options.chainApiUrl);
  progress(`Reporting txid ${txid} to sPay`);
  await api(options, "POST", `/v1/payment_intents/${intent.id}/submit${query}`, {
    txid,
    payment_method: "wallet",
  });
  return {
    intentId: intent.id,
    txid,
    amount: amount.toString(),
    from: privateKeyToAddress(options.privateKey, "testnet"),
  };
}
