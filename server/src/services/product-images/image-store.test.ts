import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderImageStore, IMAGE_KEY } from "./image-store.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "spay-image-store-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const key = (width: number) => `img_${"A".repeat(24)}-${width}-0123456789abcdef.webp`;

describe("the data folder's image store", () => {
  it("puts, gets and deletes by key, leaving no temporary file behind", async () => {
    const store = folderImageStore(path.join(dir, "product-images"));
    await store.put(key(256), Buffer.from("small"));
    await store.put(key(512), Buffer.from("large"));
    expect((await store.get(key(256)))?.toString()).toBe("small");
    expect((await readdir(path.join(dir, "product-images"))).sort()).toEqual([key(256), key(512)].sort());
    await store.delete([key(256), key(1024)]);
    expect(await store.get(key(256))).toBeNull();
    expect((await store.get(key(512)))?.toString()).toBe("large");
  });

  it("refuses any key that is not an image key: no path leaves the folder", async () => {
    const store = folderImageStore(path.join(dir, "product-images"));
    for (const bad of [
      "../secret.webp",
      "/etc/passwd",
      `..${path.sep}${key(256)}`,
      `${key(256)}/x`,
      "a.webp",
    ]) {
      expect(IMAGE_KEY.test(bad), bad).toBe(false);
      await expect(store.get(bad), bad).rejects.toThrow(/not an image key/);
      await expect(store.put(bad, Buffer.from("x")), bad).rejects.toThrow(/not an image key/);
    }
  });
});
