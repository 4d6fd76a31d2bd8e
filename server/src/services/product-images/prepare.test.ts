import { PRODUCT_IMAGE_LIMITS } from "@spay/protocol";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../domain/errors.ts";
import { findPolyglot, imageEnd } from "./polyglot.ts";
import { prepareProductImage } from "./prepare.ts";
import { sniffImageType } from "./sniff.ts";
import * as images from "./test-images.ts";

async function refusal(bytes: Buffer, contentType?: string): Promise<ApiError> {
  const error = await prepareProductImage(bytes, contentType).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("accepted uploads become webp variants without metadata", () => {
  it("a camera JPEG is turned upright, served at 256/512/its own width, with EXIF and GPS gone", async () => {
    const prepared = await prepareProductImage(await images.cameraJpeg(1200, 800), "image/jpeg");
    expect(prepared.sourceFormat).toBe("jpeg");
    // Orientation 6: the 1200×800 sensor image is an 800×1200 portrait.
    expect(prepared.variants.map((v) => [v.width, v.height])).toEqual([
      [256, 384],
      [512, 768],
      [800, 1200],
    ]);
    for (const variant of prepared.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(variant.bytes.includes("SecretCam")).toBe(false);
      expect(variant.hash).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("a wide image stops at 1024; a small one is served at its own width only (never upscaled)", async () => {
    const wide = await prepareProductImage(await images.png(2000, 500), undefined);
    expect(wide.variants.map((v) => v.width)).toEqual([256, 512, 1024]);
    const small = await prepareProductImage(await images.gif(64, 64), "image/gif");
    expect(small.variants.map((v) => [v.width, v.height])).toEqual([[64, 64]]);
  });

  it.each([
    ["png", images.png, "image/png"],
    ["webp", images.webp, "image/webp"],
    ["gif", images.gif, "image/gif"],
    ["avif", images.avif, "image/avif"],
    ["jpeg", images.cameraJpeg, "image/jpg"],
  ] as const)("%s is accepted, declared or sent as application/octet-stream", async (format, make, type) => {
    const bytes = await make();
    expect((await prepareProductImage(bytes, type)).sourceFormat).toBe(format);
    expect((await prepareProductImage(bytes, "application/octet-stream")).sourceFormat).toBe(format);
  });

  it("every accepted format's framing is walked to its exact end (no valid file looks like a polyglot)", async () => {
    for (const make of [images.cameraJpeg, images.png, images.webp, images.gif, images.avif]) {
      const bytes = await make();
      const format = sniffImageType(bytes);
      if (format === "markup" || format === "unknown") throw new Error("not sniffed");
      expect(imageEnd(bytes, format), format).toBe(bytes.length);
      expect(findPolyglot(bytes, format), format).toBeNull();
    }
  });
});

describe("hostile and broken uploads are refused with the catalogue's codes", () => {
  it("an empty body is image_empty", async () => {
    expect((await refusal(Buffer.alloc(0))).code).toBe("image_empty");
  });

  it("more than 8 MB is image_too_large (413)", async () => {
    const error = await refusal(Buffer.alloc(PRODUCT_IMAGE_LIMITS.maxBytes + 1, 0xff));
    expect([error.code, error.status]).toEqual(["image_too_large", 413]);
  });

  it("SVG is refused outright, script or not, whatever it is declared as (415, the message says why)", async () => {
    for (const type of [undefined, "image/svg+xml", "image/png"]) {
      const error = await refusal(images.SVG_WITH_SCRIPT, type);
      expect([error.code, error.status]).toEqual(["image_type_unsupported", 415]);
      expect(error.message).toMatch(/SVG/);
    }
    const harmless = Buffer.from('\ufeff  <svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await refusal(harmless)).code).toBe("image_type_unsupported");
  });

  it("garbage, text and formats not accepted (TIFF, PDF) are image_type_unsupported", async () => {
    const tiff = await sharp(await images.png(16, 16))
      .tiff()
      .toBuffer();
    for (const bytes of [Buffer.from("hello"), tiff, Buffer.from("%PDF-1.7\n1 0 obj"), Buffer.alloc(64, 7)])
      expect((await refusal(bytes)).code).toBe("image_type_unsupported");
  });

  it("a file whose bytes are another type than its Content-Type says is image_type_mismatch", async () => {
    const error = await refusal(await images.png(), "image/jpeg");
    expect(error.code).toBe("image_type_mismatch");
    expect(error.message).toBe("The file is image/png but was sent as image/jpeg");
    expect((await refusal(await images.cameraJpeg(), "text/html")).code).toBe("image_type_mismatch");
  });

  it("a JPEG with a ZIP appended is image_polyglot (trailing data)", async () => {
    const error = await refusal(Buffer.concat([await images.cameraJpeg(), images.zipArchive()]));
    expect(error.code).toBe("image_polyglot");
    expect(error.message).toMatch(/after the end of the image/);
  });

  it("a JPEG header on an HTML page, and a PNG with a page in a text chunk, are image_polyglot (markup)", async () => {
    const page = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    for (const bytes of [page, await images.pngWithHtml()]) {
      const error = await refusal(bytes);
      expect(error.code).toBe("image_polyglot");
      expect(error.message).toMatch(/markup/);
    }
  });

  it("a ZIP directory hidden inside the image's own framing is image_polyglot (archive)", async () => {
    const image = await images.png(32, 32);
    const iend = image.length - 12;
    const hidden = images.pngChunk("zzZp", images.zipArchive());
    const error = await refusal(Buffer.concat([image.subarray(0, iend), hidden, image.subarray(iend)]));
    expect(error.code).toBe("image_polyglot");
    expect(error.message).toMatch(/ZIP/);
  });

  it("a decompression bomb (49 megapixels in 48 KB) is image_dimensions_too_large before it is inflated", async () => {
    const bomb = images.pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect((await refusal(bomb)).code).toBe("image_dimensions_too_large");
  });

  it("a strip longer than 12,000 pixels is image_dimensions_too_large", async () => {
    expect((await refusal(images.pngBomb(13_000, 2))).code).toBe("image_dimensions_too_large");
  });

  it("a stream corrupt inside intact framing (a PNG with a flipped pixel-data byte) is image_unreadable", async () => {
    const png = Buffer.from(await images.png(64, 64));
    const at = png.indexOf("IDAT") + 20;
    png[at] = (png[at] as number) ^ 0xff;
    expect((await refusal(png)).code).toBe("image_unreadable");
  });

  it("a truncated image is image_unreadable", async () => {
    const jpeg = await images.cameraJpeg();
    expect((await refusal(jpeg.subarray(0, jpeg.length - 200))).code).toBe("image_unreadable");
    const png = await images.png();
    expect((await refusal(png.subarray(0, png.length / 2))).code).toBe("image_unreadable");
  });
});
