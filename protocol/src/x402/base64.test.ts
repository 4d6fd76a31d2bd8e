import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Decode, base64Encode, utf8Decode, utf8Encode } from "./base64.ts";

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
/** UTF-8 by the platform: encodeURIComponent percent-encodes each UTF-8 byte. */
const referenceUtf8 = (text: string) =>
  Uint8Array.from(encodeURIComponent(text).match(/%[0-9A-F]{2}|[^%]/g) ?? [], (part) =>
    part.length === 3 ? Number.parseInt(part.slice(1), 16) : part.charCodeAt(0),
  );

describe("base64 (RFC 4648)", () => {
  const vectors: [string, string][] = [
    ["", ""],
    ["f", "Zg=="],
    ["fo", "Zm8="],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg=="],
    ["fooba", "Zm9vYmE="],
    ["foobar", "Zm9vYmFy"],
  ];
  it("encodes and decodes the RFC's test vectors", () => {
    for (const [plain, encoded] of vectors) {
      expect(base64Encode(ascii(plain))).toBe(encoded);
      expect(base64Decode(encoded)).toEqual(ascii(plain));
    }
  });

  it("uses the standard alphabet (+ and /)", () => {
    expect(base64Encode(Uint8Array.from([0xfb, 0xff]))).toBe("+/8=");
  });

  it("round-trips any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(base64Decode(base64Encode(bytes))).toEqual(bytes);
      }),
    );
  });

  it("accepts missing padding, refuses characters outside the alphabet and impossible lengths", () => {
    expect(base64Decode("Zg")).toEqual(ascii("f"));
    expect(base64Decode("Zm9v YmFy")).toBeNull();
    expect(base64Decode("Zm9-")).toBeNull();
    expect(base64Decode("Z")).toBeNull();
    expect(base64Decode("Zg=")).toBeNull();
  });
});

describe("UTF-8", () => {
  it("encodes as the platform does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        expect(utf8Encode(text)).toEqual(referenceUtf8(text));
        expect(utf8Decode(utf8Encode(text))).toBe(text);
      }),
    );
  });

  it("refuses ill-formed bytes: stray continuation, overlong, surrogates, truncated", () => {
    for (const bad of [[0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf5, 0x80, 0x80, 0x80]])
      expect(utf8Decode(Uint8Array.from(bad)), JSON.stringify(bad)).toBeNull();
  });
});
