import createDOMPurify, { type Config, type WindowLike } from "dompurify";

/** SPEC.md §5: links with these schemes are blocked… */
const BLOCKED_SCHEME = /^(javascript|vbscript|file|data):/i;
/** …except data images of type gif, png, jpeg or webp. */
const SAFE_DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp)[;,]/i;
/** Attributes that hold a URL a browser may follow or load. */
const URL_ATTRIBUTES = ["href", "src", "xlink:href", "cite", "poster", "background"] as const;

/**
 * True when a URL uses a blocked scheme. Browsers ignore whitespace and control characters
 * inside a scheme (`java\tscript:`), so they are removed before looking.
 */
export function isBlockedUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what browsers skip in a scheme.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "");
  return BLOCKED_SCHEME.test(compact) && !SAFE_DATA_IMAGE.test(compact);
}

/**
 * Raw HTML is allowed in posts (SPEC.md §5) but only as content: no scripts (DOMPurify's
 * defaults), no forms or embedded documents (phishing, clickjacking), no inline styles (UI
 * redress), no SVG/MathML (their parsing differences are where mutation XSS lives).
 */
const CONFIG: Config = {
  FORBID_TAGS: [
    "style",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "option",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "base",
    "meta",
    "link",
    "svg",
    "math",
  ],
  FORBID_ATTR: ["style", "srcset", "action", "formaction"],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ["target"],
};

/** A sanitizer bound to a window: the browser's, or jsdom's when pre-rendering in Node. */
export function createSanitizer(window: WindowLike): (html: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook("afterSanitizeAttributes", (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value !== null && isBlockedUrl(value)) node.removeAttribute(name);
    }
    // A link that opens a new tab must not hand the opener to the page it opens.
    if (node.tagName === "A" && node.hasAttribute("target")) node.setAttribute("rel", "noopener noreferrer");
    // Code blocks scroll sideways: keyboard users must be able to focus them to scroll.
    if (node.tagName === "PRE") node.setAttribute("tabindex", "0");
  });
  return (html) => purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
}
