import type { ApiKey } from "../api/types.ts";
import { INTEGRATIONS } from "../messages.ts";
import { formatDate } from "../ui/format.ts";

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
export function keyStateTone(state: ApiKey["state"]): "success" | "danger" {
  return state === "enabled" ? "success" : "danger";
}
