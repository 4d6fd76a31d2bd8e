import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { COMMON } from "../messages.ts";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialogs open now, the innermost last: only it answers Escape and keeps Tab inside (a step-up
 * question asked over a form closes alone, leaving the form as it was).
 */
const openDialogs: HTMLElement[] = [];

export interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Wider dialog for lists. */
  wide?: boolean;
  /** Fills the screen (the product editor). */
  fullScreen?: boolean;
  /** Hide the visible heading (it still labels the dialog). */
  hideTitle?: boolean;
}

/**
 * A modal dialog: focus moves in on open and back to the opener on close, Tab stays inside,
 * Escape, the close icon or a click on the backdrop dismiss it.
 */
export function Modal({ title, onClose, children, wide, fullScreen, hideTitle }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openerRef = useRef<HTMLElement | null>(null);

  // Who opened the dialog, read before any effect of its content may move the focus.
  useLayoutEffect(() => {
    openerRef.current = document.activeElement as HTMLElement | null;
  }, []);

  useEffect(() => {
    const opener = openerRef.current;
    const node = dialog.current;
    const first =
      node?.querySelector<HTMLElement>("[data-autofocus]") ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    // Content that placed the focus itself (a code field) keeps it.
    if (!node?.contains(document.activeElement)) first?.focus();
    if (node) openDialogs.push(node);
    const onKey = (e: KeyboardEvent) => {
      if (node && openDialogs.at(-1) !== node) return;
      if (e.key === "Escape") {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== "Tab" || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) return;
      if (e.shiftKey && document.activeElement === firstItem) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const at = node ? openDialogs.indexOf(node) : -1;
      if (at >= 0) openDialogs.splice(at, 1);
      opener?.focus?.();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and the close button do the same
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className={fullScreen ? "modal modal-full" : wide ? "modal modal-wide" : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="modal-header">
          <h2 id={titleId} className={hideTitle ? "visually-hidden" : undefined}>
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={COMMON.close} onClick={onClose}>
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
