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

async function api<T>(options: PayOptions, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${options.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`${method} ${path}: ${json.error?.message ?? res.status}`);
  return json;
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
): Promise<{ txid: string; amount: string; from: string }> {
  // A secret key names the intent by id; a publishable key needs its client secret (`pi_…_secret_…`),
  // which names the id and goes in the query.
  const [id] = options.intentId.split("_secret_");
  const secret = id === options.intentId ? "" : `?client_secret=${encodeURIComponent(options.intentId)}`;
  const intent = await api<IntentForPayment>(options, "GET", `/v1/payment_intents/${id}${secret}`);
  const tx = await buildIntentTransfer(intent, options.privateKey, options.chainApiUrl, options);
  // Resolves with the txid, or throws with the node's rejection (BadNonce, NotEnoughFunds, …).
  const result = await broadcastTransaction({
    transaction: tx,
    network: "testnet",
    client: { baseUrl: options.chainApiUrl },
  });
  await api(options, "POST", `/v1/payment_intents/${intent.id}/submit${secret}`, {
    txid: result.txid,
    payment_method: "wallet",
  });
  return {
    txid: result.txid,
    amount: (options.amount ?? BigInt(intent.amount_asset)).toString(),
    from: privateKeyToAddress(options.privateKey, "testnet"),
  };
}
