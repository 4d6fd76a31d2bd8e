/**
 * A small QR Code encoder (ISO/IEC 18004): byte mode (UTF-8), error-correction levels L/M/Q/H,
 * versions 1–40, the smallest version that fits, and the mask with the lowest penalty (the
 * N1–N4 rules as the `qrcode` package scores them, so both pick the same mask). Written for the
 * drop-in's size budget: plain arrays and loops, no dependencies. The algorithm follows Project
 * Nayuki's public QR Code generator.
 */

/** Error-correction level: recovers about 7 %, 15 %, 25 % or 30 % of the codewords. */
export type QrLevel = "L" | "M" | "Q" | "H";

/** Rows of modules, `true` dark; the size is `17 + 4 × version`. */
export type QrMatrix = boolean[][];

/**
 * Per version (1–40), then level (L, M, Q, H): the number of error-correction blocks, and the
 * error-correction codewords per block, each as a character code minus 40.
 */
const BLOCKS =
  "))))))))))**)**,)*,,*,,,*,.-*,..*-00,-00,-03,023,148,188.24:.298.38;.5:=/6=A08<A09?A19?J1:AF2<CH4=EK4?JM4AJP5BKR6DNU7EPX8GS[9IU^:KXa;M[d;N]g<P`j=Scn>Ufr@WiuAYly";
const EC_PER_BLOCK =
  "/25928>D7B:><:B8B@:>:8@D<::B@>>BF><@:B@D<FD@@>BDB>@>F@<@>@F@@D@FDDDDFBDDDBBBDBFDDBDFDDF@FDFFFDFFBDFFDDDFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFFFDFF";

/** Product in GF(2⁸) modulo x⁸ + x⁴ + x³ + x² + 1. */
function mul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** `data` followed by the BCH remainder of `data << bits` by `poly` (format and version info). */
function bch(data: number, bits: number, poly: number): number {
  let r = data;
  for (let i = 0; i < bits; i++) r = (r << 1) ^ ((r >>> (bits - 1)) * poly);
  return (data << bits) | r;
}

/** Whether mask `k` inverts the module at row `r`, column `c` (ISO/IEC 18004 table 10). */
function masked(k: number, r: number, c: number): boolean {
  const p = r * c;
  return ![
    (r + c) % 2,
    r % 2,
    c % 3,
    (r + c) % 3,
    ((r >> 1) + ((c / 3) | 0)) % 2,
    (p % 2) + (p % 3),
    ((p % 2) + (p % 3)) % 2,
    (((r + c) % 2) + (p % 3)) % 2,
  ][k];
}

/** Chebyshev distance of (a, b) from the origin: the ring of a finder or alignment pattern. */
const ring = (a: number, b: number) => Math.max(Math.abs(a), Math.abs(b));

/**
 * The QR code of `text` (UTF-8, byte mode) at `level`, in the smallest version that holds it.
 * `mask` (0–7) forces a mask pattern; by default the one with the lowest penalty is used.
 * Throws when the text does not fit in version 40.
 */
export function qrMatrix(text: string, level: QrLevel = "M", mask = -1): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const e = "LMQH".indexOf(level);
  let ver = 0;
  let blocks = 0;
  let ecLen = 0;
  let total = 0;
  let dataLen = 0;
  do {
    if (++ver > 40) throw new RangeError("Text too long for a QR code");
    const align = ((ver / 7) | 0) + 2;
    // Codewords of the version: its modules, less function patterns and version information.
    total =
      (((16 * ver + 128) * ver + 64 - (ver > 1 ? (25 * align - 10) * align - 55 : 0) - (ver > 6 ? 36 : 0)) /
        8) |
      0;
    blocks = BLOCKS.charCodeAt(ver * 4 - 4 + e) - 40;
    ecLen = EC_PER_BLOCK.charCodeAt(ver * 4 - 4 + e) - 40;
    dataLen = total - blocks * ecLen;
  } while (12 + (ver < 10 ? 0 : 8) + bytes.length * 8 > dataLen * 8);

  // Data bits: mode 0100 (byte), character count, bytes, terminator, pad codewords.
  const bits: number[] = [];
  const put = (v: number, n: number) => {
    for (let i = n; i--; ) bits.push((v >>> i) & 1);
  };
  put(4, 4);
  put(bytes.length, ver < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, dataLen * 8 - bits.length));
  put(0, -bits.length & 7);
  for (let pad = 0xec; bits.length < dataLen * 8; pad ^= 0xfd) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => a * 2 + b));

  // Reed–Solomon generator of degree ecLen, then the blocks with their remainders.
  const gen: number[] = Array(ecLen).fill(0);
  gen[ecLen - 1] = 1;
  for (let i = 0, root = 1; i < ecLen; i++, root = mul(root, 2)) {
    for (let j = 0; j < ecLen; j++) gen[j] = mul(gen[j]!, root) ^ (gen[j + 1] ?? 0);
  }
  const short = (total / blocks) | 0;
  const dataBlocks: number[][] = [];
  const ecBlocks: number[][] = [];
  for (let b = 0, k = 0, len = 0; b < blocks; b++, k += len) {
    len = short - ecLen + (b < blocks - (total % blocks) ? 0 : 1);
    const block = data.slice(k, k + len);
    const rem: number[] = Array(ecLen).fill(0);
    for (const byte of block) {
      const f = byte ^ rem.shift()!;
      rem.push(0);
      for (let j = 0; j < ecLen; j++) rem[j]! ^= mul(gen[j]!, f);
    }
    dataBlocks.push(block);
    ecBlocks.push(rem);
  }
  // Interleaved: the i-th data codeword of each block, then the i-th EC codeword of each.
  const codewords: number[] = [];
  for (let i = 0; i <= short - ecLen; i++)
    for (const block of dataBlocks) if (i < block.length) codewords.push(block[i]!);
  for (let i = 0; i < ecLen; i++) for (const block of ecBlocks) codewords.push(block[i]!);

  // The matrix: 1 dark, 0 light; `fixed` marks function modules, which masks leave alone.
  const size = ver * 4 + 17;
  const m: number[][] = [];
  const fixed: boolean[][] = [];
  for (let r = 0; r < size; r++) {
    m.push(Array(size).fill(0));
    fixed.push(Array(size).fill(false));
  }
  const set = (r: number, c: number, dark: number) => {
    const row = m[r];
    const f = fixed[r];
    if (row && f && c >= 0 && c < size) {
      row[c] = dark;
      f[c] = true;
    }
  };
  // Timing patterns, then the finders with their separators, then alignment patterns.
  for (let i = 0; i < size; i++) {
    set(6, i, ~i & 1);
    set(i, 6, ~i & 1);
  }
  for (const [r, c] of [
    [3, 3],
    [3, size - 4],
    [size - 4, 3],
  ] as const) {
    for (let dr = -4; dr <= 4; dr++) {
      for (let dc = -4; dc <= 4; dc++) {
        const d = ring(dr, dc);
        set(r + dr, c + dc, d !== 2 && d !== 4 ? 1 : 0);
      }
    }
  }
  const pos: number[] = [];
  if (ver > 1) {
    const n = ((ver / 7) | 0) + 2;
    const step = ver === 32 ? 26 : Math.ceil((ver * 4 + 4) / (n * 2 - 2)) * 2;
    for (let p = size - 7; pos.length < n - 1; p -= step) pos.unshift(p);
    pos.unshift(6);
  }
  for (const [i, r] of pos.entries()) {
    for (const [j, c] of pos.entries()) {
      if ((!i && !j) || (!i && j === pos.length - 1) || (i === pos.length - 1 && !j)) continue;
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, ring(dr, dc) !== 1 ? 1 : 0);
      }
    }
  }
  // Format information (level and mask, BCH-protected, masked with 101010000010010).
  const format = (k: number) => {
    // Level bits: L 01, M 00, Q 11, H 10 — the index in "LMQH" with its low bit flipped.
    const f = bch((e ^ 1) * 8 + k, 10, 0x537) ^ 0x5412;
    for (let i = 0; i < 15; i++) {
      const bit = (f >>> i) & 1;
      set(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, bit);
      set(8, i < 8 ? size - 1 - i : i < 9 ? 7 : 14 - i, bit);
    }
    set(size - 8, 8, 1);
  };
  format(0);
  if (ver > 6) {
    const v = bch(ver, 12, 0x1f25);
    for (let i = 0; i < 18; i++) {
      set((i / 3) | 0, size - 11 + (i % 3), (v >>> i) & 1);
      set(size - 11 + (i % 3), (i / 3) | 0, (v >>> i) & 1);
    }
  }
  // Codeword bits in the two-column zigzag from the bottom right, skipping the timing column.
  for (let right = size - 1, i = 0; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let v = 0; v < size; v++) {
      for (let j = 0; j < 2; j++) {
        const c = right - j;
        const r = (right + 1) & 2 ? v : size - 1 - v;
        if (!fixed[r]![c]) m[r]![c] = ((codewords[i >>> 3] ?? 0) >>> (7 - (i++ & 7))) & 1;
      }
    }
  }
  const apply = (k: number) => {
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++) if (!fixed[r]![c] && masked(k, r, c)) m[r]![c]! ^= 1;
  };
  if (mask < 0) {
    let best = Infinity;
    for (let k = 0; k < 8; k++) {
      format(k);
      apply(k);
      const p = penalty(m);
      apply(k);
      if (p < best) {
        best = p;
        mask = k;
      }
    }
  }
  apply(mask);
  format(mask);
  return m.map((row) => row.map(Boolean));
}

/**
 * The penalty of a masked symbol: runs of 5+ same-coloured modules in rows and columns (N1),
 * 2×2 blocks of one colour (N2), finder-like 1:1:3:1:1 patterns with 4 light modules on a side
 * (N3) and the deviation of the dark share from 50 % (N4).
 */
function penalty(m: number[][]): number {
  const n = m.length;
  let p = 0;
  let dark = 0;
  for (let a = 0; a < n; a++) {
    for (let t = 0; t < 2; t++) {
      let run = 0;
      let last = -1;
      let pattern = 0;
      for (let b = 0; b < n; b++) {
        const v = t ? m[b]![a]! : m[a]![b]!;
        if (v === last) run++;
        else {
          if (run > 4) p += run - 2;
          last = v;
          run = 1;
        }
        pattern = ((pattern << 1) & 0x7ff) | v;
        if (b > 9 && (pattern === 0x5d0 || pattern === 0x5d)) p += 40;
        if (!t) {
          dark += v;
          if (a && b && v === m[a - 1]![b] && v === m[a]![b - 1] && v === m[a - 1]![b - 1]) p += 3;
        }
      }
      if (run > 4) p += run - 2;
    }
  }
  return p + Math.abs(Math.ceil((dark * 100) / (n * n) / 5) - 10) * 10;
}

/**
 * The dark modules of `matrix` as one SVG path (`d`), each horizontal run a rectangle, shifted
 * by `margin` modules of quiet zone.
 */
export function qrSvgPath(matrix: QrMatrix, margin: number): string {
  let d = "";
  matrix.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (row[end + 1]) end++;
      d += `M${c + margin} ${r + margin}h${end - c + 1}v1H${c + margin}z`;
      c = end;
    }
  });
  return d;
}

/** Size, quiet zone and colours of a drawn QR code. */
export interface QrSvgOptions {
  /** Width and height in pixels. */
  width?: number | undefined;
  /** Quiet zone in modules (4 by default, as the standard asks). */
  margin?: number | undefined;
  /** Module and background colours (any CSS colour, e.g. `#rrggbb` or `#rrggbbaa`). */
  color?: { dark?: string | undefined; light?: string | undefined } | undefined;
}

/** `matrix` as an SVG document: a background and one path of the dark modules. */
export function qrSvgDocument(matrix: QrMatrix, options: QrSvgOptions = {}): string {
  const { width, margin = 4, color = {} } = options;
  const n = matrix.length + 2 * margin;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"${
    width ? ` width="${width}" height="${width}"` : ""
  } shape-rendering="crispEdges"><path fill="${color.light ?? "#fff"}" d="M0 0h${n}v${n}H0z"/><path fill="${
    color.dark ?? "#000"
  }" d="${qrSvgPath(matrix, margin)}"/></svg>`;
}

/** An SVG document as a `data:` URL for an `<img>`. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;
