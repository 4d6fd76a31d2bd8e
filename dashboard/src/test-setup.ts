import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The component files share one jsdom per worker. Each file starts from an empty document, as a
// fresh jsdom would give it (what a test appended by hand, storage); components unmount after
// every test.
document.head.replaceChildren();
document.body.replaceChildren();
for (const { name } of [...document.documentElement.attributes])
  document.documentElement.removeAttribute(name);
sessionStorage.clear();
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
