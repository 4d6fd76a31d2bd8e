import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Components render into one jsdom document per file: unmount after each test.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom's TextEncoder hands out bytes of another realm than the global Uint8Array, which the
// Stacks serializers reject ("Uint8Array expected"); a browser has one realm: copy them into it.
const jsdomEncoder = new TextEncoder();
globalThis.TextEncoder = class OneRealmTextEncoder {
  readonly encoding = "utf-8";
  encode(text?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(jsdomEncoder.encode(text));
  }
  encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult {
    return jsdomEncoder.encodeInto(source, destination);
  }
};
