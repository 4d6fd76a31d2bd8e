import { PRODUCT_IMAGE_LIMITS, PRODUCT_IMAGE_MIME_TYPES } from "@spay/protocol";
import { PRODUCTS } from "./messages.ts";

/** What the file picker offers; the server still decides from the bytes. */
export const IMAGE_ACCEPT = Object.values(PRODUCT_IMAGE_MIME_TYPES).join(",");

const ACCEPTED = new Set<string>([...Object.values(PRODUCT_IMAGE_MIME_TYPES), "image/jpg"]);

/**
 * Why a chosen file would be refused, before spending the merchant's upload on it: too large, SVG,
 * or a type the browser names and the gateway does not take. A file the browser cannot name is
 * left to the server.
 */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > PRODUCT_IMAGE_LIMITS.maxBytes) return PRODUCTS.image.tooLarge;
  if (file.type === "image/svg+xml") return PRODUCTS.image.svg;
  if (file.type && !ACCEPTED.has(file.type)) return PRODUCTS.image.wrongType;
  return null;
}
