import { bytesToHex } from "@stacks/common";
import { hashMessage } from "@stacks/encryption";
import {
  AddressVersion,
  addressFromVersionHash,
  addressToString,
  compressPublicKey,
  createAddress,
  publicKeyFromSignatureRsv,
  publicKeyToAddress,
  signMessageHashRsv,
} from "@stacks/transactions";

/** DESIGN.md "Chain facts": the four address versions; anything else is not a Stacks address. */
export const ADDRESS_VERSIONS = {
  mainnetSingleSig: 22, // SP
  mainnetMultiSig: 20, // SM
  testnetSingleSig: 26, // ST
  testnetMultiSig: 21, // SN
} as const;

export type StacksNetworkKind = "mainnet" | "testnet";

export interface ParsedAddress {
  address: string;
  version: number;
  hash160: string;
  network: StacksNetworkKind;
  singleSig: boolean;
}

const PRINCIPAL_PATTERN = /^S[0-9A-Z]{38,40}$/;

/**
 * Decodes a c32 address and checks its version byte — `validateStacksAddress` accepts any version,
 * so an address minted for another chain or with a garbage version would otherwise pass.
 */
export function parseStacksAddress(input: string): ParsedAddress | null {
  if (!PRINCIPAL_PATTERN.test(input)) return null;
  let version: number;
  let hash160: string;
  try {
    const wire = createAddress(input);
    version = wire.version;
    hash160 = wire.hash160;
    // Round-trip guards against non-canonical encodings (c32 checksums only cover the payload).
    if (addressToString(wire) !== input) return null;
  } catch {
    return null;
  }
  switch (version) {
    case ADDRESS_VERSIONS.mainnetSingleSig:
      return { address: input, version, hash160, network: "mainnet", singleSig: true };
    case ADDRESS_VERSIONS.mainnetMultiSig:
      return { address: input, version, hash160, network: "mainnet", singleSig: false };
    case ADDRESS_VERSIONS.testnetSingleSig:
      return { address: input, version, hash160, network: "testnet", singleSig: true };
    case ADDRESS_VERSIONS.testnetMultiSig:
      return { address: input, version, hash160, network: "testnet", singleSig: false };
    default:
      return null;
  }
}

/** The same key's address on the other network (a payout wallet serves sandbox and live). */
export function addressOnNetwork(parsed: ParsedAddress, network: StacksNetworkKind): string {
  if (parsed.network === network) return parsed.address;
  const version = parsed.singleSig
    ? network === "mainnet"
      ? AddressVersion.MainnetSingleSig
      : AddressVersion.TestnetSingleSig
    : network === "mainnet"
      ? AddressVersion.MainnetMultiSig
      : AddressVersion.TestnetMultiSig;
  return addressToString(addressFromVersionHash(version, parsed.hash160));
}

/** The payout address an environment pays to: the wallet's testnet form for test, mainnet for live. */
export function payoutAddressFor(walletAddress: string | null, env: "test" | "live"): string | null {
  const parsed = walletAddress ? parseStacksAddress(walletAddress) : null;
  return parsed ? addressOnNetwork(parsed, env === "live" ? "mainnet" : "testnet") : null;
}

const HEX = /^(0x)?[0-9a-fA-F]+$/;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: "invalid_address" | "signature_invalid" | "public_key_mismatch" };

/** Half the order of secp256k1: a canonical (BIP-62 "low-S") signature has s at most this. */
const SECP256K1_HALF_ORDER = BigInt("0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0");

/**
 * A signature in the one encoding a Stacks wallet produces: 65 bytes r‖s‖v, s in the low half,
 * recovery id 0 or 1. `verify(r, s, publicKey)` alone ignores v and accepts s and n−s alike, so a
 * third party could re-encode a genuine signature into other "valid" byte strings (flipped
 * recovery byte, high-S, 27/28 forms); those are refused here, before any curve arithmetic.
 */
function canonicalRsv(signature: string): { ok: true } | { ok: false } {
  if (!HEX.test(signature) || signature.length !== 130) return { ok: false };
  const s = BigInt(`0x${signature.slice(64, 128)}`);
  const v = Number.parseInt(signature.slice(128), 16);
  if (s === 0n || s > SECP256K1_HALF_ORDER) return { ok: false };
  return v === 0 || v === 1 ? { ok: true } : { ok: false };
}

/**
 * Verifies a Stacks signed message (RSV hex, `\x17Stacks Signed Message:\n` prefix) and that the
 * public key is the one behind `address` on the address's own network and version. The key is
 * *recovered* from the signature with its recovery byte and must equal the claimed key, so every
 * byte of the signature is bound: a flipped recovery byte recovers another key and fails.
 */
export function verifyAddressSignature(input: {
  address: string;
  message: string;
  signature: string;
  publicKey: string;
}): SignatureCheck {
  const parsed = parseStacksAddress(input.address);
  if (!parsed) return { ok: false, reason: "invalid_address" };
  if (!parsed.singleSig) return { ok: false, reason: "public_key_mismatch" };
  const signature = input.signature.replace(/^0x/, "").toLowerCase();
  const publicKey = input.publicKey.replace(/^0x/, "").toLowerCase();
  if (!canonicalRsv(signature).ok) return { ok: false, reason: "signature_invalid" };
  if (!HEX.test(publicKey) || (publicKey.length !== 66 && publicKey.length !== 130)) {
    return { ok: false, reason: "public_key_mismatch" };
  }
  let derived: string;
  let claimed: string;
  try {
    derived = publicKeyToAddress(parsed.version as AddressVersion, publicKey);
    claimed = compressPublicKey(publicKey);
  } catch {
    return { ok: false, reason: "public_key_mismatch" };
  }
  if (derived !== parsed.address) return { ok: false, reason: "public_key_mismatch" };
  let recovered: string | null = null;
  try {
    recovered = publicKeyFromSignatureRsv(bytesToHex(hashMessage(input.message)), signature);
  } catch {
    recovered = null;
  }
  return recovered === claimed ? { ok: true } : { ok: false, reason: "signature_invalid" };
}

/** Signs like a Stacks wallet's `stx_signMessage`: RSV over the prefixed message hash (CLI, tests). */
export function signStacksMessage(privateKey: string, message: string): string {
  return signMessageHashRsv({ messageHash: bytesToHex(hashMessage(message)), privateKey });
}
