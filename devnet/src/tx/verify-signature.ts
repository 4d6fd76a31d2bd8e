import {
  AddressVersion,
  AuthType,
  addressFromPublicKeys,
  isSingleSig,
  nextVerification,
  type StacksTransactionWire,
} from "@stacks/transactions";

export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

/**
 * Checks that the origin signed the transaction: for a single-sig spending condition the public key
 * is recovered from the signature over the transaction's sighash (which covers fee and nonce), and
 * its hash160 must equal the condition's signer hash, the hash the sender address encodes.
 * Multi-sig conditions are checked with the library's own verifier (each signature in turn).
 * Sponsored transactions are not accepted by the devnet (checked by admission).
 */
export function verifyOriginSignature(wire: StacksTransactionWire): SignatureCheck {
  const condition = wire.auth.spendingCondition;
  try {
    const initialSigHash = wire.verifyBegin();
    if (!isSingleSig(condition)) {
      wire.verifyOrigin();
      return { ok: true };
    }
    const { pubKey } = nextVerification(
      initialSigHash,
      AuthType.Standard,
      condition.fee,
      condition.nonce,
      condition.keyEncoding,
      condition.signature.data,
    );
    // The version byte does not enter the hash160, only the hash mode does.
    const recovered = addressFromPublicKeys(AddressVersion.TestnetSingleSig, condition.hashMode, 1, [pubKey]);
    if (recovered.hash160 !== condition.signer) {
      return {
        ok: false,
        message: `Signer hash does not equal hash of public key(s): ${recovered.hash160} != ${condition.signer}`,
      };
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
