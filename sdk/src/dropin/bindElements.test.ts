// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { bindElements } from "./bindElements.js";

const tick = () => new Promise((r) => setTimeout(r, 0));
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = "";
});

describe("bindElements", () => {
  it("binds the elements present at load, once each", () => {
    document.body.innerHTML =
      '<div data-spay-product="prod_1"></div><p><span data-spay-link="plink_1"></span></p>';
    const bind = vi.fn();
    stop = bindElements(document, bind, () => {});
    expect(bind.mock.calls.map(([el]) => (el as HTMLElement).dataset)).toEqual([
      expect.objectContaining({ spayProduct: "prod_1" }),
      expect.objectContaining({ spayLink: "plink_1" }),
    ]);
  });

  it("binds elements added later, also when nested in an added subtree", async () => {
    const bind = vi.fn();
    stop = bindElements(document, bind, () => {});
    const wrapper = document.createElement("section");
    wrapper.innerHTML = '<div><div data-spay-product="prod_2"></div></div>';
    document.body.append(wrapper);
    const direct = document.createElement("div");
    direct.dataset.spayLink = "plink_2";
    document.body.append(direct);
    await tick();
    expect(bind).toHaveBeenCalledTimes(2);
    document.body.append(document.createElement("div"));
    await tick();
    expect(bind).toHaveBeenCalledTimes(2);
  });

  it("unbinds an element removed from the page", async () => {
    document.body.innerHTML = '<div id="a" data-spay-product="prod_1"></div>';
    const unbind = vi.fn();
    stop = bindElements(document, () => {}, unbind);
    document.getElementById("a")?.remove();
    await tick();
    expect(unbind).toHaveBeenCalledTimes(1);
  });
});
