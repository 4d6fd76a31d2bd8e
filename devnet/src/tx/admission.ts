import { PayloadType } from "@stacks/transactions";
import type { ContractInterface } from "../chain/clarity-vm.ts";
import { CHAIN_ID, MIN_FEE_RATE, TRANSACTION_VERSION } from "../config.ts";
import { checkContractCall } from "./abi.ts";
import { type DecodedTx, DeserializationError, decodeTransaction } from "./decode.ts";
import { verifySignatures } from "./verify-signature.ts";

/** A rejected broadcast, in the Stacks node's JSON shape (HTTP 400). */
export interface Rejection {
  readonly error: "transaction rejected";
  readonly reason: string;
  readonly reason_data?: Record<string, unknown>;
  readonly txid: string;
}

/** What admission needs to know about the chain and the mempool. */
export interface AdmissionContext {
  /**
   * The nonce the account's next transaction must carry (chain nonce plus pending transactions
   * that spend one of its nonces, as origin or as sponsor).
   */
  expectedNonce(account: string): bigint;
  /** The account's STX balance minus what pending transactions will spend of it (fees it pays, STX it sends). */
  spendableStx(account: string): bigint;
  contractInterface(contractId: string): ContractInterface | undefined;
  /** True if this exact transaction already waits in the mempool. */
  isPending(txid: string): boolean;
}

export type Admission =
  | { readonly ok: true; readonly tx: DecodedTx; readonly duplicate: boolean }
  | { readonly ok: false; readonly rejection: Rejection };

function reject(txid: string, reason: string, reasonData?: Record<string, unknown>): Admission {
  return {
    ok: false,
    rejection: {
      error: "transaction rejected",
      reason,
      ...(reasonData ? { reason_data: reasonData } : {}),
      txid: txid.replace(/^0x/, ""),
    },
  };
}

const u128Hex = (value: bigint) => `0x${value.toString(16).padStart(32, "0")}`;

/** The smallest fee the devnet accepts: MIN_FEE_RATE µSTX per byte of the transaction. */
export function minimumFee(byteLength: number): bigint {
  return BigInt(byteLength) * MIN_FEE_RATE;
}

/**
 * Mempool admission, in the Stacks node's order: decode, network, payload kind, signature,
 * fee, nonce, funds, then static checks of a contract call against the contract's interface.
 * A sponsored transaction (SIP-005) needs both signatures; its fee is the sponsor's, paid from
 * the sponsor's STX, and it spends the origin's nonce and the sponsor's.
 */
export function admitTransaction(input: Uint8Array | string, ctx: AdmissionContext): Admission {
  let tx: DecodedTx;
  try {
    tx = decodeTransaction(input);
  } catch (error) {
    if (error instanceof DeserializationError)
      return reject("", "Deserialization", { message: error.message });
    throw error;
  }
  const { wire, txid, sender } = tx;

  if (wire.transactionVersion !== TRANSACTION_VERSION || wire.chainId !== CHAIN_ID) {
    return reject(txid, "BadTransactionVersion", {
      message: `expected testnet transaction version 0x80 and chain id 0x80000000, got 0x${wire.transactionVersion.toString(16)} / 0x${wire.chainId.toString(16)}`,
    });
  }
  if (tx.sponsor?.address === sender) {
    return reject(txid, "ServerFailureOther", {
      message: "the sPay devnet does not accept a transaction sponsored by its own origin",
    });
  }
  if (tx.payload.kind === "unsupported") {
    const payloadType = tx.payload.payloadType;
    if (
      payloadType === PayloadType.Coinbase ||
      payloadType === PayloadType.CoinbaseToAltRecipient ||
      payloadType === PayloadType.NakamotoCoinbase
    ) {
      return reject(txid, "NoCoinbaseViaMempool");
    }
    return reject(txid, "ServerFailureOther", {
      message: `payload type ${PayloadType[payloadType]} is not supported by the sPay devnet (contract calls and STX transfers are)`,
    });
  }

  const signature = verifySignatures(wire);
  if (!signature.ok) return reject(txid, "SignatureValidation", { message: signature.message });

  if (ctx.isPending(txid)) return { ok: true, tx, duplicate: true };

  const minFee = minimumFee(tx.raw.length);
  if (tx.fee < minFee) {
    return reject(txid, "FeeTooLow", { expected: Number(minFee), actual: Number(tx.fee) });
  }

  const expectedNonce = ctx.expectedNonce(sender);
  if (tx.nonce !== expectedNonce) {
    return reject(txid, "BadNonce", {
      expected: Number(expectedNonce),
      actual: Number(tx.nonce),
      is_origin: true,
      principal: sender,
    });
  }
  if (tx.sponsor) {
    const expectedSponsorNonce = ctx.expectedNonce(tx.sponsor.address);
    if (tx.sponsor.nonce !== expectedSponsorNonce) {
      return reject(txid, "BadNonce", {
        expected: Number(expectedSponsorNonce),
        actual: Number(tx.sponsor.nonce),
        is_origin: false,
        principal: tx.sponsor.address,
      });
    }
  }

  const payload = tx.payload;
  if (payload.kind === "token-transfer") {
    if (tx.postConditions.length > 0) {
      // As the Stacks node: an STX transfer carries no post-conditions (its mode is ignored).
      return reject(txid, "ServerFailureOther", {
        message: "Invalid Stacks transaction: TokenTransfer transactions do not support post-conditions",
      });
    }
    if (payload.recipient === sender) {
      return reject(txid, "TransferRecipientCannotEqualSender", { recipient: payload.recipient });
    }
    if (payload.amount <= 0n) return reject(txid, "TransferAmountMustBePositive");
  }

  // The fee payer (the sponsor, when there is one) must cover the fee; the origin what it sends.
  const sent = payload.kind === "token-transfer" ? payload.amount : 0n;
  const needs = tx.sponsor
    ? [
        { account: tx.feePayer, amount: tx.fee },
        { account: sender, amount: sent },
      ]
    : [{ account: sender, amount: tx.fee + sent }];
  for (const { account, amount } of needs) {
    const spendable = ctx.spendableStx(account);
    if (spendable < amount) {
      return reject(txid, "NotEnoughFunds", { expected: u128Hex(amount), actual: u128Hex(spendable) });
    }
  }

  if (payload.kind === "contract-call") {
    const contract = ctx.contractInterface(payload.contractId);
    if (!contract) return reject(txid, "NoSuchContract", { message: `no contract ${payload.contractId}` });
    const check = checkContractCall(contract, payload.functionName, payload.args);
    if (!check.ok) return reject(txid, check.reason, { message: check.message });
  }

  return { ok: true, tx, duplicate: false };
}
