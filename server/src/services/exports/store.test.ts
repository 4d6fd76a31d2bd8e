import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupMerchant, startTestApi, type TestApi } from "../../../test/harness.ts";
import { folderImageStore } from "../product-images/image-store.ts";
import { databaseExportStore, type ExportStore, exportStoreOf, folderExportStore } from "./store.ts";

/**
 * Export files are written and read as streams, in both homes: the data folder (embedded) and the
 * database in parts (PostgreSQL).
 */
let api: TestApi;
let dir: string;
const ids: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  dir = await mkdtemp(path.join(os.tmpdir(), "spay-exports-"));
  const m = await setupMerchant(api);
  // export_files rows belong to an export: make two real ones to hang bytes on.
  for (let i = 0; i < 2; i++) {
    const res = await api.request("POST", "/v1/exports", { token: m.sk, body: { from: 0, to: 1 } });
    expect(res.status).toBe(202);
    ids.push(res.body.id);
  }
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await api?.close();
});

/** 95 bytes in uneven chunks, so parts and chunks never line up. */
function bytes(): Buffer {
  return Buffer.from(Array.from({ length: 95 }, (_, i) => i));
}
function chunked(data: Buffer): Readable {
  return Readable.from([data.subarray(0, 7), data.subarray(7, 40), data.subarray(40, 41), data.subarray(41)]);
}
async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Resolves once the database holds a first part of the file: its other parts are still on their way. */
async function firstPartStored(exportId: string, attempt: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const row = await api.deps.db
      .selectFrom("export_files")
      .select("part")
      .where("export_id", "=", exportId)
      .where("attempt", "=", attempt)
      .executeTakeFirst();
    if (row) return;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error("no part was stored");
}

describe.each([
  ["database, in 10-byte parts", () => databaseExportStore(api.deps.db, 10), firstPartStored],
  ["folder", () => folderExportStore(dir), async () => {}],
])(
  "export store: %s",
  (_name, make: () => ExportStore, midway: (id: string, attempt: number) => Promise<void>) => {
    it("writes a stream and reads it back as a stream, byte for byte", async () => {
      const store = make();
      const [id] = ids as [string];
      expect(await store.write({ exportId: id, attempt: 1 }, chunked(bytes()))).toBe(95);
      expect(await readAll(await store.read({ exportId: id, attempt: 1 }))).toEqual(bytes());
      expect(await store.read({ exportId: id, attempt: 2 })).toBeNull();
    });

    it("keeps each attempt apart, discards one, deletes them all", async () => {
      const store = make();
      const [, id] = ids as [string, string];
      await store.write({ exportId: id, attempt: 1 }, chunked(bytes()));
      await store.write({ exportId: id, attempt: 2 }, Readable.from([Buffer.from("second")]));
      await store.discard({ exportId: id, attempt: 1 });
      expect(await store.read({ exportId: id, attempt: 1 })).toBeNull();
      expect((await readAll(await store.read({ exportId: id, attempt: 2 })))?.toString()).toBe("second");
      await store.delete(id);
      expect(await store.read({ exportId: id, attempt: 2 })).toBeNull();
    });

    it("stores an empty file as a file", async () => {
      const store = make();
      const [id] = ids as [string];
      expect(await store.write({ exportId: id, attempt: 9 }, Readable.from([]))).toBe(0);
      expect((await readAll(await store.read({ exportId: id, attempt: 9 })))?.length).toBe(0);
      await store.delete(id);
    });

    it("a stream that fails leaves nothing behind", async () => {
      const store = make();
      const [id] = ids as [string];
      const failing = Readable.from(
        (async function* () {
          // Many parts in one chunk: the source fails while they are still being stored.
          yield Buffer.alloc(95, 1);
          await midway(id, 5);
          throw new Error("read failed");
        })(),
      );
      await expect(store.write({ exportId: id, attempt: 5 }, failing)).rejects.toThrow("read failed");
      expect(await store.read({ exportId: id, attempt: 5 })).toBeNull();
    });

    it("accepts export ids only: nothing can name a path outside its home", async () => {
      const store = make();
      for (const exportId of ["../etc/passwd", "exp_../../x", "img_AAAAAAAAAAAAAAAAAAAAAAAA", ""])
        await expect(store.write({ exportId, attempt: 1 }, Readable.from([]))).rejects.toThrow(
          /not an export id/,
        );
    });
  },
);

describe("the database store holds a part at a time", () => {
  it("writes parts of the given size, the last one shorter", async () => {
    const [id] = ids as [string];
    await databaseExportStore(api.deps.db, 10).write({ exportId: id, attempt: 3 }, chunked(bytes()));
    const parts = await api.deps.db
      .selectFrom("export_files")
      .select(["part", "bytes"])
      .where("export_id", "=", id)
      .where("attempt", "=", 3)
      .orderBy("part")
      .execute();
    expect(parts.map((p) => p.bytes.byteLength)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
  });
});

describe("the folder store", () => {
  it("leaves no temporary file behind", async () => {
    const [id] = ids as [string];
    await folderExportStore(dir).write({ exportId: id, attempt: 4 }, chunked(bytes()));
    expect((await readdir(dir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    expect(await readdir(dir)).toContain(`${id}-4.zip`);
  });
});

describe("where exports live", () => {
  it("beside product images: the data folder when images are files, else the database", async () => {
    const folder = exportStoreOf({
      db: api.deps.db,
      config: { ...api.deps.config, dataDir: dir },
      images: folderImageStore(path.join(dir, "product-images")),
    });
    expect(folder.kind).toBe("folder");
    const [id] = ids as [string];
    await folder.write({ exportId: id, attempt: 7 }, Readable.from([Buffer.from("zip")]));
    expect(await readdir(path.join(dir, "exports"))).toContain(`${id}-7.zip`);
    expect(exportStoreOf(api.deps).kind).toBe("database");
  });
});
