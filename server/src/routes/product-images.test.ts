import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { createApp } from "../app.ts";
import type { Deps } from "../http/context.ts";
import { folderImageStore } from "../services/product-images/image-store.ts";
import { prepareProductImage } from "../services/product-images/prepare.ts";
import { replaceProductImage } from "../services/product-images/product-images.ts";
import * as images from "../services/product-images/test-images.ts";

let api: TestApi;
let app: ReturnType<typeof createApp>;
let merchant: Merchant;
beforeAll(async () => {
  api = await startTestApi();
  app = createApp(api.deps);
  merchant = await setupMerchant(api);
});
afterAll(() => api.close());

const newProduct = async (token = merchant.sk, name = "Poster") => {
  const res = await api.request("POST", "/v1/products", {
    token,
    body: { name, price_minor: 1500, stock: 3 },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; payment_link: { id: string } };
};

/** Sends a file as the body, as the dashboard does (the app in process: a WHATWG Request body). */
async function upload(
  target: { request: ReturnType<typeof createApp>["request"] },
  productId: string,
  bytes: Uint8Array,
  options: { token?: string; type?: string; headers?: Record<string, string> } = {},
) {
  const res = await target.request(`/v1/products/${productId}/image`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${options.token ?? merchant.sk}`,
      "content-type": options.type ?? "application/octet-stream",
      ...options.headers,
    },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Fetches a served variant by its absolute URL. */
async function served(url: string) {
  const res = await app.request(new URL(url).pathname);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const blobCount = async () => {
  const row = await api.deps.db
    .selectFrom("product_image_blobs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe("POST /v1/products/{id}/image", () => {
  it("sets the image: the product, its list entry and its payment link carry url, srcset and variants", async () => {
    const product = await newProduct();
    const res = await upload(app, product.id, await images.cameraJpeg(1200, 800), { type: "image/jpeg" });
    expect(res.status).toBe(200);
    const image = res.body.image;
    expect(image).toMatchObject({ width: 800, height: 1200 });
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([256, 512, 800]);
    expect(image.url).toBe(image.variants[2].url);
    expect(image.url).toMatch(
      /^https:\/\/pay\.example\.test\/v1\/product_images\/img_[A-Za-z0-9]{24}-800-[0-9a-f]{16}\.webp$/,
    );
    expect(image.srcset).toBe(
      image.variants.map((v: { url: string; width: number }) => `${v.url} ${v.width}w`).join(", "),
    );
    const got = await api.request("GET", `/v1/products/${product.id}`, { token: merchant.pk });
    expect(got.body.image).toEqual(image);
    const list = await api.request("GET", "/v1/products?limit=100", { token: merchant.sk });
    expect(list.body.data.find((p: { id: string }) => p.id === product.id).image).toEqual(image);
    const link = await api.request("GET", `/api/payment-links/${product.payment_link.id}`);
    expect(link.body.product_data.image).toEqual(image);
  });

  it("serves each variant as webp with an immutable year-long cache and no metadata", async () => {
    const product = await newProduct();
    const res = await upload(app, product.id, await images.cameraJpeg(), { type: "image/jpeg" });
    for (const variant of res.body.image.variants) {
      const file = await served(variant.url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      const metadata = await sharp(file.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
        "webp",
        variant.width,
        variant.height,
        undefined,
      ]);
    }
  });

  it("a new upload replaces the image: new URLs, and the old ones are gone (404) with their bytes", async () => {
    const product = await newProduct();
    const first = await upload(app, product.id, await images.png(600, 400), { type: "image/png" });
    const before = await blobCount();
    const second = await upload(app, product.id, await images.webp(300, 300), { type: "image/webp" });
    expect(second.status).toBe(200);
    expect(second.body.image.url).not.toBe(first.body.image.url);
    for (const variant of first.body.image.variants) expect((await served(variant.url)).status).toBe(404);
    expect((await served(second.body.image.url)).status).toBe(200);
    expect(await blobCount()).toBe(before - first.body.image.variants.length + 2);
  });

  it("DELETE removes the image and its bytes; deleting the product does too", async () => {
    const product = await newProduct();
    const set = await upload(app, product.id, await images.png(), { type: "image/png" });
    const removed = await api.request("DELETE", `/v1/products/${product.id}/image`, { token: merchant.sk });
    expect(removed.status).toBe(200);
    expect(removed.body.image).toBeNull();
    expect((await served(set.body.image.url)).status).toBe(404);
    const again = await upload(app, product.id, await images.png(), { type: "image/png" });
    const before = await blobCount();
    expect((await api.request("DELETE", `/v1/products/${product.id}`, { token: merchant.sk })).status).toBe(
      200,
    );
    expect((await served(again.body.image.url)).status).toBe(404);
    expect(await blobCount()).toBe(before - again.body.image.variants.length);
  });

  it("a product without an image has image null; an unknown or malformed image URL is 404 JSON", async () => {
    const product = await newProduct();
    const got = await api.request("GET", `/v1/products/${product.id}`, { token: merchant.sk });
    expect(got.body.image).toBeNull();
    for (const name of [
      "img_AAAAAAAAAAAAAAAAAAAAAAAA-256-0123456789abcdef.webp",
      "..%2F..%2Fetc%2Fpasswd",
      "x.webp",
    ]) {
      const res = await api.request("GET", `/v1/product_images/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.error.code).toBe("resource_missing");
    }
  });
});

describe("only what a product's image lists is served", () => {
  it("bytes in the store that no image lists (left by a deleted environment) answer 404", async () => {
    const orphan = `img_${"B".repeat(24)}-256-0123456789abcdef.webp`;
    await api.deps.images.put(orphan, await images.webp());
    expect((await api.request("GET", `/v1/product_images/${orphan}`)).status).toBe(404);
    await api.deps.images.delete([orphan]);
  });

  it("a product deleted while its image was being stored: 404, and the stored bytes are removed again", async () => {
    const product = await newProduct();
    const prepared = await prepareProductImage(await images.png(), "image/png");
    const before = await blobCount();
    const place = await api.deps.db
      .selectFrom("products")
      .select(["id", "workspace_id", "environment_id"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    await api.request("DELETE", `/v1/products/${product.id}`, { token: merchant.sk });
    const error = await replaceProductImage(api.deps, place, prepared).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: "resource_missing", status: 404 });
    expect(await blobCount()).toBe(before);
  });
});

describe("payment links show only the catalogue's images", () => {
  it("a legacy link's synced product_data cannot name an image of its own", async () => {
    const saved = await api.request("POST", "/api/payment-links", {
      token: merchant.sk,
      body: {
        product_data: {
          name: "Legacy",
          price: 5,
          image: { url: "https://tracker.example/p.png", srcset: "x 1w", width: 1, height: 1 },
        },
      },
    });
    expect(saved.status).toBeLessThan(300);
    const link = await api.request("GET", `/api/payment-links/${saved.body.id}`);
    expect(link.body.product_data).toMatchObject({ name: "Legacy", image: null });
  });
});

describe("tenant and environment walls", () => {
  it("another workspace's secret key gets 404 and stores nothing; a publishable key gets 403", async () => {
    const product = await newProduct();
    const other = await setupMerchant(api);
    const before = await blobCount();
    const stranger = await upload(app, product.id, await images.png(), { token: other.sk });
    expect([stranger.status, stranger.body.error.code]).toEqual([404, "resource_missing"]);
    const pk = await upload(app, product.id, await images.png(), { token: merchant.pk });
    expect([pk.status, pk.body.error.code]).toEqual([403, "secret_key_required"]);
    const removal = await api.request("DELETE", `/v1/products/${product.id}/image`, { token: other.sk });
    expect(removal.status).toBe(404);
    expect(await blobCount()).toBe(before);
  });

  it("a test key cannot set or remove the image of a live product", async () => {
    const live = await api.request("POST", `/v1/workspaces/${merchant.workspaceId}/api-keys`, {
      token: merchant.token,
      body: { type: "sk", env: "live" },
    });
    const product = await newProduct(live.body.key, "Live poster");
    const byTest = await upload(app, product.id, await images.png(), { token: merchant.sk });
    expect(byTest.status).toBe(404);
    expect((await upload(app, product.id, await images.png(), { token: live.body.key })).status).toBe(200);
    const removal = await api.request("DELETE", `/v1/products/${product.id}/image`, { token: merchant.sk });
    expect(removal.status).toBe(404);
  });
});

describe("refusals store nothing", () => {
  it.each([
    ["an empty body", "image_empty", 400, async () => Buffer.alloc(0)],
    ["an SVG with a script", "image_type_unsupported", 415, async () => images.SVG_WITH_SCRIPT],
    [
      "a JPEG with a ZIP appended",
      "image_polyglot",
      400,
      async () => Buffer.concat([await images.cameraJpeg(), images.zipArchive()]),
    ],
    ["a decompression bomb", "image_dimensions_too_large", 400, async () => images.pngBomb()],
    ["garbage", "image_type_unsupported", 415, async () => Buffer.from("not an image at all")],
  ] as const)("%s is %s (%i)", async (_what, code, status, make) => {
    const product = await newProduct();
    const before = await blobCount();
    const res = await upload(app, product.id, await make());
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(res.body.error.request_id).toMatch(/^req_/);
    expect(await blobCount()).toBe(before);
    const got = await api.request("GET", `/v1/products/${product.id}`, { token: merchant.sk });
    expect(got.body.image).toBeNull();
  });

  it("a PNG declared as JPEG is image_type_mismatch: the bytes decide, not the Content-Type", async () => {
    const product = await newProduct();
    const res = await upload(app, product.id, await images.png(), { type: "image/jpeg" });
    expect([res.status, res.body.error.code]).toEqual([400, "image_type_mismatch"]);
  });

  it("over 8 MB is 413 image_too_large, declared up front or streamed over a real socket", async () => {
    const product = await newProduct();
    // Refused from the declared length alone, before a byte of the body is read.
    const declared = await upload(app, product.id, Buffer.from("tiny"), {
      headers: { "content-length": String(8 * 1024 * 1024 + 1) },
    });
    expect([declared.status, declared.body.error.code]).toEqual([413, "image_too_large"]);
    const server = await api.listen();
    try {
      // A streamed body has no Content-Length: the limit is counted while it arrives.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 9; i++) controller.enqueue(new Uint8Array(1024 * 1024));
          controller.close();
        },
      });
      const res = await fetch(`${server.url}/v1/products/${product.id}/image`, {
        method: "POST",
        headers: { authorization: `Bearer ${merchant.sk}`, "content-type": "image/png" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("image_too_large");
    } finally {
      await server.close();
    }
  });

  it("JSON routes keep their 1 MB limit: only the upload path reads a large binary body", async () => {
    const huge = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), price_minor: 1, stock: 1 });
    const res = await api.request("POST", "/v1/products", {
      token: merchant.sk,
      rawBody: huge,
      headers: { "content-type": "application/json" },
    });
    expect([res.status, res.body.error.code]).toEqual([413, "body_too_large"]);
  });
});

describe("over a real socket, with an Idempotency-Key", () => {
  it("uploads the bytes intact, and a retry with the same key replays; another file with it is refused", async () => {
    const product = await newProduct();
    const server = await api.listen();
    try {
      const send = async (bytes: Buffer) => {
        const res = await fetch(`${server.url}/v1/products/${product.id}/image`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${merchant.sk}`,
            "content-type": "image/png",
            "idempotency-key": `img-${product.id}`,
          },
          body: bytes,
        });
        return {
          status: res.status,
          body: (await res.json()) as { image: { url: string }; error?: { code: string } },
        };
      };
      const bytes = await images.png(700, 500);
      const first = await send(bytes);
      expect(first.status).toBe(200);
      const retry = await send(bytes);
      expect(retry.body.image.url).toBe(first.body.image.url);
      const other = await send(await images.png(300, 200));
      expect([other.status, other.body.error?.code]).toEqual([409, "idempotency_key_reused"]);
    } finally {
      await server.close();
    }
  });
});

describe("the embedded server keeps images as files in its data folder", () => {
  it("an upload writes one file per variant; a refusal writes none; a removal deletes them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "spay-images-"));
    try {
      const deps: Deps = { ...api.deps, images: folderImageStore(dir) };
      const folderApp = createApp(deps);
      const product = await newProduct();
      const refused = await upload(folderApp, product.id, images.SVG_WITH_SCRIPT);
      expect(refused.status).toBe(415);
      await expect(readdir(dir)).resolves.toEqual([]);
      const res = await upload(folderApp, product.id, await images.cameraJpeg(), { type: "image/jpeg" });
      const keys = res.body.image.variants.map((v: { url: string }) => v.url.split("/").pop());
      expect((await readdir(dir)).sort()).toEqual([...keys].sort());
      const file = await folderApp.request(new URL(res.body.image.url).pathname);
      expect(file.status).toBe(200);
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("webp");
      const removed = await folderApp.request(`/v1/products/${product.id}/image`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${merchant.sk}` },
      });
      expect(removed.status).toBe(200);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
