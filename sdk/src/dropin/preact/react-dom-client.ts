/** `react-dom/client` in the drop-in: `createRoot` on Preact's `render` (see ./react.ts). */
import { type ComponentChild, render } from "preact";

export interface Root {
  render(node: ComponentChild): void;
  unmount(): void;
}

/** Renders into `container` (an element or a shadow root); `unmount` empties it. */
export function createRoot(container: Element | DocumentFragment): Root {
  return {
    render: (node) => render(node, container),
    unmount: () => render(null, container),
  };
}
