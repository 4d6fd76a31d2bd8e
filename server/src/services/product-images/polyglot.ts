import type { ProductImageFormat } from "@spay/protocol";

/**
 * Why an upload is more than one image: bytes after the image's own end (a ZIP or a script
 * appended), markup a browser would run somewhere inside it, or a ZIP directory in its tail (what
 * makes an archive tool open the file as a ZIP). `malformed`: the image's structure breaks off
 * before its end (truncated or garbled), so the decoder would be guessing.
 */
export type PolyglotFinding = "trailing_data" | "markup" | "archive" | "malformed";

/** Tags and schemes a browser acts on; compressed pixel data practically never spells them. */
const MARKUP = /<(script|html|svg|iframe|object|embed|body|!doctype|\?php)[\s>/]|javascript:/;
/** A ZIP is found by its end-of-central-directory record, within 64 KiB of the end of the file. */
const ZIP_END = "PK\x05\x06";
const ZIP_TAIL = 65_535 + 22;

export function findPolyglot(bytes: Uint8Array, format: ProductImageFormat): PolyglotFinding | null {
  // Markup first: an image header on an HTML page is a page, whatever else is broken about it.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (MARKUP.test(text.toLowerCase())) return "markup";
  const end = imageEnd(bytes, format);
  if (end === null) return "malformed";
  // Encoders may pad with zeros after the end; anything else there is another file.
  for (let at = end; at < bytes.length; at++) if (bytes[at] !== 0) return "trailing_data";
  if (text.includes(ZIP_END, Math.max(0, text.length - ZIP_TAIL))) return "archive";
  return null;
}

/** Where the image's own structure ends, walked by its format's framing; null if it breaks off. */
export function imageEnd(bytes: Uint8Array, format: ProductImageFormat): number | null {
  switch (format) {
    case "jpeg":
      return jpegEnd(bytes);
    case "png":
      return pngEnd(bytes);
    case "gif":
      return gifEnd(bytes);
    case "webp":
      return webpEnd(bytes);
    case "avif":
      return isoMediaEnd(bytes);
  }
}

/** Marker segments from SOI to EOI; entropy-coded data after each SOS runs to the next real marker. */
function jpegEnd(b: Uint8Array): number | null {
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) return i + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (i + 3 >= b.length) return null;
    const length = ((b[i + 2] as number) << 8) | (b[i + 3] as number);
    if (length < 2) return null;
    i += 2 + length;
    if (marker === 0xda) {
      // Scan data: 0xFF is followed by 0x00 (a stuffed byte), a restart marker, or the next marker.
      while (i + 1 < b.length) {
        const next = b[i + 1] as number;
        if (b[i] === 0xff && next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        i++;
      }
    }
  }
  return null;
}

/** Length-prefixed chunks from the signature to IEND. */
function pngEnd(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    i += 12 + length;
    if (type === "IEND") return i <= b.length ? i : null;
  }
  return null;
}

/** Header, screen descriptor and colour table, then image and extension blocks up to the trailer. */
function gifEnd(b: Uint8Array): number | null {
  if (b.length < 13) return null;
  const tableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let i = 13 + tableSize(b[10] as number);
  const skipSubBlocks = () => {
    while (i < b.length && b[i] !== 0) i += 1 + (b[i] as number);
    i++; // the block terminator
  };
  while (i < b.length) {
    const introducer = b[i];
    if (introducer === 0x3b) return i + 1;
    if (introducer === 0x21) {
      i += 2; // introducer and label
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (i + 10 > b.length) return null;
      i += 10 + tableSize(b[i + 9] as number) + 1; // descriptor, local table, LZW code size
      skipSubBlocks();
    } else return null;
  }
  return null;
}

/** A RIFF file says its own length. */
function webpEnd(b: Uint8Array): number | null {
  if (b.length < 12) return null;
  const size = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true);
  const end = 8 + size + (size % 2);
  return end <= b.length ? end : null;
}

/**
 * Top-level boxes, each with a size and a four-letter type, tiling the file. Bytes that do not
 * read as a box header end the image (what follows is appended); a box past the end is truncation.
 */
function isoMediaEnd(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 0;
  while (i + 8 <= b.length) {
    const type = b.subarray(i + 4, i + 8);
    if (!type.every((c) => c >= 0x20 && c <= 0x7e)) return i;
    let size = view.getUint32(i);
    if (size === 1) {
      if (i + 16 > b.length) return null;
      size = Number(view.getBigUint64(i + 8));
    } else if (size === 0) return b.length; // the last box runs to the end of the file
    if (size < 8) return i;
    if (i + size > b.length) return null;
    i += size;
  }
  return i;
}
