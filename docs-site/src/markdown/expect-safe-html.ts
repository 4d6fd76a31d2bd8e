import { expect } from "vitest";
import { isBlockedUrl } from "./sanitize.ts";

/**
 * The sanitizer's promise, checked on rendered HTML (parsed in jsdom, which runs no scripts): no
 * active or embedding element, no event handler or inline style, no blocked URL. Shared by the
 * runtime renderer's tests and the build-time plugin's.
 */
export function expectSafeHtml(html: string): void {
  const root = document.createElement("div");
  root.innerHTML = html;
  expect(
    root.querySelector("script,iframe,object,embed,form,input,button,svg,math,style,base,meta"),
  ).toBeNull();
  for (const el of root.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith("on"), `${el.tagName} ${attr.name}`).toBe(false);
      expect(attr.name).not.toBe("style");
      if (["href", "src", "action", "xlink:href"].includes(attr.name))
        expect(isBlockedUrl(attr.value), `${attr.name}=${attr.value}`).toBe(false);
    }
  }
}
