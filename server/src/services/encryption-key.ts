import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { SecretBox } from "../domain/secret-box.ts";

const SETTING = "secret_box_key";

/**
 * The key that seals webhook secrets: SPAY_ENCRYPTION_KEY (base64, 32 bytes) in production; for the
 * embedded default a key generated once and kept in the database, so every process of one
 * installation agrees on it. (Set the variable in production: then a database dump alone reveals
 * no webhook secret.)
 */
export async function loadSecretBox(db: Db, config: Config): Promise<SecretBox> {
  if (config.encryptionKey) return new SecretBox(Buffer.from(config.encryptionKey, "base64"));
  await db
    .insertInto("server_settings")
    .values({ key: SETTING, value: SecretBox.generateKey() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_settings")
    .select("value")
    .where("key", "=", SETTING)
    .executeTakeFirstOrThrow();
  return new SecretBox(Buffer.from(row.value, "base64"));
}
