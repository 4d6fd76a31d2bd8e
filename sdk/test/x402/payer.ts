/**
 * Test support: a devnet account paying x402 requirements by hand — valid transfers, and the
 * wrong ones the paywall must refuse (short amount, another payee, a broken signature).
 */
import { ACCOUNTS, SBTC_CONTRACT_ID } from "@spay/devnet";
import { signTokenTransfer } from "@spay/devnet/testing";
import {
  decodeX402Header,
  encodeX402Header,
  type X402AcceptV2,
  type X402PaymentRequiredV2,
} from "@spay/protocol/x402";
import { broadcastTransaction } from "@stacks/transactions";

export type DevnetAccount = (typeof ACCOUNTS)[number];

/** Payers other than wallet_1 (the browser tests' wallet); each test takes the next one. */
const PAYERS = ACCOUNTS.filter((a) => /^wallet_[2-8]$/.test(a.name));
let next = 0;
export const nextPayer = (): DevnetAccount => PAYERS[next++ % PAYERS.length] as DevnetAccount;

export interface TransferOverrides {
  amount?: bigint;
  to?: string;
  memo?: string;
  contract?: string;
}

/** A signed, not yet broadcast SIP-010 transfer answering `accept` (or deliberately not). */
export function signTransfer(
  devnetUrl: string,
  payer: DevnetAccount,
  accept: X402AcceptV2,
  overrides: TransferOverrides = {},
) {
  const contractId = overrides.contract ?? accept.asset;
  return signTokenTransfer({
    url: devnetUrl,
    token: {
      contractId,
      assetName: accept.extra.assetName ?? (contractId === SBTC_CONTRACT_ID ? "sbtc-token" : "usdc-token"),
    },
    from: payer,
    to: overrides.to ?? accept.payTo,
    amount: overrides.amount ?? BigInt(accept.amount),
    memo: overrides.memo ?? accept.extra.nonce,
    fee: 2_000n,
  });
}

/** Broadcasts a signed transfer itself (how a SPEC.md-form payer pays before sending the txid). */
export async function broadcast(
  devnetUrl: string,
  tx: Awaited<ReturnType<typeof signTransfer>>,
): Promise<string> {
  const result = await broadcastTransaction({ transaction: tx, client: { baseUrl: devnetUrl } });
  if ("error" in result) throw new Error(`broadcast failed: ${JSON.stringify(result)}`);
  return `0x${result.txid}`;
}

/** The v2 requirements of a 402 answer (its `PAYMENT-REQUIRED` header). */
export function requiredOf(res: Response): X402PaymentRequiredV2 {
  const header = res.headers.get("payment-required");
  if (!header) throw new Error(`no PAYMENT-REQUIRED header (status ${res.status})`);
  return decodeX402Header(header) as unknown as X402PaymentRequiredV2;
}

/** Payment headers in each form for a signed transfer (or, for SPEC.md's form, a txid). */
export const payment = {
  v2: (required: X402PaymentRequiredV2, accept: X402AcceptV2, transaction: string) => ({
    "PAYMENT-SIGNATURE": encodeX402Header({
      x402Version: 2,
      resource: required.resource,
      accepted: accept,
      payload: { transaction },
    }),
  }),
  v1: (transaction: string) => ({
    "X-PAYMENT": encodeX402Header({
      x402Version: 1,
      scheme: "exact",
      network: "stacks-testnet",
      payload: { transaction },
    }),
  }),
  spec: (accept: X402AcceptV2, txid: string, from: string) => ({
    "X-PAYMENT": encodeX402Header({
      version: "0.1.0",
      scheme: "exact",
      network: accept.network,
      data: { txid, from, to: accept.payTo, amount: accept.amount, asset: accept.asset },
    }),
  }),
};

/** The receipt of a paid answer. */
export function receiptOf(res: Response): Record<string, unknown> {
  const value = res.headers.get("payment-response") ?? res.headers.get("x-payment-response");
  if (!value) throw new Error(`no receipt header (status ${res.status})`);
  return decodeX402Header(value);
}
