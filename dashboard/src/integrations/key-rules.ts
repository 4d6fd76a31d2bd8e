import type { ApiSchema } from "@spay/protocol";
import type { ApiKey } from "../api/types.ts";
import { formatDate } from "../ui/format.ts";
import { INTEGRATIONS } from "./messages.ts";

/** SPEC.md §3: a key is secret when it starts with sk_ (or is typed so). */
export function isSecret(key: Pick<ApiKey, "type" | "key_prefix">): boolean {
  return key.type === "sk" || key.key_prefix.startsWith("sk_");
}

/** SPEC.md §6/§9: secret keys masked after the first 12 characters unless revealed. */
export function keyText(key: ApiKey, fullKey: string | undefined, revealed: boolean): string {
  if (!isSecret(key)) return key.key ?? key.key_prefix;
  if (fullKey && revealed) return fullKey;
  return `${key.key_prefix.slice(0, 12)}${"•".repeat(12)}`;
}

/**
 * What Copy may put on the clipboard: a publishable key in full; a secret key only while its full
 * value is known (right after creation). A secret stored hashed has nothing to copy: null — never
 * the masked text.
 */
export function keyCopyText(key: ApiKey, fullKey: string | undefined): string | null {
  if (!isSecret(key)) return key.key ?? null;
  return fullKey ?? null;
}

/** A show/hide toggle only makes sense for a secret whose full value is at hand. */
export function canToggle(key: ApiKey, fullKey: string | undefined): boolean {
  return isSecret(key) && Boolean(fullKey);
}

export function lastUsedText(key: Pick<ApiKey, "last_used_at">): string {
  return key.last_used_at ? INTEGRATIONS.lastUsed(formatDate(key.last_used_at)) : INTEGRATIONS.neverUsed;
}

/** Badge text for a key's state; anything but enabled is shown red (SPEC.md §4). */
export function keyStateTone(state: ApiKey["state"] | "expired"): "success" | "danger" {
  return state === "enabled" ? "success" : "danger";
}

/** How long a rolled key keeps working beside its replacement, seconds (the API's allowed values). */
export type RollOverlap = ApiSchema<"RollApiKeyRequest">["expires_in_seconds"];
/** The roll modal's choices, in order: now, 1 hour, 24 hours, 3 days, 7 days. */
export const ROLL_OVERLAPS = [0, 3600, 86_400, 259_200, 604_800] as const satisfies readonly RollOverlap[];
/** The choice offered first: a day leaves time to deploy the new key. */
export const DEFAULT_ROLL_OVERLAP: RollOverlap = 86_400;

/** Whether a rolled key is past its expiry at `now` (seconds) — refused by the API as if revoked. */
export function isExpired(key: Pick<ApiKey, "expires_at">, now: number): boolean {
  return key.expires_at !== null && key.expires_at <= now;
}

/** A live key may be rolled once: not revoked, not rolled already (no expiry). */
export function canRoll(key: Pick<ApiKey, "state" | "expires_at">): boolean {
  return key.state !== "revoked" && key.expires_at === null;
}

/** The state the row's badge shows: an expired key reads "expired", whatever its stored state. */
export function keyStateOf(
  key: Pick<ApiKey, "state" | "expires_at">,
  now: number,
): ApiKey["state"] | "expired" {
  return key.state !== "revoked" && isExpired(key, now) ? "expired" : key.state;
}

/** A span of seconds in words, rounded up: "45 minutes", "23 hours", "3 days". */
export function durationText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return INTEGRATIONS.lessThanAMinute;
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), "minute");
  if (seconds < 2 * 86_400) return unit(Math.ceil(seconds / 3600), "hour");
  return unit(Math.ceil(seconds / 86_400), "day");
}

/** A rolled key's line: "Expires in 23 hours", or that it expired; null for a key not rolled. */
export function expiryText(key: Pick<ApiKey, "state" | "expires_at">, now: number): string | null {
  if (key.expires_at === null || key.state === "revoked") return null;
  if (isExpired(key, now)) return INTEGRATIONS.expiredOn(formatDate(key.expires_at));
  return INTEGRATIONS.expiresIn(durationText(key.expires_at - now));
}
