// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement as h, useState, useSyncExternalStore } from "./react.js";
import { createRoot } from "./react-dom-client.js";

let host: HTMLElement;
afterEach(() => host?.remove());

function mount(node: Parameters<ReturnType<typeof createRoot>["render"]>[0]) {
  host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host.attachShadow({ mode: "open" }));
  act(() => root.render(node));
  return { root, shadow: host.shadowRoot as ShadowRoot };
}

interface Store {
  subscribe(fn: () => void): () => void;
  get(): number;
}

function StoreView({ store }: { store: Store }) {
  const [label] = useState("value");
  return h("p", null, `${label} ${useSyncExternalStore(store.subscribe, store.get)}`);
}

describe("the drop-in's React adapter on Preact", () => {
  it("calls onChange of a text field on every input, as React does", () => {
    const onChange = vi.fn();
    const { shadow } = mount(h("div", null, h("input", { onChange }), h("textarea", { onChange })));
    for (const field of shadow.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input,textarea")) {
      field.value = "a";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("keeps onChange of radios and checkboxes on the change event", () => {
    const onChange = vi.fn();
    const { shadow } = mount(h("input", { type: "radio", onChange }));
    const radio = shadow.querySelector("input") as HTMLInputElement;
    radio.dispatchEvent(new Event("input", { bubbles: true }));
    expect(onChange).not.toHaveBeenCalled();
    radio.click();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("lets onFocus / onBlur bubble (focusin / focusout), as React does", () => {
    const onFocus = vi.fn();
    const onBlur = vi.fn();
    const { shadow } = mount(h("div", { onFocus, onBlur }, h("input", null)));
    const input = shadow.querySelector("input") as HTMLInputElement;
    input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it("useSyncExternalStore renders the store's snapshot and follows its changes", () => {
    let value = 1;
    const listeners = new Set<() => void>();
    const store: Store = {
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      get: () => value,
    };
    const { root, shadow } = mount(h(StoreView, { store }));
    expect(shadow.textContent).toBe("value 1");
    act(() => {
      value = 2;
      for (const fn of listeners) fn();
    });
    expect(shadow.textContent).toBe("value 2");
    act(() => root.unmount());
    expect(shadow.textContent).toBe("");
    expect(listeners.size).toBe(0);
  });
});
