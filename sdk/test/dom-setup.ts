import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

/**
 * The jsdom files share one document per worker. Each file starts from an empty document, as a
 * fresh jsdom would give it: what a test appended by hand (scripts, hosts of shadow roots) and
 * storage are cleared; rendered components are unmounted after every test. A file that asks for
 * the Node environment (the SSR checks) has no document to clear.
 */
if (typeof document !== "undefined") {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes])
    document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  afterEach(() => cleanup());
}
