// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { readElementOptions } from "./elementOptions.js";

function el(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div.firstElementChild as HTMLElement;
}

describe("readElementOptions", () => {
  it("reads a product with the default card view", () => {
    expect(readElementOptions(el('<div data-spay-product="prod_1"></div>'))).toEqual({
      productId: "prod_1",
      linkId: undefined,
      view: "card",
      theme: undefined,
    });
  });

  it("reads a link with the button view and its own theme", () => {
    expect(
      readElementOptions(
        el('<div data-spay-link="plink_1" data-spay-view="button" data-spay-theme="dark"></div>'),
      ),
    ).toEqual({ productId: undefined, linkId: "plink_1", view: "button", theme: "dark" });
  });

  it("treats an unknown view as card", () => {
    expect(readElementOptions(el('<div data-spay-product="prod_1" data-spay-view="huge"></div>')).view).toBe(
      "card",
    );
  });
});
