import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";

export const RECOVERY_CODE_COUNT = 10;
/**
 * 32 symbols without the look-alikes (no 0/o, 1/l), so a code copied onto paper reads back right;
 * 32 divides 256, so every symbol is equally likely from a random byte.
 */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const HALF = 4;

/** Ten fresh codes like `k7qm-x3vd` (40 random bits each), shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(HALF * 2);
    const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, HALF)}-${chars.slice(HALF)}`;
  });
}

/** What the user typed, as it was issued: case, spaces and the hyphen do not matter. */
function normalize(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

/**
 * A code's stored form: HMAC-SHA256 under a key derived from the server's sealing key, over the
 * user and the code. 40 bits would fall to a plain hash's offline search within minutes; keyed,
 * the table alone (a backup, a leaked dump) reveals nothing usable.
 */
function recoveryCodeHash(deps: Pick<Deps, "secrets">, userId: string, code: string): string {
  return createHmac("sha256", deps.secrets.deriveKey("recovery-codes"))
    .update(`${userId}:${normalize(code)}`)
    .digest("hex");
}

/** Replaces the user's recovery codes (used or not) with ten new ones; returns them, the only time they are shown. */
export async function replaceRecoveryCodes(deps: Pick<Deps, "secrets">, trx: Db, userId: string) {
  const codes = newRecoveryCodes();
  const now = nowSeconds();
  await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: recoveryCodeHash(deps, userId, code),
        created_at: now,
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/**
 * Spends `code` if it is one of the user's unused recovery codes. One conditional update, so two
 * requests racing with the same code cannot both succeed.
 */
export async function spendRecoveryCode(
  deps: Pick<Deps, "secrets">,
  db: Db,
  userId: string,
  code: string,
): Promise<boolean> {
  if (normalize(code).length === 0) return false;
  const spent = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowSeconds() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(deps, userId, code))
    .where("used_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return spent !== undefined;
}

export async function recoveryCodesRemaining(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
