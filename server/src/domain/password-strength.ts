import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 ("safely unguessable: moderate
 * protection from offline slow-hash scenario", < 10^10 guesses) is what a payment dashboard needs:
 * the hashes are scrypt, but the account controls keys and payout wallets.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator, with the common-password, English word and name dictionaries. Its matchers are
 * super-linear on repetitive input, so it measures only the first 64 characters (anything strong
 * in 64 stays strong longer) and bounds l33t substitutions; a hostile 200-character password
 * then costs about as much CPU as the scrypt hash that follows.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  maxLength: 64,
  l33tMaxSubstitutions: 10,
});

export type PasswordStrength =
  | { ok: true; score: number }
  | { ok: false; score: number; warning: string | null; suggestions: string[] };

/**
 * Rates a password; `context` holds what an attacker targeting this account knows (email, name,
 * the product's name), which makes passwords built from them weak.
 */
export function checkPasswordStrength(password: string, context: string[] = []): PasswordStrength {
  const inputs = ["spay", "stacks", "sbtc", ...context.flatMap(contextWords)];
  const result = zxcvbn.check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true, score: result.score };
  return {
    ok: false,
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/** "ada.lovelace@example.com" → the address, its local part and its words: what an attacker tries. */
function contextWords(value: string): string[] {
  const lower = value.trim().toLowerCase();
  if (!lower) return [];
  const local = lower.split("@")[0] ?? "";
  return [lower, local, ...lower.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)];
}

/** The reason shown to the user: the library's warning first, then its suggestions. */
export function describeWeakPassword(result: Extract<PasswordStrength, { ok: false }>): string {
  const parts = ["This password is too easy to guess."];
  if (result.warning) parts.push(result.warning);
  parts.push(...result.suggestions);
  return parts.join(" ");
}
