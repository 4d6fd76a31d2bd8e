/**
 * Standard base64 of UTF-8, over `Uint8Array`: x402 headers are base64 of UTF-8 JSON. Written out
 * rather than taken from `Buffer` (Node only) or `TextEncoder`/`atob` (not in the ES library this
 * package is typed against), so the codec runs unchanged in Node, browsers and workers.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as `TextEncoder` does. */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

/** The string of UTF-8 bytes; `null` for anything that is not well-formed UTF-8 (strict decoding). */
export function utf8Decode(bytes: Uint8Array): string | null {
  const points: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b0 = bytes[i] ?? 0;
    const length =
      b0 < 0x80
        ? 1
        : b0 >= 0xc2 && b0 < 0xe0
          ? 2
          : b0 >= 0xe0 && b0 < 0xf0
            ? 3
            : b0 >= 0xf0 && b0 < 0xf5
              ? 4
              : 0;
    if (length === 0 || i + length > bytes.length) return null;
    let cp = length === 1 ? b0 : b0 & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const b = bytes[i + k] ?? 0;
      if ((b & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (b & 63);
    }
    const shortest = length === 1 || cp >= [0, 0, 0x80, 0x800, 0x10000][length]!;
    if (!shortest || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    points.push(cp);
    i += length;
  }
  let text = "";
  for (let i = 0; i < points.length; i += 4096) text += String.fromCodePoint(...points.slice(i, i + 4096));
  return text;
}

/** Standard, padded base64 (RFC 4648 §4). */
export function base64Encode(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : "=";
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : "=";
  }
  return out;
}

/**
 * Bytes of standard base64; `null` when the text is not base64. Padding may be left off (as
 * `atob` and `Buffer` accept), but every other character must be of the alphabet.
 */
export function base64Decode(text: string): Uint8Array | null {
  const body = text.replace(/={1,2}$/, "");
  if (body.length % 4 === 1 || (text.length !== body.length && text.length % 4 !== 0)) return null;
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  for (const ch of body) {
    const v = VALUE.get(ch);
    if (v === undefined) return null;
    bits = (bits << 6) | v;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push((bits >> count) & 0xff);
      bits &= (1 << count) - 1;
    }
  }
  return Uint8Array.from(out);
}
