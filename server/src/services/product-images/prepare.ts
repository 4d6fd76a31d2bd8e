import { createHash } from "node:crypto";
import {
  PRODUCT_IMAGE_LIMITS,
  PRODUCT_IMAGE_MIME_TYPES,
  PRODUCT_IMAGE_WIDTHS,
  type ProductImageFormat,
} from "@spay/protocol";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { ApiError } from "../../domain/errors.ts";
import { findPolyglot, type PolyglotFinding } from "./polyglot.ts";
import { sniffImageType } from "./sniff.ts";

// One upload at a time decodes into memory it then drops: libvips' operation cache would only keep
// pixels of images never seen again.
sharp.cache(false);

/** One served size of an image: webp, metadata stripped, named by its content. */
export interface ImageVariant {
  width: number;
  height: number;
  /** First 16 hex digits of the SHA-256 of `bytes`: part of the URL, so a URL never changes meaning. */
  hash: string;
  bytes: Buffer;
}

export interface PreparedImage {
  /** What the decoder found, which agreed with the file's magic bytes. */
  sourceFormat: ProductImageFormat;
  /** Narrowest first; the last is the largest served. */
  variants: ImageVariant[];
}

const WEBP_QUALITY = 82;

/** MIME types browsers and tools give the accepted formats besides the canonical one. */
const MIME_ALIASES: Record<string, ProductImageFormat> = { "image/jpg": "jpeg", "image/pjpeg": "jpeg" };

/**
 * Turns an upload into the webp variants served for a product. The bytes decide: the magic bytes
 * must name an accepted format, the decoder must read the same format, the file must end where
 * the image ends and carry no markup, and the declared Content-Type (when it names a type) must
 * agree. The source is decoded once, under a pixel limit, and re-encoded: nothing of the uploaded
 * file — metadata, colour profile, appended bytes — is ever served.
 */
export async function prepareProductImage(
  bytes: Buffer,
  contentType: string | undefined,
): Promise<PreparedImage> {
  if (bytes.length === 0) throw new ApiError("image_empty");
  if (bytes.length > PRODUCT_IMAGE_LIMITS.maxBytes) throw new ApiError("image_too_large");
  const sniffed = sniffImageType(bytes);
  if (sniffed === "markup")
    throw new ApiError("image_type_unsupported", {
      message:
        "SVG and other markup files are not accepted: they can carry scripts. Upload a JPEG, PNG, WebP, AVIF or GIF image",
    });
  if (sniffed === "unknown") throw new ApiError("image_type_unsupported");
  const declared = declaredFormat(contentType);
  if (declared !== undefined && declared !== sniffed)
    throw new ApiError("image_type_mismatch", {
      message: `The file is ${PRODUCT_IMAGE_MIME_TYPES[sniffed]} but was sent as ${contentType}`,
    });
  const finding = findPolyglot(bytes, sniffed);
  if (finding === "malformed") throw new ApiError("image_unreadable");
  if (finding) throw new ApiError("image_polyglot", { message: POLYGLOT_MESSAGES[finding] });

  const metadata = await readMetadata(bytes);
  if (decodedFormat(metadata) !== sniffed)
    throw new ApiError("image_type_mismatch", {
      message: "The file's magic bytes and its decoded contents name different image types",
    });
  // The pixel count is the decoder's own limit (above); a long thin strip passes it but no screen shows it.
  if (Math.max(metadata.width ?? 0, metadata.height ?? 0) > PRODUCT_IMAGE_LIMITS.maxSide)
    throw new ApiError("image_dimensions_too_large");
  return { sourceFormat: sniffed, variants: await encodeVariants(bytes) };
}

const POLYGLOT_MESSAGES: Record<Exclude<PolyglotFinding, "malformed">, string> = {
  trailing_data:
    "The file has data after the end of the image (another file appended to it); export it again from an image editor",
  markup: "The file contains HTML or script markup; export it again from an image editor",
  archive: "The file is also a ZIP archive; export the image again from an image editor",
};

/** `undefined`: the request names no image type (none, or a generic binary one), so the bytes alone decide. */
function declaredFormat(contentType: string | undefined): ProductImageFormat | "other" | undefined {
  const mime = contentType?.split(";")[0]?.trim().toLowerCase();
  if (!mime || mime === "application/octet-stream") return undefined;
  const known = Object.entries(PRODUCT_IMAGE_MIME_TYPES).find(([, type]) => type === mime)?.[0];
  return (known as ProductImageFormat | undefined) ?? MIME_ALIASES[mime] ?? "other";
}

/**
 * Every decode of an upload, with its limits: a pixel count past which libvips refuses to decode
 * (a small file that inflates to gigabytes), the first frame only, and any decoder warning — a
 * truncated or corrupt stream — treated as an error.
 */
const decoding = (bytes: Buffer) =>
  sharp(bytes, {
    limitInputPixels: PRODUCT_IMAGE_LIMITS.maxPixels,
    failOn: "warning",
    pages: 1,
    autoOrient: true,
  });

async function readMetadata(bytes: Buffer): Promise<Metadata> {
  try {
    return await decoding(bytes).metadata();
  } catch (err) {
    throw decodeFailure(err);
  }
}

/** libvips checks the pixel limit from the header, before any pixel is inflated. */
function decodeFailure(err: unknown): ApiError {
  if (err instanceof Error && /pixel limit/i.test(err.message))
    return new ApiError("image_dimensions_too_large");
  return new ApiError("image_unreadable");
}

/** libvips names AVIF `heif` (with AV1 compression); HEVC-coded HEIF is not accepted. */
function decodedFormat(metadata: Metadata): string | undefined {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : "heif";
  return metadata.format;
}

/**
 * Decodes the source once, scaled to the largest width served, then encodes each width from those
 * pixels. Widths wider than the image are not made (no upscaling); an image narrower than the
 * largest width is also served at its own width.
 */
async function encodeVariants(bytes: Buffer): Promise<ImageVariant[]> {
  const largest = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1] as number;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await decoding(bytes)
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeFailure(err);
  }
  const { width, height, channels } = decoded.info;
  const widths = [...new Set([...PRODUCT_IMAGE_WIDTHS.filter((w) => w < width), width])];
  return Promise.all(
    widths.map(async (w) => {
      const out = await sharp(decoded.data, { raw: { width, height, channels } })
        .resize({ width: w })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return {
        width: out.info.width,
        height: out.info.height,
        hash: createHash("sha256").update(out.data).digest("hex").slice(0, 16),
        bytes: out.data,
      };
    }),
  );
}
