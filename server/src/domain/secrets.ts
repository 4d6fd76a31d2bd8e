import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "./ids.ts";

/** Secrets with ≥128 random bits are stored as SHA-256: a slow hash adds nothing to a random token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type ApiKeyType = "publishable" | "secret";
export type KeyEnv = "test" | "live";

/** DESIGN.md: `pk_test_…`, `sk_test_…`, `pk_live_…`, `sk_live_…`, 32 base62 characters ≈ 190 bits. */
export function newApiKey(type: ApiKeyType, env: KeyEnv): string {
  return `${type === "secret" ? "sk" : "pk"}_${env}_${randomBase62(32)}`;
}

/** SPEC.md §9: the first 12 characters identify a key in lists. */
export const KEY_PREFIX_LENGTH = 12;
export function keyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX_LENGTH);
}

export const API_KEY_PATTERN = /^(pk|sk)_(test|live)_[0-9A-Za-z]{32}$/;

export function newSessionToken(): string {
  return `sess_${randomBase62(43)}`;
}

// scrypt with OWASP's minimum (N=2^17, r=8, p=1) by default; the cost is stored in each hash,
// so it can be raised later and older hashes still verify. Tests lower N through configuration.
const SCRYPT = { r: 8, p: 1, keyLength: 32, maxmem: 256 * 1024 * 1024 };
export const DEFAULT_SCRYPT_LOG2N = 17;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: SCRYPT.maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, log2N = DEFAULT_SCRYPT_LOG2N): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2N;
  const key = await scryptAsync(password, salt, N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal emails. */
export function dummyPasswordHash(log2N = DEFAULT_SCRYPT_LOG2N): string {
  return `scrypt$${2 ** log2N}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}
