import { isErrorCode } from "@spay/protocol";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Merchant, setupMerchant, startTestApi, type TestApi } from "../../test/harness.ts";
import { createApp } from "../app.ts";
import * as images from "../services/product-images/test-images.ts";

/**
 * Property-based fuzzing (fast-check) of the image upload with mutated and hostile bytes: real
 * images of every accepted format with bytes flipped, cut, inserted or appended (markup, a ZIP, a
 * second image), foreign magic bytes on random bodies, and lying Content-Types. Property: the
 * answer is a valid image (200, every variant served as webp) or a clean 4xx with a catalogue
 * code — never a 5xx — and a refusal leaves the stored images exactly as they were.
 */
let api: TestApi;
let app: ReturnType<typeof createApp>;
let merchant: Merchant;
let productId: string;
let seeds: Buffer[];
beforeAll(async () => {
  api = await startTestApi();
  app = createApp(api.deps);
  merchant = await setupMerchant(api);
  const product = await api.request("POST", "/v1/products", {
    token: merchant.sk,
    body: { name: "Fuzzed", price_minor: 100, stock: 1 },
  });
  productId = product.body.id;
  seeds = await Promise.all([
    images.cameraJpeg(320, 200),
    images.png(200, 120),
    images.webp(150, 150),
    images.gif(40, 40),
    images.avif(64, 48),
  ]);
});
afterAll(() => api.close());

const HOSTILE_TAILS = [
  Buffer.from("<script>alert(1)</script>"),
  Buffer.from("<html><body>hi</body></html>"),
  images.zipArchive(),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
];
const MAGIC = [
  [0xff, 0xd8, 0xff, 0xe0],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  [0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66],
];
const CONTENT_TYPES = [
  undefined,
  "application/octet-stream",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/svg+xml",
  "text/html",
  "application/json",
  "multipart/form-data; boundary=x",
  "image/png; charset=utf-8",
  "garbage/\u00e9",
];

type Mutation =
  | { kind: "flip"; at: number; value: number }
  | { kind: "cut"; at: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "append"; tail: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.nat(255) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({ kind: fc.constant("append" as const), tail: fc.nat(HOSTILE_TAILS.length - 1) }),
);

function mutate(seed: Buffer, mutations: Mutation[]): Buffer {
  let bytes = Buffer.from(seed);
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : ("at" in m ? m.at : 0) % bytes.length;
    if (m.kind === "flip" && bytes.length > 0) bytes[at] = m.value;
    else if (m.kind === "cut") bytes = bytes.subarray(0, at);
    else if (m.kind === "insert") bytes = Buffer.concat([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
    else if (m.kind === "append") bytes = Buffer.concat([bytes, HOSTILE_TAILS[m.tail] as Buffer]);
  }
  return bytes;
}

const upload: fc.Arbitrary<{ bytes: Buffer; type: string | undefined }> = fc.record({
  bytes: fc.oneof(
    // A real image, mutated (sometimes not at all: then it must be accepted).
    fc
      .tuple(fc.nat(4), fc.array(mutation, { maxLength: 4 }))
      .map(([seed, mutations]) => mutate(seeds[seed] as Buffer, mutations)),
    // Foreign magic bytes on a random body.
    fc
      .tuple(fc.nat(MAGIC.length - 1), fc.uint8Array({ maxLength: 2048 }))
      .map(([magic, body]) => Buffer.concat([Buffer.from(MAGIC[magic] as number[]), body])),
    // Anything at all.
    fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
  ),
  type: fc.constantFrom(...CONTENT_TYPES),
});

async function storedState() {
  const blobs = await api.deps.db.selectFrom("product_image_blobs").select("key").orderBy("key").execute();
  const image = await api.deps.db
    .selectFrom("product_images")
    .select("id")
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return { blobs: blobs.map((b) => b.key), image: image?.id ?? null };
}

describe("fuzzing the image upload", () => {
  it("answers a valid image or a clean 4xx, never a 5xx, and a refusal stores nothing", async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(upload, async ({ bytes, type }) => {
        const before = await storedState();
        const res = await app.request(`/v1/products/${productId}/image`, {
          method: "POST",
          headers: { authorization: `Bearer ${merchant.sk}`, ...(type ? { "content-type": type } : {}) },
          body: bytes,
        });
        const body = (await res.json()) as {
          image?: { variants: { url: string; width: number }[] };
          error?: { code: string };
        };
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) {
          accepted++;
          for (const variant of body.image?.variants ?? []) {
            const file = await app.request(new URL(variant.url).pathname);
            expect(file.status).toBe(200);
            const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
            expect([metadata.format, metadata.width]).toEqual(["webp", variant.width]);
          }
          return;
        }
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(isErrorCode(body.error?.code ?? "")).toBe(true);
        expect(await storedState()).toEqual(before);
      }),
      {
        numRuns: 150,
        seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
        // Every real image, unmutated, is tried first (the random draws reach one only by chance):
        // the property is not satisfied by refusing everything.
        examples: seeds.map((bytes): [{ bytes: Buffer; type: string | undefined }] => [
          { bytes, type: "application/octet-stream" },
        ]),
      },
    );
    expect(accepted).toBeGreaterThanOrEqual(seeds.length);
  }, 180_000);
});
