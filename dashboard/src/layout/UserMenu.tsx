import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { initials } from "../analytics/analytics-rules.ts";
import type { User } from "../api/types.ts";
import { NAV } from "./messages.ts";

/** SPEC.md §9: a menu hover opened closes 150 ms after the pointer leaves it. */
export const MENU_CLOSE_DELAY_MS = 150;

/** The menu's items, in order. */
const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/** How the menu was opened: hover is a pointer shortcut; a click, a tap or a key opens it for good. */
type Opened = "hover" | "chosen" | null;

/**
 * The account menu: one menu button (WAI-ARIA menu button pattern). A click, a tap, Enter, Space or
 * ArrowDown opens it (the keyboard also focuses its first item, ArrowUp its last); a pointer may
 * open it by hovering, and it then closes 150 ms after the pointer leaves — but a click on a menu
 * hover just opened keeps it open, so a click never fights the hover (nor does a tap, which
 * browsers precede with a hover). Escape closes it and gives focus back to the button; so do a
 * click outside and Tab, which leaves it.
 */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut(): void }) {
  const [opened, setOpened] = useState<Opened>(null);
  const [focusFirst, setFocusFirst] = useState<"first" | "last" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = opened !== null;
  useEffect(() => () => clearTimeout(timer.current), []);

  // The keyboard's choice of item, once the menu is on the page.
  useEffect(() => {
    if (!open || focusFirst === null) return;
    const all = menuItems(menu.current);
    (focusFirst === "first" ? all[0] : all[all.length - 1])?.focus();
    setFocusFirst(null);
  }, [open, focusFirst]);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent | globalThis.MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpened(null);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);

  const close = (refocus: boolean) => {
    clearTimeout(timer.current);
    setOpened(null);
    if (refocus) button.current?.focus();
  };

  const hoverOpen = () => {
    clearTimeout(timer.current);
    setOpened((o) => o ?? "hover");
  };
  const hoverLeave = () => {
    if (opened !== "hover") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpened((o) => (o === "hover" ? null : o)), MENU_CLOSE_DELAY_MS);
  };

  const onButtonClick = (e: MouseEvent<HTMLButtonElement>) => {
    clearTimeout(timer.current);
    // A click from Enter or Space (detail 0) moves focus into the menu, as ArrowDown does.
    if (e.detail === 0 && opened !== "chosen") setFocusFirst("first");
    setOpened((o) => (o === "chosen" ? null : "chosen"));
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    setOpened("chosen");
    setFocusFirst(e.key === "ArrowDown" ? "first" : "last");
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(all.length - 1);
    else if (e.key === "Tab") close(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Escape" || !open) return;
    // Only this menu closes: a header panel around it stays open for the next Escape.
    e.stopPropagation();
    close(true);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer shortcut; the button opens it for everyone else
    <div
      ref={root}
      className="user-menu"
      onMouseEnter={hoverOpen}
      onMouseLeave={hoverLeave}
      onKeyDown={onKeyDown}
      data-testid="user-menu"
    >
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true">{initials(user.name || user.email || "")}</span>
        <span className="visually-hidden">{NAV.userMenu}</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="menu user-menu-panel"
          onKeyDown={onMenuKeyDown}
        >
          <div className="menu-identity" role="none">
            <strong>{user.name}</strong>
            <span>{user.email ?? user.wallet_address}</span>
            <code className="muted">{user.id}</code>
          </div>
          <Link
            to="/settings"
            role="menuitem"
            tabIndex={-1}
            className="menu-item"
            onClick={() => close(false)}
          >
            {NAV.settings}
          </Link>
          <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={onSignOut}>
            {NAV.signOut}
          </button>
        </div>
      ) : null}
    </div>
  );
}
