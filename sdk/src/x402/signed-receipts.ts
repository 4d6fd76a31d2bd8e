/**
 * Signed offers and receipts (x402's offer-and-receipt extension) with a Stacks key: the `jws`
 * format, `alg: "ES256K"` (ECDSA on secp256k1 over SHA-256 of the JWS signing input, the 64-byte
 * `r‖s` in base64url), payload canonicalized per RFC 8785. The header names the key as a
 * `did:jwk` (`kid`, or the merchant's own DID) and carries it as `jwk`, so any JWS library can
 * check the signature; who may sign is the verifier's to say (`signer`).
 */
import {
  base64Encode,
  base64UrlDecode,
  canonicalJson,
  isObject,
  OFFER_RECEIPT_VERSION,
  readSignedReceipt,
  signedPayload,
  utf8Decode,
  utf8Encode,
  type X402OfferPayload,
  type X402Receipt,
  type X402ReceiptPayload,
  type X402SignedOffer,
  type X402SignedReceipt,
} from "@spay/protocol/x402";
import {
  compressPublicKey,
  getAddressFromPublicKey,
  privateKeyToPublic,
  signMessageHashRsv,
  uncompressPublicKey,
  verifySignature,
} from "@stacks/transactions";

/** The JWS algorithm of secp256k1 keys (RFC 8812). */
export const JWS_ALG = "ES256K";

/** A public key as JWK (RFC 7518 §6.2, curve secp256k1). */
export interface Secp256k1Jwk {
  kty: "EC";
  crv: "secp256k1";
  x: string;
  y: string;
}

/** What signs the merchant's offers and receipts. */
export interface ReceiptSigner {
  /** The key's identifier in the JWS header (a DID URL). */
  kid: string;
  /** Compressed secp256k1 public key, hex. */
  publicKey: string;
  /** Signs a compact JWS over `payload` (canonical JSON). */
  signJws(payload: object): Promise<string>;
}

const base64Url = (bytes: Uint8Array) =>
  base64Encode(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return bytesToHex(new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes as BufferSource)));
}

/** The JWK of a secp256k1 public key (hex, compressed or not). */
export function publicKeyJwk(publicKey: string): Secp256k1Jwk {
  const full = uncompressPublicKey(publicKey);
  return {
    kty: "EC",
    crv: "secp256k1",
    x: base64Url(hexToBytes(full.slice(2, 66))),
    y: base64Url(hexToBytes(full.slice(66, 130))),
  };
}

/** The compressed hex key of a secp256k1 JWK, or null when it is not one. */
function jwkPublicKey(jwk: unknown): string | null {
  if (!isObject(jwk) || jwk.kty !== "EC" || jwk.crv !== "secp256k1") return null;
  const x = typeof jwk.x === "string" ? base64UrlDecode(jwk.x) : null;
  const y = typeof jwk.y === "string" ? base64UrlDecode(jwk.y) : null;
  if (x?.length !== 32 || y?.length !== 32) return null;
  try {
    return compressPublicKey(`04${bytesToHex(x)}${bytesToHex(y)}`);
  } catch {
    return null;
  }
}

/** `did:jwk:<base64url JWK>#0`: a DID that is the key itself (resolvable offline). */
export function didJwk(publicKey: string): string {
  const { crv, kty, x, y } = publicKeyJwk(publicKey);
  return `did:jwk:${base64Url(utf8Encode(JSON.stringify({ crv, kty, x, y })))}#0`;
}

function didJwkPublicKey(kid: string): string | null {
  const match = /^did:jwk:([A-Za-z0-9_-]+)(#.*)?$/.exec(kid);
  const bytes = match ? base64UrlDecode(match[1] ?? "") : null;
  const text = bytes && utf8Decode(bytes);
  if (!text) return null;
  try {
    return jwkPublicKey(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * A signer of offers and receipts from a Stacks private key (hex, as a Stacks wallet exports it).
 * `kid` defaults to the key's `did:jwk`; give the merchant's own DID (say `did:web:api.example.com#key-1`)
 * when it publishes the key there.
 */
export function stacksReceiptSigner(privateKey: string, options: { kid?: string } = {}): ReceiptSigner {
  const publicKey = compressPublicKey(privateKeyToPublic(privateKey));
  const kid = options.kid ?? didJwk(publicKey);
  const header = base64Url(utf8Encode(JSON.stringify({ alg: JWS_ALG, kid, jwk: publicKeyJwk(publicKey) })));
  return {
    kid,
    publicKey,
    async signJws(payload) {
      const body = base64Url(utf8Encode(canonicalJson(payload)));
      const messageHash = await sha256Hex(utf8Encode(`${header}.${body}`));
      const rsv = signMessageHashRsv({ messageHash, privateKey });
      return `${header}.${body}.${base64Url(hexToBytes(rsv.slice(0, 128)))}`;
    },
  };
}

/** Signs the offer of one `accepts[]` entry (§4). */
export async function signOffer(
  signer: ReceiptSigner,
  offer: Omit<X402OfferPayload, "version">,
  acceptIndex?: number,
): Promise<X402SignedOffer> {
  const payload: X402OfferPayload = { version: OFFER_RECEIPT_VERSION, ...offer };
  if (!payload.validUntil) delete payload.validUntil;
  return {
    format: "jws",
    ...(acceptIndex === undefined ? {} : { acceptIndex }),
    signature: await signer.signJws(payload),
  };
}

/** Signs a receipt (§5); `transaction` only when given (receipts are privacy-minimal by default). */
export async function signReceipt(
  signer: ReceiptSigner,
  receipt: Omit<X402ReceiptPayload, "version" | "issuedAt"> & { issuedAt?: number },
): Promise<X402SignedReceipt> {
  const { transaction, issuedAt, ...rest } = receipt;
  const payload: X402ReceiptPayload = {
    version: OFFER_RECEIPT_VERSION,
    ...rest,
    issuedAt: issuedAt ?? Math.floor(Date.now() / 1000),
    ...(transaction ? { transaction } : {}),
  };
  return { format: "jws", signature: await signer.signJws(payload) };
}

/** Why a signed offer or receipt was refused. */
export type SignedArtifactRefusal =
  | "missing"
  | "unsupported_format"
  | "malformed"
  | "unknown_key"
  | "bad_signature"
  | "unsupported_version"
  | "unauthorized_signer"
  | "mismatch"
  | "too_old";

export type Verified<T> =
  | {
      valid: true;
      payload: T;
      /** The signing key (compressed hex) and its Stacks address on the payload's network. */
      publicKey: string;
      signerAddress: string;
      kid: string;
    }
  | { valid: false; reason: SignedArtifactRefusal; message: string };

/** Who may sign: Stacks addresses or public keys (hex); any one of them. */
export type SignerAuthorization = string | readonly string[];

const refuse = (reason: SignedArtifactRefusal, message: string) => ({
  valid: false as const,
  reason,
  message,
});

/** Checks a compact JWS's ES256K signature and reads its payload. */
async function verifyJws<T>(
  jws: string,
  network: (payload: Record<string, unknown>) => string,
  signer: SignerAuthorization | undefined,
): Promise<Verified<T>> {
  const [head, body, sig, ...rest] = jws.split(".");
  const headerBytes = head ? base64UrlDecode(head) : null;
  const bodyBytes = body ? base64UrlDecode(body) : null;
  const sigBytes = sig ? base64UrlDecode(sig) : null;
  if (rest.length > 0 || !headerBytes || !bodyBytes || !sigBytes)
    return refuse("malformed", "not a compact JWS");
  let header: unknown;
  let payload: unknown;
  try {
    header = JSON.parse(utf8Decode(headerBytes) ?? "");
    payload = JSON.parse(utf8Decode(bodyBytes) ?? "");
  } catch {
    return refuse("malformed", "the JWS header or payload is not JSON");
  }
  if (!isObject(header) || !isObject(payload)) return refuse("malformed", "the JWS parts must be objects");
  if (header.alg !== JWS_ALG)
    return refuse("unsupported_format", `JWS alg ${String(header.alg)} is not ES256K`);
  const kid = typeof header.kid === "string" ? header.kid : "";
  if (!kid) return refuse("malformed", "the JWS header names no kid");
  const fromJwk = header.jwk === undefined ? null : jwkPublicKey(header.jwk);
  const fromKid = didJwkPublicKey(kid);
  if (header.jwk !== undefined && !fromJwk)
    return refuse("unknown_key", "the header's jwk is not a secp256k1 key");
  if (fromJwk && fromKid && fromJwk !== fromKid)
    return refuse("unknown_key", "the header's jwk and kid differ");
  const publicKey = fromJwk ?? fromKid;
  if (!publicKey) return refuse("unknown_key", `no key for kid ${kid}: give the key in jwk or as did:jwk`);
  if (sigBytes.length !== 64) return refuse("bad_signature", "an ES256K signature is 64 bytes");
  const hash = await sha256Hex(utf8Encode(`${head}.${body}`));
  let signed = false;
  try {
    signed = verifySignature(bytesToHex(sigBytes), hash, publicKey, { strict: false });
  } catch {
    signed = false;
  }
  if (!signed) return refuse("bad_signature", "the signature does not match the payload and key");
  if (payload.version !== OFFER_RECEIPT_VERSION)
    return refuse("unsupported_version", `payload version ${String(payload.version)} is not 1`);
  const signerAddress = getAddressFromPublicKey(
    publicKey,
    network(payload) === "stacks:1" ? "mainnet" : "testnet",
  );
  if (signer !== undefined) {
    const allowed = (typeof signer === "string" ? [signer] : signer).map((s) => s.toLowerCase());
    const known = [signerAddress.toLowerCase(), publicKey.toLowerCase(), uncompressPublicKey(publicKey)];
    if (!known.some((k) => allowed.includes(k.toLowerCase())))
      return refuse("unauthorized_signer", `${signerAddress} is not an authorized signer`);
  }
  return { valid: true, payload: payload as T, publicKey, signerAddress, kid };
}

/** What a receipt must also say, beside a good signature. */
export interface VerifyReceiptOptions {
  /** Who may sign the merchant's receipts (its Stacks address or public key). */
  signer?: SignerAuthorization;
  resourceUrl?: string;
  payer?: string;
  network?: string;
  transaction?: string;
  /** Refuse receipts issued longer ago than this (seconds). */
  maxAgeSeconds?: number;
  /** Unix seconds, default now. */
  now?: number;
}

/**
 * Verifies a signed receipt (x402 offer-and-receipt, JWS with a Stacks key): the signature, the
 * payload version, and — when given — that a key you trust signed it (`signer`) and that it
 * names the resource, payer, network or transaction you expect. Takes the signed receipt itself
 * or the settlement response carrying it (`getPaymentReceipt(response)`).
 */
export async function verifyReceipt(
  receipt: X402SignedReceipt | X402Receipt | null | undefined,
  options: VerifyReceiptOptions = {},
): Promise<Verified<X402ReceiptPayload>> {
  const signed = receipt && "format" in receipt ? receipt : readSignedReceipt(receipt?.extensions);
  if (!signed) return refuse("missing", 'no signed receipt (extensions["offer-receipt"].info.receipt)');
  if (signed.format !== "jws") return refuse("unsupported_format", `format ${signed.format} is not jws`);
  const verified = await verifyJws<X402ReceiptPayload>(
    signed.signature,
    (p) => String(p.network),
    options.signer,
  );
  if (!verified.valid) return verified;
  const { payload } = verified;
  if (
    typeof payload.network !== "string" ||
    typeof payload.resourceUrl !== "string" ||
    typeof payload.payer !== "string" ||
    typeof payload.issuedAt !== "number"
  )
    return refuse("malformed", "the receipt lacks network, resourceUrl, payer or issuedAt");
  for (const field of ["resourceUrl", "payer", "network", "transaction"] as const) {
    const expected = options[field];
    if (expected !== undefined && payload[field] !== expected)
      return refuse("mismatch", `the receipt's ${field} is ${String(payload[field])}, not ${expected}`);
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (options.maxAgeSeconds !== undefined && now - payload.issuedAt > options.maxAgeSeconds)
    return refuse("too_old", `the receipt was issued at ${payload.issuedAt}`);
  return verified;
}

/**
 * Verifies a signed offer: the signature and version, and when given, the signer and that it
 * commits to the terms of `accept` (an `accepts[]` entry: scheme, network, asset, payTo, amount).
 */
export async function verifyOffer(
  offer: X402SignedOffer,
  options: {
    signer?: SignerAuthorization;
    accept?: { scheme: string; network: string; asset: string; payTo: string; amount: string };
  } = {},
): Promise<Verified<X402OfferPayload>> {
  if (offer.format !== "jws") return refuse("unsupported_format", `format ${offer.format} is not jws`);
  const verified = await verifyJws<X402OfferPayload>(
    offer.signature,
    (p) => String(p.network),
    options.signer,
  );
  if (!verified.valid || !options.accept) return verified;
  for (const field of ["scheme", "network", "asset", "payTo", "amount"] as const) {
    if (verified.payload[field] !== options.accept[field])
      return refuse("mismatch", `the offer's ${field} is not the accepted one's`);
  }
  return verified;
}

/** The payload of a signed offer or receipt, unchecked (read it only after verifying). */
export { signedPayload };
