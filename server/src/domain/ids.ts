import { randomFillSync } from "node:crypto";

/** Type prefixes of DESIGN.md: every object id says what it is. */
export const ID_PREFIX = {
  user: "user",
  session: "sess",
  organization: "org",
  workspace: "ws",
  environment: "env",
  apiKey: "key",
  product: "prod",
  productImage: "img",
  paymentLink: "plink",
  paymentIntent: "pi",
  paymentEvent: "pev",
  event: "evt",
  webhookEndpoint: "we",
  webhookDelivery: "whd",
  webhookAttempt: "wha",
  merchant: "mch",
  emailSignup: "sub",
  request: "req",
  auditEntry: "aud",
  refund: "re",
  customer: "cus",
  /** Made in SQL where a mail is queued (services/mail/queue.ts): `mail_` and 32 hex digits. */
  mail: "mail",
  invitation: "inv",
  /** A data export (services/exports): its ZIP of the workspace's records. */
  export: "exp",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Bytes from the CSPRNG, drawn 4 KiB at a time and each used once (as Node pools the entropy of
 * `randomUUID`): one `randomBytes` call per id cost the hot path ~7 % of its CPU in allocations.
 */
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** Random base62 string; rejection sampling keeps every character uniform. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** 24 base62 characters ≈ 142 random bits. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${randomBase62(24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
