import { Cl, makeContractCall, makeSTXTokenTransfer, Pc, PostConditionMode } from "@stacks/transactions";
import { FAUCET_ACCOUNT } from "./accounts.ts";
import type { DevnetChain } from "./chain/devnet-chain.ts";
import { tokenByKey } from "./tokens.ts";
import type { Rejection } from "./tx/admission.ts";

export type FaucetAsset = "stx" | "sbtc" | "usdc";

/** What one faucet request sends, in atomic units: 500 STX, 0.01 sBTC, 1 000 USDC. */
export const FAUCET_AMOUNTS: Readonly<Record<FaucetAsset, bigint>> = {
  stx: 500_000_000n,
  sbtc: 1_000_000n,
  usdc: 1_000_000_000n,
};

const FAUCET_FEE = 10_000n;

export function isFaucetAsset(value: string): value is FaucetAsset {
  return value === "stx" || value === "sbtc" || value === "usdc";
}

export type FaucetResult =
  | { readonly ok: true; readonly txid: string; readonly txRaw: string }
  | { readonly ok: false; readonly rejection: Rejection };

/**
 * Sends test funds the way Hiro's testnet faucet does: a real transaction signed by the faucet
 * account (a SIP-010 `transfer` for tokens, with a post-condition), mined with the next block.
 */
export function runFaucet(
  chain: DevnetChain,
  asset: FaucetAsset,
  recipient: string,
  amount: bigint = FAUCET_AMOUNTS[asset],
): Promise<FaucetResult> {
  return chain.exclusive(async () => {
    const nonce = chain.expectedNonce(FAUCET_ACCOUNT.address);
    const common = {
      senderKey: FAUCET_ACCOUNT.privateKey,
      network: "testnet" as const,
      fee: FAUCET_FEE,
      nonce,
    };
    const token = tokenByKey(asset);
    const tx = token
      ? await makeContractCall({
          ...common,
          contractAddress: token.contractId.split(".")[0] ?? "",
          contractName: token.contractId.split(".")[1] ?? "",
          functionName: "transfer",
          functionArgs: [
            Cl.uint(amount),
            Cl.principal(FAUCET_ACCOUNT.address),
            Cl.principal(recipient),
            Cl.none(),
          ],
          postConditionMode: PostConditionMode.Deny,
          postConditions: [
            Pc.principal(FAUCET_ACCOUNT.address)
              .willSendEq(amount)
              .ft(token.contractId as `${string}.${string}`, token.assetName),
          ],
          validateWithAbi: false,
        })
      : await makeSTXTokenTransfer({ ...common, recipient, amount, memo: "spay devnet faucet" });
    const admission = chain.broadcastExclusive(tx.serializeBytes());
    if (!admission.ok) return { ok: false, rejection: admission.rejection };
    return { ok: true, txid: admission.tx.txid, txRaw: `0x${tx.serialize()}` };
  });
}
