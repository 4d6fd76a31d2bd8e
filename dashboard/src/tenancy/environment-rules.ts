import { errorCode } from "../api/http.ts";
import type { Environment } from "../api/types.ts";
import { ENVIRONMENTS } from "./messages.ts";

/** SPEC.md §9: environment names are at most 50 characters. */
export const ENVIRONMENT_NAME_MAX = 50;
const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** SPEC.md §5 "Environment create": the error for a name, or null when it is acceptable. */
export function environmentNameError(raw: string): string | null {
  const name = raw.trim();
  if (!name) return ENVIRONMENTS.nameRequired;
  if (name.length > ENVIRONMENT_NAME_MAX) return ENVIRONMENTS.nameTooLong;
  if (!NAME_PATTERN.test(name)) return ENVIRONMENTS.codes.bad_request ?? null;
  return null;
}

/** Rename is rejected if empty or unchanged (Save stays disabled). */
export function canRename(newName: string, currentName: string): boolean {
  const name = newName.trim();
  return name !== "" && name !== currentName;
}

/** Delete is disabled with only one environment or while an action is in flight. */
export function canDelete(environmentCount: number, busy: boolean): boolean {
  return environmentCount > 1 && !busy;
}

/** SPEC.md §8 "Environment codes"; unknown codes name the code. */
export function environmentErrorMessage(err: unknown, operation: "create" | "other"): string {
  const code = errorCode(err) ?? "network_error";
  const known = ENVIRONMENTS.codes[code];
  if (known) return known;
  return operation === "create" ? ENVIRONMENTS.createFailed(code) : ENVIRONMENTS.operationFailed(code);
}

/** SPEC.md §4: the first fetched becomes current if none (or a deleted one) was chosen. */
export function resolveCurrentEnvironment(list: Environment[], currentId: string): string {
  return list.some((e) => e.id === currentId) ? currentId : (list[0]?.id ?? "");
}
