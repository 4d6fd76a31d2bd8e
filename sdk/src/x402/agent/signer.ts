/**
 * Who signs the agent's payments. The agent builds each SIP-010 transfer unsigned and hands it to
 * a signer, so the key can live anywhere: in process (`privateKeySigner`), in a browser wallet
 * (`stx_signTransaction`), or in a KMS that signs the transaction's sighash.
 */

import type { X402Offer } from "@spay/protocol/x402";
import {
  deserializeTransaction,
  privateKeyToPublic,
  publicKeyToHex,
  TransactionSigner,
} from "@stacks/transactions";
import type { StacksNetworkName } from "./payment-policy.js";

/** What the signer is asked to sign, beside the transaction itself (for display or policy). */
export interface X402SignRequest {
  offer: X402Offer;
  network: StacksNetworkName;
  /** The paying address on `network`. */
  payer: string;
  /** Account nonce and fee (µSTX) already set in the transaction. */
  nonce: bigint;
  fee: bigint;
  /**
   * A sponsored transaction (the offer names a `feePayer`): the fee is 0 and the merchant's
   * sponsor adds its fee and signature after this one; sign it as origin like any other.
   */
  sponsored?: boolean;
}

/**
 * Signs payments for one standard single-sig Stacks account.
 *
 * A browser wallet implements it with `getAddresses` (its STX entry's `publicKey`) and
 * `stx_signTransaction({transaction, broadcast: false})`; a KMS by signing the transaction's
 * presign sighash with the key. The signed transaction must be the one given, with only the
 * origin signature filled in: the agent checks that, and the signature, before sending it.
 */
export interface X402Signer {
  /** The account's compressed public key (hex); the payer's address is derived from it. */
  getPublicKey(): string | Promise<string>;
  /** Signs the unsigned transaction (hex) as its origin; returns the signed one (hex) without broadcasting it. */
  signTransaction(transaction: string, request: X402SignRequest): Promise<string>;
}

/** A signer holding the private key in process (Node agents, tests). */
export function privateKeySigner(privateKey: string): X402Signer {
  const publicKey = publicKeyToHex(privateKeyToPublic(privateKey));
  return {
    getPublicKey: () => publicKey,
    async signTransaction(transaction) {
      const tx = deserializeTransaction(transaction);
      new TransactionSigner(tx).signOrigin(privateKey);
      return tx.serialize();
    },
  };
}
