import { type MouseEvent, type ReactNode, useId, useRef } from "react";
import { useFocusTrap } from "./useFocusTrap.js";

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The visible heading, and the dialog's accessible name (`aria-labelledby`)… */
  title?: string;
  /** …or, with no visible heading, the name given by `aria-label`. */
  label?: string;
  /** Called on Escape, and on a backdrop click when `closeOnBackdrop` is set. */
  onClose: () => void;
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: `role="dialog"`, `aria-modal`, named by its heading, focus moved in, trapped
 * and restored on close, Escape closes. Styles come from `dialogCss` in the caller's root.
 */
export function Dialog({ title, label, onClose, closeOnBackdrop = false, className, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onKeyDown = useFocusTrap(panel, onClose);
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (closeOnBackdrop && event.target === event.currentTarget) onClose();
  };
  return (
    // The backdrop click is a pointer shortcut; Escape and the Close buttons are the keyboard path.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div className="spay-backdrop" onClick={onBackdrop}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        {...(title ? { "aria-labelledby": titleId } : { "aria-label": label })}
        tabIndex={-1}
        className={className ? `spay-dialog ${className}` : "spay-dialog"}
        onKeyDown={onKeyDown}
      >
        {title ? (
          <h2 id={titleId} className="spay-dialog-title">
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </div>
  );
}
