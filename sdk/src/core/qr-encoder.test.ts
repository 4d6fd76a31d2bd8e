import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { type QrLevel, type QrMatrix, qrMatrix, qrSvgDocument, qrSvgPath, svgDataUrl } from "./qr-encoder.js";

const LEVELS: QrLevel[] = ["L", "M", "Q", "H"];

/** A deterministic pseudo-random generator, so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789";
const PIECES = ["a", "Z", "7", " ", "/", "?", "é", "ß", "€", "日本", "🙂", "\u0000", "~", "%", "&"];

function randomText(next: () => number, bytes: number): string {
  let s = "";
  while (new TextEncoder().encode(s).length < bytes) {
    const piece = PIECES[Math.floor(next() * PIECES.length)]!;
    if (new TextEncoder().encode(s + piece).length > bytes) s += "x";
    else s += piece;
  }
  return s;
}

function payUrl(next: () => number, idLength: number): string {
  let id = "";
  for (let i = 0; i < idLength; i++) id += ID_CHARS[Math.floor(next() * ID_CHARS.length)];
  return `https://pay.example.test/pay/pi_${id}`;
}

const next = rng(20240605);
const INPUTS: string[] = [
  "a",
  "https://pay.example.test/pay/pi_5Hq2LmXn8RtYv3Kc9WbZa1De",
  "HTTPS://PAY.EXAMPLE.TEST/PAY/PI_5HQ2LMXN8RTYV3KC9WBZA1DE",
  "0123456789012345678901234567890123456789",
  "Zahlung für Bücher · 支付 · 🙂",
  payUrl(next, 8),
  payUrl(next, 24),
  payUrl(next, 120),
  ...[1, 2, 5, 14, 17, 32, 33, 50, 78, 100, 134, 154, 200, 271, 321, 400, 511, 640, 777, 900, 1000].map((n) =>
    randomText(next, n),
  ),
];

/** qrcode's symbol for `text` in byte mode (qrcode would otherwise pick numeric/alphanumeric runs). */
function reference(text: string, level: QrLevel, maskPattern?: number) {
  const qr = QRCode.create([{ data: new TextEncoder().encode(text), mode: "byte" }], {
    errorCorrectionLevel: level,
    ...(maskPattern === undefined ? {} : { maskPattern: maskPattern as QRCode.QRCodeMaskPattern }),
  });
  const { size, data } = qr.modules as unknown as { size: number; data: Uint8Array };
  const rows: QrMatrix = [];
  for (let r = 0; r < size; r++) rows.push([...data.subarray(r * size, (r + 1) * size)].map(Boolean));
  return { version: qr.version, mask: qr.maskPattern as number, rows };
}

const versionOf = (m: QrMatrix) => (m.length - 17) / 4;

describe("qrMatrix, checked against the qrcode package", () => {
  for (const level of LEVELS) {
    it(`level ${level}: same version, same automatic mask, same modules`, () => {
      for (const text of INPUTS) {
        const ref = reference(text, level);
        const ours = qrMatrix(text, level);
        expect(versionOf(ours), `version of ${JSON.stringify(text.slice(0, 40))}`).toBe(ref.version);
        expect(ours, `${text.length} chars at ${level}`).toEqual(ref.rows);
      }
    });

    it(`level ${level}: each of the 8 masks forced gives qrcode's symbol`, () => {
      for (const text of INPUTS.filter((_, i) => i % 3 === 0)) {
        for (let mask = 0; mask < 8; mask++) {
          expect(qrMatrix(text, level, mask), `mask ${mask}`).toEqual(reference(text, level, mask).rows);
        }
      }
    });
  }

  it("covers versions 1 to 40 (every alignment and version-information layout) at their capacity", () => {
    const gen = rng(7);
    const versionFor = (bytes: number, level: QrLevel) => {
      try {
        return QRCode.create([{ data: new TextEncoder().encode("x".repeat(bytes)), mode: "byte" }], {
          errorCorrectionLevel: level,
        }).version;
      } catch {
        return 41;
      }
    };
    for (let v = 1; v <= 40; v++) {
      const level = LEVELS[v % 4]!;
      // The most bytes version v holds at this level, by bisection on qrcode's choice.
      let lo = 1;
      let hi = 2953;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (versionFor(mid, level) <= v) lo = mid;
        else hi = mid - 1;
      }
      // At capacity, and one byte over (the next version; past version 40, an error).
      if (v === 40) expect(() => qrMatrix(randomText(gen, lo + 1), level)).toThrow(RangeError);
      for (const text of v < 40 ? [randomText(gen, lo), randomText(gen, lo + 1)] : [randomText(gen, lo)]) {
        const ref = reference(text, level);
        const ours = qrMatrix(text, level);
        expect(versionOf(ours)).toBe(ref.version);
        expect(ours).toEqual(ref.rows);
      }
      expect(versionOf(qrMatrix("x".repeat(lo), level))).toBe(v);
    }
  });

  it("the automatic choice spans the masks (the penalty rules are exercised, not one default)", () => {
    const masks = new Set(INPUTS.flatMap((text) => LEVELS.map((level) => reference(text, level).mask)));
    expect(masks.size).toBeGreaterThanOrEqual(6);
  });

  it("throws when the text does not fit in version 40", () => {
    expect(() => qrMatrix("x".repeat(2953), "L")).not.toThrow();
    expect(() => qrMatrix("x".repeat(2954), "L")).toThrow(RangeError);
    expect(() => qrMatrix("x".repeat(1274), "H")).toThrow(RangeError);
  });
});

describe("qrSvgPath and qrSvgDocument", () => {
  const matrix = qrMatrix("https://pay.example.test/pay/pi_5Hq2LmXn8RtYv3Kc9WbZa1De");

  /** Fills the modules the path covers (each subpath is `M x y h w v1 H x z`). */
  function rasterize(d: string, n: number): boolean[][] {
    const grid = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1H\1z/g)) {
      for (let i = 0; i < Number(w); i++) grid[Number(y)]![Number(x) + i] = true;
    }
    return grid;
  }

  it("one path covering exactly the dark modules, offset by the margin", () => {
    const margin = 2;
    const d = qrSvgPath(matrix, margin);
    expect(d).toMatch(/^(M\d+ \d+h\d+v1H\d+z)+$/);
    const n = matrix.length + 2 * margin;
    const expected = Array.from({ length: n }, (_, r) =>
      Array.from({ length: n }, (_, c) => matrix[r - margin]?.[c - margin] === true),
    );
    expect(rasterize(d, n)).toEqual(expected);
  });

  it("a document with the quiet zone in its viewBox, the width and colours", () => {
    const svg = qrSvgDocument(matrix, {
      width: 300,
      margin: 2,
      color: { dark: "#112233", light: "#ffeeddcc" },
    });
    const n = matrix.length + 4;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"`));
    expect(svg).toContain('width="300" height="300"');
    expect(svg).toContain('fill="#112233"');
    expect(svg).toContain('fill="#ffeeddcc"');
    expect(svg.match(/<path/g)).toHaveLength(2);
    expect(qrSvgDocument(matrix)).toContain(`viewBox="0 0 ${matrix.length + 8} ${matrix.length + 8}"`);
  });

  it("a data URL that decodes back to the document", () => {
    const svg = qrSvgDocument(matrix, { width: 300, margin: 2 });
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(svg);
  });
});
