/**
 * `react` in the drop-in: the part of React's API the components use (src/ui), on plain Preact.
 * Standing in for `preact/compat` saves about 2 KB gzipped of spay.js; what compat would adjust
 * for React's behaviour and the components rely on is done here: `onChange` on text fields fires
 * on every input (`input` event), `onFocus` / `onBlur` bubble (`focusin` / `focusout`), and
 * `useSyncExternalStore`. Anything else imported from `react` fails the drop-in's build.
 */
import { options, type VNode } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export { createElement, Fragment } from "preact";
export { useCallback, useEffect, useId, useMemo, useRef, useState } from "preact/hooks";

const RENAMED: Record<string, string> = { onFocus: "onfocusin", onBlur: "onfocusout" };
const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  const props = vnode.props as Record<string, unknown>;
  if (typeof type === "string") {
    for (const name in props) {
      const to =
        name === "onChange" &&
        (type === "input" || type === "textarea") &&
        !/^(checkbox|radio|file)$/.test(String(props.type))
          ? "onInput"
          : RENAMED[name];
      if (to) {
        props[to] = props[name];
        delete props[name];
      }
    }
  }
  previousVnodeHook?.(vnode);
};

/** React's `useSyncExternalStore` (client side): re-renders when the snapshot changes. */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const value = getSnapshot();
  const shown = useRef(value);
  shown.current = value;
  const [, rerender] = useState(0);
  useEffect(() => {
    const check = () => {
      if (!Object.is(getSnapshot(), shown.current)) rerender((n) => n + 1);
    };
    check();
    return subscribe(check);
  }, [subscribe, getSnapshot]);
  return value;
}
