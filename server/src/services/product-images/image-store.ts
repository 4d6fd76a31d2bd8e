import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../db/database.ts";
import { nowSeconds } from "../../domain/ids.ts";

/**
 * Where the bytes of product images live. Keys are immutable (a key names one content: a new
 * upload gets new keys), so `put` never overwrites and readers may cache forever.
 */
export interface ImageStore {
  readonly kind: "folder" | "database";
  put(key: string, bytes: Buffer): Promise<void>;
  /** Null when no such key is stored. */
  get(key: string): Promise<Buffer | null>;
  /** Keys not stored are ignored. */
  delete(keys: readonly string[]): Promise<void>;
}

/** The only keys a store accepts: no path separators, no dot segments. */
export const IMAGE_KEY = /^img_[A-Za-z0-9]{24}-\d{1,5}-[0-9a-f]{16}\.webp$/;

function checkKey(key: string): void {
  if (!IMAGE_KEY.test(key)) throw new Error(`not an image key: ${JSON.stringify(key)}`);
}

/**
 * Files in one folder (the embedded setup: beside PGlite's files in the data folder). A file is
 * written under a temporary name and renamed, so a reader never sees half of one.
 */
export function folderImageStore(dir: string): ImageStore {
  const file = (key: string) => {
    checkKey(key);
    return path.join(dir, key);
  };
  return {
    kind: "folder",
    async put(key, bytes) {
      const target = file(key);
      await fs.mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(file(key), { force: true })));
    },
  };
}

/** A bytea table (PostgreSQL deployments: every server process sees the same images). */
export function databaseImageStore(db: Db): ImageStore {
  return {
    kind: "database",
    async put(key, bytes) {
      checkKey(key);
      await db
        .insertInto("product_image_blobs")
        .values({ key, bytes, created_at: nowSeconds() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
    async get(key) {
      checkKey(key);
      const row = await db
        .selectFrom("product_image_blobs")
        .select("bytes")
        .where("key", "=", key)
        .executeTakeFirst();
      // pg answers a Buffer, PGlite a Uint8Array.
      return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async delete(keys) {
      keys.forEach(checkKey);
      if (keys.length > 0) await db.deleteFrom("product_image_blobs").where("key", "in", keys).execute();
    },
  };
}
