import { Menu, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { NAV } from "./messages.ts";

/** An open menu (its button says so) or dialog opened from the panel: Escape closes that one first. */
const OPEN_NESTED_MENU = ':is(.dropdown, .user-menu, .more-menu) > [aria-expanded="true"], [role="dialog"]';
const FOCUSABLE =
  "button:not([disabled]), [href], input:not([disabled]), select, [tabindex]:not([tabindex='-1'])";

/**
 * The header's controls (switchers, search, theme, user menu). On wide screens they sit in the
 * header row (the panel is `display: contents`); on phones (styles.css, ≤ 640 px) the header is the
 * logo and one Menu button, and the controls open under it: focus moves in, Escape or a click
 * elsewhere closes it and focus returns to the button, and it closes on navigation.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    if (panel.current?.querySelector(OPEN_NESTED_MENU)) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button header-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
      >
        {open ? <X aria-hidden="true" size={18} /> : <Menu aria-hidden="true" size={18} />}
        {NAV.menu}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel (its controls take the keys) */}
      <div
        ref={panel}
        id={panelId}
        className={open ? "header-panel header-panel-open" : "header-panel"}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </>
  );
}
