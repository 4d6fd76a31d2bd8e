import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Db } from "../../db/database.ts";
import type { Deps } from "../../http/context.ts";

/**
 * Where export files live: beside product images (the data folder on the embedded server, the
 * database on PostgreSQL, where every server process sees them). The image store keeps whole
 * buffers under content-hash keys; an export is written and read as a stream (it may be hundreds
 * of megabytes), so it has a store of its own with the same two homes.
 *
 * A file is named by its export and the attempt that wrote it: a worker that lost its lease while
 * writing never overwrites the file another worker wrote.
 */
export interface ExportFile {
  exportId: string;
  attempt: number;
}

export interface ExportStore {
  readonly kind: "folder" | "database";
  /** Stores the stream's bytes as `file`; the byte count once every byte is stored. */
  write(file: ExportFile, bytes: Readable): Promise<number>;
  /** The file's bytes as a stream, read as they are sent; null when no such file is stored. */
  read(file: ExportFile): Promise<Readable | null>;
  /** Deletes every attempt's bytes of the export (none stored: nothing to do). */
  delete(exportId: string): Promise<void>;
  /** Deletes one attempt's bytes: a failed or superseded attempt. */
  discard(file: ExportFile): Promise<void>;
}

/** Export ids only (`exp_` and base62): nothing that could leave the folder. */
const EXPORT_ID = /^exp_[A-Za-z0-9]{24}$/;

function checkFile(file: ExportFile): void {
  checkId(file.exportId);
  if (!Number.isSafeInteger(file.attempt) || file.attempt < 0)
    throw new Error(`not an attempt: ${file.attempt}`);
}

function checkId(exportId: string): void {
  if (!EXPORT_ID.test(exportId)) throw new Error(`not an export id: ${JSON.stringify(exportId)}`);
}

/** Counts the bytes that pass. */
function counter(): Transform & { bytes: number } {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      stream.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  stream.bytes = 0;
  return stream;
}

/**
 * Files in one folder (the embedded setup: in the data folder). A file is written under a temporary
 * name and renamed, so a reader never sees half of one.
 */
export function folderExportStore(dir: string): ExportStore {
  const fileName = (file: ExportFile) => {
    checkFile(file);
    return path.join(dir, `${file.exportId}-${file.attempt}.zip`);
  };
  return {
    kind: "folder",
    async write(file, bytes) {
      const target = fileName(file);
      await fs.mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      const counted = counter();
      try {
        await pipeline(bytes, counted, createWriteStream(temporary));
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return counted.bytes;
    },
    async read(file) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileName(file), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      return handle.createReadStream();
    },
    async delete(exportId) {
      checkId(exportId);
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
      const prefix = `${exportId}-`;
      await Promise.all(
        names.filter((n) => n.startsWith(prefix)).map((n) => fs.rm(path.join(dir, n), { force: true })),
      );
    },
    async discard(file) {
      await fs.rm(fileName(file), { force: true });
    },
  };
}

/** Bytes per row of `export_files`: large enough to keep rows few, small enough to hold one at a time. */
export const PART_BYTES = 1024 * 1024;

/**
 * Parts in a bytea table (PostgreSQL: every server process reads the same files). Written one part at
 * a time as the bytes arrive, read one part at a time as they are sent: at most a part or two is in
 * memory, whatever the file's size.
 */
export function databaseExportStore(db: Db, partBytes = PART_BYTES): ExportStore {
  const store: ExportStore = {
    kind: "database",
    async write(file, bytes) {
      checkFile(file);
      let part = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let total = 0;
      // The part being stored when the source fails: awaited before discarding, so no part lands
      // after the discard and outlives it.
      let storing: Promise<unknown> = Promise.resolve();
      const flush = async () => {
        const chunk = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db
          .insertInto("export_files")
          .values({ export_id: file.exportId, attempt: file.attempt, part: part++, bytes: chunk })
          .execute();
      };
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          let rest = chunk;
          // A chunk may straddle a part's end: fill the part, store it, keep the rest.
          const fill = async () => {
            while (pendingBytes + rest.length >= partBytes) {
              const take = partBytes - pendingBytes;
              pending.push(rest.subarray(0, take));
              pendingBytes += take;
              rest = rest.subarray(take);
              await flush();
            }
            if (rest.length > 0) {
              pending.push(rest);
              pendingBytes += rest.length;
            }
          };
          storing = fill();
          storing.then(() => callback(), callback);
        },
        final(callback) {
          (pendingBytes > 0 || part === 0 ? flush() : Promise.resolve()).then(() => callback(), callback);
        },
      });
      try {
        await pipeline(bytes, sink);
      } catch (error) {
        await storing.catch(() => undefined);
        await store.discard(file);
        throw error;
      }
      return total;
    },
    async read(file) {
      checkFile(file);
      const partAt = async (part: number) => {
        const row = await db
          .selectFrom("export_files")
          .select("bytes")
          .where("export_id", "=", file.exportId)
          .where("attempt", "=", file.attempt)
          .where("part", "=", part)
          .executeTakeFirst();
        // pg answers a Buffer, PGlite a Uint8Array.
        return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
      };
      const first = await partAt(0);
      if (!first) return null;
      return Readable.from(
        (async function* () {
          yield first;
          for (let part = 1; ; part++) {
            const next = await partAt(part);
            if (!next) return;
            yield next;
          }
        })(),
        { objectMode: false },
      );
    },
    async delete(exportId) {
      checkId(exportId);
      await db.deleteFrom("export_files").where("export_id", "=", exportId).execute();
    },
    async discard(file) {
      checkFile(file);
      await db
        .deleteFrom("export_files")
        .where("export_id", "=", file.exportId)
        .where("attempt", "=", file.attempt)
        .execute();
    },
  };
  return store;
}

const byDeps = new WeakMap<Deps, ExportStore>();

/**
 * The store of this server: the data folder when product images live there (the embedded server),
 * else the database — the one rule, so exports and images always live together.
 */
export function exportStoreOf(deps: Pick<Deps, "db" | "config" | "images">): ExportStore {
  let store = byDeps.get(deps as Deps);
  if (!store) {
    store =
      deps.images.kind === "folder"
        ? folderExportStore(path.join(deps.config.dataDir, "exports"))
        : databaseExportStore(deps.db);
    byDeps.set(deps as Deps, store);
  }
  return store;
}
