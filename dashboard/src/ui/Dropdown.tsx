import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/** A button opening a panel; Escape or a click elsewhere closes it. `children` gets a close function. */
export function Dropdown({
  label,
  buttonText,
  children,
  testId,
}: {
  label: string;
  buttonText: ReactNode;
  children(close: () => void): ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the open panel
    <div
      className="dropdown"
      ref={root}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      data-testid={testId}
    >
      <button
        type="button"
        className="dropdown-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {buttonText} <ChevronDown aria-hidden="true" size={16} />
      </button>
      {open ? (
        <div id={id} className="menu dropdown-panel">
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
