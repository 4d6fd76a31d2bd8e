import { randomBytes } from "node:crypto";

/** Type prefixes of DESIGN.md: every object id says what it is. */
export const ID_PREFIX = {
  user: "user",
  session: "sess",
  organization: "org",
  workspace: "ws",
  environment: "env",
  apiKey: "key",
  product: "prod",
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
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 string; rejection sampling keeps every character uniform. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
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
