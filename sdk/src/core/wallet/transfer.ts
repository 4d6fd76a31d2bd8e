import { SBTC_ASSET_NAME, STX_ASSET_ID, usdcAssetName } from "@spay/protocol";
import { Address, Cl, Pc, postConditionToHex } from "@stacks/transactions";
import type { PaymentIntent } from "../types.js";

/** The intent fields a payment needs. */
export type PayableIntent = Pick<
  PaymentIntent,
  "asset" | "amount_asset" | "token_contract" | "recipient" | "memo" | "env"
>;

/** Stacks network of an intent: test keys act on testnet (the devnet answers as testnet too). */
export function intentNetwork(intent: Pick<PaymentIntent, "env">): "mainnet" | "testnet" {
  return intent.env === "live" ? "mainnet" : "testnet";
}

/**
 * The `define-fungible-token` name of the intent's token (DESIGN.md "Chain facts"): sBTC
 * `sbtc-token`; mainnet USDCx (`….usdcx`) `usdcx-token`; the devnet USDC (`….usdc`) `usdc-token`.
 */
export function tokenAssetName(intent: Pick<PaymentIntent, "asset" | "token_contract">): string {
  if (intent.asset === "sbtc") return SBTC_ASSET_NAME;
  if (intent.asset === "stx") return STX_ASSET_ID;
  return usdcAssetName(intent.token_contract.split(".")[1] ?? "");
}

// Address versions (SPEC.md §9): single-sig mainnet 22 / testnet 26, multisig 20 / 21.
const TESTNET_OF: Record<number, number> = { 22: 26, 20: 21 };
const MAINNET_OF: Record<number, number> = { 26: 22, 21: 20 };

/**
 * The same account's address on `network`. A wallet set to mainnet reports `SP…`, but a testnet
 * transaction it signs comes from the `ST…` address of the same key.
 */
export function addressOnNetwork(address: string, network: "mainnet" | "testnet"): string {
  const parsed = Address.parse(address as `S${string}`);
  const map = network === "testnet" ? TESTNET_OF : MAINNET_OF;
  const version = map[parsed.version];
  return version === undefined ? address : Address.stringify({ version, hash160: parsed.hash160 });
}

/** `stx_callContract` parameters, Clarity values and post-conditions serialized to hex. */
export interface TransferCallParams {
  contract: `${string}.${string}`;
  functionName: "transfer";
  functionArgs: string[];
  postConditions: string[];
  postConditionMode: "deny";
  network: "mainnet" | "testnet";
}

/**
 * The SIP-010 payment of an intent (DESIGN.md "Payment intents and settlement"):
 * `transfer(amount, sender, recipient, (some memo))` on the intent's token, guarded by a
 * `willSendEq(amount)` post-condition in deny mode, so the wallet cannot move anything else.
 */
export function buildTransferCall(intent: PayableIntent, sender: string): TransferCallParams {
  const contract = intent.token_contract as `${string}.${string}`;
  const amount = BigInt(intent.amount_asset);
  const postCondition = Pc.principal(sender as `S${string}`)
    .willSendEq(amount)
    .ft(contract, tokenAssetName(intent));
  return {
    contract,
    functionName: "transfer",
    functionArgs: [
      Cl.uint(amount),
      Cl.principal(sender),
      Cl.principal(intent.recipient),
      Cl.some(Cl.bufferFromUtf8(intent.memo)),
    ].map((cv) => Cl.serialize(cv)),
    postConditions: [postConditionToHex(postCondition)],
    postConditionMode: "deny",
    network: intentNetwork(intent),
  };
}

/** `stx_transferStx` parameters: amount in µSTX, the intent's memo (≤ 34 bytes). */
export interface StxTransferParams {
  recipient: string;
  amount: string;
  memo: string;
  network: "mainnet" | "testnet";
}

/**
 * The native STX payment of an STX intent: a `token-transfer` of exactly `amount_asset` µSTX to
 * the payout address with the intent's memo. The payload itself moves only that amount from the
 * signer, so wallets take no post-conditions for it.
 */
export function buildStxTransfer(intent: PayableIntent): StxTransferParams {
  return {
    recipient: intent.recipient,
    amount: BigInt(intent.amount_asset).toString(),
    memo: intent.memo,
    network: intentNetwork(intent),
  };
}
