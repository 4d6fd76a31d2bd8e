import type { ProductImageFormat } from "@spay/protocol";

/**
 * What the first bytes of an upload say it is. Only the accepted formats reach the decoder; text
 * that opens like markup (SVG, HTML, XML) is named so the refusal can say why; anything else is
 * `unknown`.
 */
export type SniffedType = ProductImageFormat | "markup" | "unknown";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const AVIF_BRANDS = new Set(["avif", "avis"]);

export function sniffImageType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && isAvifFileType(bytes)) return "avif";
  if (opensLikeMarkup(bytes)) return "markup";
  return "unknown";
}

/** An ISO media file is AVIF when its major brand, or one of its compatible brands, says so. */
function isAvifFileType(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = Math.min(view.getUint32(0), bytes.length);
  const brand = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (AVIF_BRANDS.has(brand(8))) return true;
  for (let at = 16; at + 4 <= size; at += 4) if (AVIF_BRANDS.has(brand(at))) return true;
  return false;
}

/** A byte-order mark or whitespace, then `<`: SVG, HTML and XML all open so. */
function opensLikeMarkup(bytes: Uint8Array): boolean {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < bytes.length && at < 1024 && [0x09, 0x0a, 0x0d, 0x20].includes(bytes[at] as number)) at++;
  return bytes[at] === 0x3c;
}
