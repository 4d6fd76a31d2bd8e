import type { Page } from "playwright-core";
import { seriousAxeViolations } from "./axe.ts";

/**
 * The layout invariants, measured in the page as the browser laid it out:
 *
 * - overflow: the document is no wider than the viewport (and which elements stick out if it is);
 * - clipped: no element's box sticks out of an ancestor that hides overflow, and no text is cut by
 *   its own `overflow: hidden` box — unless the cut is intentional truncation (`text-overflow:
 *   ellipsis` or a line clamp) with the full text in a `title`, or the clipping box scrolls;
 * - overlap: no two visible text runs overlap (line boxes from `Range.getClientRects`, compared one
 *   viewport at a time, text covered by an opaque box — a modal over the page — not counted);
 * - spilled labels: no generated text (a `::before` / `::after` label, such as a phone card's
 *   field name) runs out of the bottom of its element into the next one — the overlap check sees
 *   text nodes only, and generated text is none;
 * - small text: no visible text renders below MIN_TEXT_PX, SVG text counted at its drawn size (a
 *   chart scaled down to a phone shrinks its labels with it);
 * - empty scroll boxes: no scrolling box with nothing to scroll is left with more than
 *   MAX_EMPTY_PX of blank space under its content (a list sized for many rows showing one);
 * - broken images: no `<img>` that finished loading without pixels;
 * - glyph boxes: no character drawn as the fallback font's missing-glyph box (see `glyphBoxes`).
 *
 * Each check returns human-readable lines ("what: where"); an empty list is a pass.
 */
export interface LayoutReport {
  overflow: string[];
  clipped: string[];
  overlap: string[];
  spilled: string[];
  small: string[];
  empty: string[];
  images: string[];
  glyphs: string[];
  /** Characters not checked because this machine has no font for a whole script (emoji). */
  unchecked: string[];
}

/** Runs in the page: every layout check, as plain data. Self-contained (serialized by Playwright). */
function measureLayout(): LayoutReport {
  const TOLERANCE = 1;
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : "";
    const testId = el.getAttribute("data-testid");
    const cls =
      typeof el.className === "string" && el.className
        ? `.${el.className.trim().split(/\s+/).join(".")}`
        : "";
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ""}${cls}> "${text}"`;
  };
  const isRendered = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0)
      return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  /**
   * The visually-hidden pattern (1 px clipped box) and ancestors hidden from everyone. Known per
   * element for the whole measurement (none of it depends on the scroll position): a long page's
   * text nodes, checked again in each viewport, share their ancestors' answers instead of walking
   * up to the root each time (the API reference took ~50 s a theme and width without it).
   */
  const hiddenTrees = new Map<Element, boolean>();
  const isHiddenTree = (el: Element): boolean => {
    const known = hiddenTrees.get(el);
    if (known !== undefined) return known;
    const hidden =
      // display: none, content-visibility: hidden (a closed <details>), visibility, opacity 0.
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
      hiddenItself(el) ||
      (el.parentElement !== null && isHiddenTree(el.parentElement));
    hiddenTrees.set(el, hidden);
    return hidden;
  };
  const hiddenItself = (e: Element): boolean => {
    const s = getComputedStyle(e);
    if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return true;
    const r = e.getBoundingClientRect();
    if (s.overflow !== "visible" && r.width <= 4 && r.height <= 4) return true;
    return s.clipPath.startsWith("inset(50%") || /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip);
  };
  /** Every element, shadow roots (the SDK's components) included. */
  const allElements = (): Element[] => {
    const out: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll("*"))) {
        out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  };
  const parentOf = (el: Element): Element | null => {
    if (el.parentElement) return el.parentElement;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? root.host : null;
  };
  const elements = allElements();

  /** Cut on purpose: ellipsis or a line clamp on the element or an ancestor, the full text in a title. */
  const intentionallyTruncated = (el: Element): boolean => {
    let truncating = false;
    let titled = false;
    for (let e: Element | null = el; e; e = parentOf(e)) {
      const s = getComputedStyle(e);
      if (s.textOverflow === "ellipsis" || (s.webkitLineClamp !== "none" && s.webkitLineClamp !== ""))
        truncating = true;
      if (e.getAttribute("title") || e.getAttribute("aria-label")) titled = true;
      if (truncating && titled) return true;
    }
    return false;
  };

  // Horizontal overflow of the page, and the elements that cause it.
  const overflow: string[] = [];
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > window.innerWidth + TOLERANCE) {
    overflow.push(`page is ${pageWidth}px wide in a ${window.innerWidth}px viewport`);
    const scrollsX = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.documentElement && e !== document.body; e = parentOf(e)) {
        const ox = getComputedStyle(e).overflowX;
        if (ox !== "visible") return true;
      }
      return false;
    };
    for (const el of elements) {
      // The element's box, or its own text when that overflows the box (a long unbroken word).
      let right = el.getBoundingClientRect().right;
      if (Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) {
        const range = document.createRange();
        range.selectNodeContents(el);
        right = Math.max(right, range.getBoundingClientRect().right);
      }
      if (right > window.innerWidth + TOLERANCE && !scrollsX(parentOf(el)) && isRendered(el))
        overflow.push(`sticks out by ${Math.round(right - window.innerWidth)}px: ${describe(el)}`);
      if (overflow.length > 12) break;
    }
  }

  // Boxes sticking out of a clipping ancestor; text cut by its own box.
  const clipped: string[] = [];
  for (const el of elements) {
    if (clipped.length > 20) break;
    if (!isRendered(el) || el instanceof SVGElement) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if (s.position === "fixed") continue;
    // Text cut by its own box (a label too long for a button that hides overflow).
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
    );
    if (
      ownText &&
      (s.overflowX === "hidden" || s.overflowX === "clip") &&
      el.scrollWidth > el.clientWidth + TOLERANCE &&
      !intentionallyTruncated(el) &&
      !isHiddenTree(el)
    )
      clipped.push(`text cut by its own box (${el.scrollWidth} > ${el.clientWidth}px): ${describe(el)}`);
    // The nearest ancestor that clips, in each axis.
    for (let a = parentOf(el); a && a !== document.documentElement; a = parentOf(a)) {
      const as = getComputedStyle(a);
      const clipsX = as.overflowX !== "visible";
      const clipsY = as.overflowY !== "visible";
      if (!clipsX && !clipsY) continue;
      const ar = a.getBoundingClientRect();
      const bl = parseFloat(as.borderLeftWidth) || 0;
      const bt = parseFloat(as.borderTopWidth) || 0;
      const inner = {
        left: ar.left + bl,
        top: ar.top + bt,
        right: ar.left + bl + a.clientWidth,
        bottom: ar.top + bt + a.clientHeight,
      };
      const outX = clipsX && (r.left < inner.left - TOLERANCE || r.right > inner.right + TOLERANCE);
      const outY = clipsY && (r.top < inner.top - TOLERANCE || r.bottom > inner.bottom + TOLERANCE);
      const scrollableX = as.overflowX === "auto" || as.overflowX === "scroll";
      const scrollableY = as.overflowY === "auto" || as.overflowY === "scroll";
      const cutX = outX && !scrollableX;
      const cutY = outY && !scrollableY;
      if ((cutX || cutY) && !intentionallyTruncated(el) && !isHiddenTree(el) && ar.width > 1 && ar.height > 1)
        clipped.push(`${cutX ? "x" : "y"}-clipped by ${describe(a)}: ${describe(el)}`);
      break;
    }
  }

  // Overlapping text, one viewport at a time.
  const textNodes: Text[] = [];
  const collectText = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (n.textContent?.trim()) textNodes.push(n as Text);
  };
  collectText(document.body);
  for (const el of elements) if (el.shadowRoot) collectText(el.shadowRoot);
  const opaque = (el: Element): boolean => {
    const s = getComputedStyle(el);
    if (s.backgroundImage !== "none") return true;
    const m = s.backgroundColor.match(/rgba?\(([^)]+)\)/);
    if (!m) return false;
    const parts = (m[1] ?? "").split(/[\s,/]+/).filter(Boolean);
    const alpha = parts.length > 3 ? Number(parts[3]) : 1;
    return alpha > 0.5;
  };
  const hitAt = (x: number, y: number, root: Document | ShadowRoot = document): Element | null => {
    const hit = root.elementFromPoint(x, y);
    return hit?.shadowRoot && hit.shadowRoot !== root ? (hitAt(x, y, hit.shadowRoot) ?? hit) : hit;
  };
  const contains = (a: Element, b: Element): boolean => {
    for (let e: Element | null = b; e; e = parentOf(e)) if (e === a) return true;
    return false;
  };
  /** The text's line is seen: what is on top at its middle is its element, or see-through. */
  const seen = (owner: Element, x: number, y: number): boolean => {
    const hit = hitAt(x, y);
    if (!hit) return false;
    if (contains(owner, hit) || contains(hit, owner)) return true;
    for (let e: Element | null = hit; e && !contains(e, owner); e = parentOf(e)) if (opaque(e)) return false;
    return true;
  };
  /** The part of the viewport an element's content can show in: its clipping ancestors' boxes. */
  type Box = { left: number; top: number; right: number; bottom: number };
  const clipCache = new Map<Element, Box>();
  const clipOf = (el: Element): Box => {
    const cached = clipCache.get(el);
    if (cached) return cached;
    const parent = parentOf(el);
    const box: Box = parent
      ? { ...clipOf(parent) }
      : { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const s = getComputedStyle(el);
    if (s.overflowX !== "visible" || s.overflowY !== "visible") {
      const r = el.getBoundingClientRect();
      if (s.overflowX !== "visible") {
        box.left = Math.max(box.left, r.left);
        box.right = Math.min(box.right, r.right);
      }
      if (s.overflowY !== "visible") {
        box.top = Math.max(box.top, r.top);
        box.bottom = Math.min(box.bottom, r.bottom);
      }
    }
    clipCache.set(el, box);
    return box;
  };
  const overlap: string[] = [];
  const reported = new Set<string>();
  const height = window.innerHeight;
  const startY = window.scrollY;
  // The first eight viewports: a very long page (the API reference) repeats one layout below them,
  // and each viewport re-measures every text node.
  const total = Math.min(document.documentElement.scrollHeight, height * 8);
  for (let y = 0; y < total && overlap.length < 12; y += height) {
    window.scrollTo(0, y);
    clipCache.clear();
    const lines: { node: Text; owner: Element; r: DOMRect }[] = [];
    for (const node of textNodes) {
      const owner =
        node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
      if (!owner || isHiddenTree(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width < 2 || line.height < 2) continue;
        // Only the part of a line its clipping boxes (and the viewport) let through can be seen: a
        // line clamp's hidden lines are skipped, and an ellipsized name counts up to its box's edge,
        // not where its unclipped text would run.
        const clip = clipOf(owner);
        const left = Math.max(line.left, clip.left);
        const right = Math.min(line.right, clip.right);
        const top = Math.max(line.top, clip.top);
        const bottom = Math.min(line.bottom, clip.bottom);
        if (right - left < 2 || bottom - top < line.height / 2 || top < 0 || bottom > height) continue;
        const r = new DOMRect(left, top, right - left, bottom - top);
        if (seen(owner, r.left + r.width / 2, r.top + r.height / 2)) lines.push({ node, owner, r });
      }
    }
    lines.sort((a, b) => a.r.top - b.r.top);
    for (let i = 0; i < lines.length; i++) {
      const a = lines[i];
      if (!a) continue;
      for (let j = i + 1; j < lines.length; j++) {
        const b = lines[j];
        if (!b) continue;
        if (b.r.top >= a.r.bottom) break;
        if (a.node === b.node) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 3 && h > Math.min(a.r.height, b.r.height) * 0.3) {
          const key = `${describe(a.owner)} / ${describe(b.owner)}`;
          if (!reported.has(key)) {
            reported.add(key);
            overlap.push(`text overlaps (${Math.round(w)}×${Math.round(h)}px): ${key}`);
          }
        }
      }
    }
  }
  window.scrollTo(0, startY);

  // Generated labels running out of their element's box (into the next field).
  const spilled: string[] = [];
  for (const el of elements) {
    if (spilled.length > 12) break;
    if (el instanceof SVGElement || !isRendered(el) || isHiddenTree(el)) continue;
    for (const pseudo of ["::before", "::after"] as const) {
      const ps = getComputedStyle(el, pseudo);
      if (!/^["']./.test(ps.content) && !ps.content.startsWith("attr(")) continue;
      if (ps.display === "none") continue;
      const height = Number.parseFloat(ps.height);
      if (!(height > 0)) continue;
      const box = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const borderTop = Number.parseFloat(s.borderTopWidth) || 0;
      // Where the label's box starts: its `top` when positioned, else the content box's top.
      const positioned = ps.position === "absolute" || ps.position === "fixed";
      // In-flow generated text is laid out like a text node's box and grows its element.
      if (!positioned && ps.float === "none") continue;
      const top = positioned
        ? Number.parseFloat(ps.top)
        : (Number.parseFloat(s.paddingTop) || 0) + (Number.parseFloat(ps.marginTop) || 0);
      if (!Number.isFinite(top)) continue;
      const bottom = box.top + borderTop + top + height;
      if (bottom > box.bottom + TOLERANCE * 2 && s.overflowY === "visible")
        spilled.push(
          `${pseudo} label runs ${Math.round(bottom - box.bottom)}px out of its box: ${describe(el)}`,
        );
    }
  }

  // Text too small to read: computed size, SVG text at the size it is drawn (viewBox scaling).
  const MIN_TEXT_PX = 11;
  const small: string[] = [];
  const smallSeen = new Set<Element>();
  for (const node of textNodes) {
    if (small.length > 12) break;
    const owner = node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
    if (!owner || smallSeen.has(owner) || !isRendered(owner) || isHiddenTree(owner)) continue;
    smallSeen.add(owner);
    let px = Number.parseFloat(getComputedStyle(owner).fontSize);
    if (owner instanceof SVGGraphicsElement) {
      const m = owner.getScreenCTM();
      if (m) px *= Math.hypot(m.a, m.b);
    }
    if (px < MIN_TEXT_PX - 0.5) small.push(`text drawn at ${px.toFixed(1)}px: ${describe(owner)}`);
  }

  // Scroll boxes with nothing to scroll and a screenful of nothing under their content.
  const MAX_EMPTY_PX = 120;
  const empty: string[] = [];
  for (const el of elements) {
    if (empty.length > 12) break;
    const s = getComputedStyle(el);
    if (s.overflowY !== "auto" && s.overflowY !== "scroll") continue;
    // An overlay (a dialog's backdrop) covers the screen whatever it holds.
    if (s.position === "fixed") continue;
    if (el === document.documentElement || el === document.body || el instanceof HTMLTextAreaElement)
      continue;
    if (el.scrollHeight > el.clientHeight + TOLERANCE || !isRendered(el) || isHiddenTree(el)) continue;
    const box = el.getBoundingClientRect();
    let contentBottom = box.top + (Number.parseFloat(s.borderTopWidth) || 0);
    for (const child of Array.from(el.children)) {
      if (!isRendered(child)) continue;
      contentBottom = Math.max(contentBottom, child.getBoundingClientRect().bottom);
    }
    const blank = box.bottom - (Number.parseFloat(s.borderBottomWidth) || 0) - contentBottom;
    if (blank > MAX_EMPTY_PX)
      empty.push(`${Math.round(blank)}px blank under the content of a scroll box: ${describe(el)}`);
  }

  // Images that loaded nothing.
  const images: string[] = [];
  for (const el of elements)
    if (el instanceof HTMLImageElement && isRendered(el) && el.complete && el.naturalWidth === 0)
      images.push(`broken image ${el.currentSrc || el.src}: ${describe(el)}`);

  // Glyph boxes: a character drawn exactly like a code point no font has (U+10FFFD) is a box.
  const glyphs: string[] = [];
  const unchecked: string[] = [];
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (ctx) {
    const draw = (font: string, text: string): string => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.font = font;
      ctx.fillStyle = "#000";
      ctx.textBaseline = "middle";
      ctx.fillText(text, 8, 32);
      const data = ctx.getImageData(0, 0, 64, 64).data;
      let sig = "";
      for (let i = 3; i < data.length; i += 4) sig += (data[i] ?? 0) > 127 ? "1" : "0";
      return sig;
    };
    const missing = new Map<string, string>();
    const notdef = (font: string): string => {
      let sig = missing.get(font);
      if (sig === undefined) {
        sig = draw(font, "\u{10FFFD}");
        missing.set(font, sig);
      }
      return sig;
    };
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const seenGlyph = new Set<string>();
    /** A colour emoji font draws 😀 in colour: without one, emoji fall back to outline glyphs or boxes. */
    const colourEmoji = (() => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.font = "32px sans-serif";
      ctx.fillStyle = "#000";
      ctx.fillText("\u{1F600}", 8, 40);
      const data = ctx.getImageData(0, 0, 64, 64).data;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 3] ?? 0) > 0 && Math.max(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) > 60)
          return true;
      return false;
    })();
    const noEmoji = new Set<string>();
    for (const node of textNodes) {
      const owner =
        node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
      if (!owner || !isRendered(owner) || isHiddenTree(owner)) continue;
      const s = getComputedStyle(owner);
      const font = `${s.fontStyle} ${s.fontWeight} 24px ${s.fontFamily}`;
      const box = notdef(font);
      if (!box.includes("1")) continue; // a font whose missing glyph is blank: nothing to compare
      for (const { segment } of segmenter.segment(node.textContent ?? "")) {
        if (/^[\x20-\x7e\s]+$/.test(segment) || /^[\p{Cf}\p{Mn}\p{Zs}]+$/u.test(segment)) continue;
        const key = `${font}|${segment}`;
        if (seenGlyph.has(key)) continue;
        seenGlyph.add(key);
        if (draw(font, segment) !== box) continue;
        if (/\p{Extended_Pictographic}/u.test(segment) && !colourEmoji) {
          noEmoji.add(segment);
          continue;
        }
        const cp = Array.from(segment)
          .map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`)
          .join(" ");
        glyphs.push(`missing glyph ${cp} ("${segment}") in ${s.fontFamily}: ${describe(owner)}`);
      }
    }
    if (noEmoji.size) unchecked.push(`no emoji font on this machine: ${Array.from(noEmoji).join(" ")}`);
  }
  return { overflow, clipped, overlap, spilled, small, empty, images, glyphs, unchecked };
}

/**
 * Every layout check, and axe-core's serious and critical violations, of the page as it is now:
 * the problems, and what could not be checked on this machine (`notes`).
 */
export async function layoutProblems(
  page: Page,
  options: { axe: boolean },
): Promise<{ problems: string[]; notes: string[] }> {
  const report = await page.evaluate(measureLayout);
  const problems = [
    ...report.overflow.map((p) => `overflow: ${p}`),
    ...report.clipped.map((p) => `clipped: ${p}`),
    ...report.overlap.map((p) => `overlap: ${p}`),
    ...report.spilled.map((p) => `spilled: ${p}`),
    ...report.small.map((p) => `small text: ${p}`),
    ...report.empty.map((p) => `empty space: ${p}`),
    ...report.images.map((p) => `image: ${p}`),
    ...report.glyphs.map((p) => `glyph: ${p}`),
  ];
  if (options.axe) problems.push(...(await seriousAxeViolations(page)).map((v) => `axe: ${v}`));
  return { problems, notes: report.unchecked };
}
