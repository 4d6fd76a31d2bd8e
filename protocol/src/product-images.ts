/**
 * What a product image upload may be, shared by the server that enforces it and the dashboard
 * that checks a file before sending it. The server decides from the decoded bytes; the dashboard's
 * check only spares the merchant an upload that would be refused.
 */
export const PRODUCT_IMAGE_LIMITS = {
  /** The uploaded file, before processing. */
  maxBytes: 8 * 1024 * 1024,
  /** Decoded pixels: a small file that decodes to more is a decompression bomb. */
  maxPixels: 40_000_000,
  maxSide: 12_000,
} as const;

/**
 * Formats accepted, as the decoder names them. SVG is refused outright: it is a document that can
 * carry scripts and external references, not a picture.
 */
export const PRODUCT_IMAGE_FORMATS = ["jpeg", "png", "webp", "avif", "gif"] as const;
export type ProductImageFormat = (typeof PRODUCT_IMAGE_FORMATS)[number];

/** MIME types of the accepted formats, for a file picker's `accept` and a Content-Type check. */
export const PRODUCT_IMAGE_MIME_TYPES: Record<ProductImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** The widths served (webp), each no wider than the upload: what `srcset` offers. */
export const PRODUCT_IMAGE_WIDTHS = [256, 512, 1024] as const;
