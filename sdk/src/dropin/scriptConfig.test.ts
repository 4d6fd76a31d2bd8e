// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { findOwnScript, readScriptConfig } from "./scriptConfig.js";

function script(attrs: Record<string, string>): HTMLScriptElement {
  const el = document.createElement("script");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

describe("readScriptConfig (drop-in setup through data-* attributes)", () => {
  it("reads the key, API and theme", () => {
    const el = script({
      src: "https://cdn.example/sdk/spay.js",
      "data-spay-key": " pk_test_abc ",
      "data-spay-api": "https://api.example/",
      "data-spay-theme": "dark",
    });
    expect(readScriptConfig(el, "https://shop.example/")).toEqual({
      apiKey: "pk_test_abc",
      apiUrl: "https://api.example",
      theme: "dark",
    });
  });

  it("defaults the API to the script's origin and the theme to light", () => {
    const el = script({ src: "https://pay.example/sdk/spay.js", "data-spay-key": "pk_test_abc" });
    expect(readScriptConfig(el, "https://shop.example/")).toMatchObject({
      apiUrl: "https://pay.example",
      theme: "light",
    });
  });

  it("resolves a relative API URL against the page", () => {
    const el = script({ src: "https://pay.example/spay.js", "data-spay-api": "/api" });
    expect(readScriptConfig(el, "https://shop.example/store/").apiUrl).toBe("https://shop.example/api");
  });

  it("finds its script by data-spay-key when document.currentScript is gone", () => {
    const el = script({ src: "https://pay.example/spay.js", "data-spay-key": "pk_test_x" });
    document.head.append(el);
    expect(findOwnScript(document)).toBe(el);
    el.remove();
  });
});
