import {
  AddressVersion,
  AuthType,
  addressFromPublicKeys,
  isSingleSig,
  nextVerification,
  type SingleSigSpendingConditionOpts,
  type StacksTransactionWire,
} from "@stacks/transactions";

export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

class SignatureError extends Error {}

const EMPTY_SIGNATURE = "00".repeat(65);

/**
 * Recovers a single-sig signer's public key from its signature over `sigHash` (extended with the
 * auth flag, fee and nonce) and checks that its hash160 is the condition's signer hash, the hash
 * the address encodes. Returns the sighash the next signer signs over.
 */
function verifySingleSig(
  condition: SingleSigSpendingConditionOpts,
  sigHash: string,
  authType: AuthType,
): string {
  const { pubKey, nextSigHash } = nextVerification(
    sigHash,
    authType,
    condition.fee,
    condition.nonce,
    condition.keyEncoding,
    condition.signature.data,
  );
  // The version byte does not enter the hash160, only the hash mode does.
  const recovered = addressFromPublicKeys(AddressVersion.TestnetSingleSig, condition.hashMode, 1, [pubKey]);
  if (recovered.hash160 !== condition.signer) {
    throw new SignatureError(
      `Signer hash does not equal hash of public key(s): ${recovered.hash160} != ${condition.signer}`,
    );
  }
  return nextSigHash;
}

/**
 * Checks a transaction's signatures as a Stacks node does (SIP-005). The origin signs the initial
 * sighash — the transaction with its own signature cleared and, when sponsored, the sponsor's
 * condition reset to an empty one (no signer, fee 0, nonce 0) — under the standard auth flag; so
 * the origin of a sponsored transaction signs before a sponsor, fee or sponsor nonce exists. The
 * sponsor then signs the sighash that follows the origin's signature, under the sponsored flag,
 * with its own fee and nonce. Multi-sig origins are checked with the library's own verifier;
 * sponsors must be single-sig.
 */
export function verifySignatures(wire: StacksTransactionWire): SignatureCheck {
  const auth = wire.auth;
  const condition = auth.spendingCondition;
  try {
    const initialSigHash = wire.verifyBegin();
    const originSigHash = isSingleSig(condition)
      ? verifySingleSig(condition, initialSigHash, AuthType.Standard)
      : wire.verifyOrigin();
    if (auth.authType !== AuthType.Sponsored) return { ok: true };
    const sponsor = auth.sponsorSpendingCondition;
    if (!isSingleSig(sponsor))
      return { ok: false, message: "multi-sig sponsors are not supported by the sPay devnet" };
    if (sponsor.signature.data === EMPTY_SIGNATURE)
      return {
        ok: false,
        message:
          "the sponsor has not signed: an origin-signed transaction must be sponsored before broadcast",
      };
    verifySingleSig(sponsor, originSigHash, AuthType.Sponsored);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
