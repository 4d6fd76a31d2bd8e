import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Real images made with sharp, and hostile files built byte by byte, for the upload's tests (unit,
 * route and fuzz). Nothing here is mocked: every "image" is what an encoder writes.
 */

/** A gradient, so the encoders have real detail to compress. */
function gradient(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  return pixels;
}

const picture = (width: number, height: number) =>
  sharp(gradient(width, height), { raw: { width, height, channels: 3 } });

/** A JPEG carrying camera metadata (EXIF with a GPS position, orientation 6: shot rotated). */
export const cameraJpeg = (width = 1200, height = 800) =>
  picture(width, height)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "SecretCam", Model: "Spy 3000" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" },
    })
    .toBuffer();

export const png = (width = 600, height = 400) => picture(width, height).png().toBuffer();
export const webp = (width = 300, height = 300) => picture(width, height).webp().toBuffer();
export const gif = (width = 64, height = 64) => picture(width, height).gif().toBuffer();
export const avif = (width = 128, height = 96) => picture(width, height).avif({ effort: 0 }).toBuffer();

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A minimal ZIP (one empty stored file): local header, central directory, end record. */
export function zipArchive(): Buffer {
  const name = Buffer.from("evil.html");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length, 16);
  return Buffer.concat([local, name, central, name, end]);
}

/** A PNG chunk with its length and CRC, as an encoder writes it. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid PNG with an HTML page in a text chunk, before IEND: a browser sniffing it finds markup. */
export async function pngWithHtml(): Promise<Buffer> {
  const image = await png(32, 32);
  const iend = image.length - 12;
  const html = pngChunk("tEXt", Buffer.from("Comment\0<html><body><script>alert(1)</script></body></html>"));
  return Buffer.concat([image.subarray(0, iend), html, image.subarray(iend)]);
}

/**
 * A decompression bomb: a valid 7000×7000 grayscale PNG (49 megapixels, past the limit) of about
 * 48 KB, all zeros, that inflates to 49 MB.
 */
export function pngBomb(width = 7000, height = 7000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grayscale), no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
