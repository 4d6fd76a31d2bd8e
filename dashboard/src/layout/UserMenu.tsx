import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { User } from "../api/types.ts";
import { NAV } from "./messages.ts";

/** SPEC.md §9: the user menu closes 150 ms after the pointer leaves it. */
export const MENU_CLOSE_DELAY_MS = 150;

/** Opens on hover (and on click or keyboard), closes 150 ms after the pointer leaves. */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut(): void }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };
  const initials = (user.name || user.email || "?").slice(0, 2).toUpperCase();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the button opens it for keyboard users
    <div
      className="user-menu"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      data-testid="user-menu"
    >
      <button
        type="button"
        className="avatar-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {initials}
        <span className="visually-hidden"> {NAV.userMenu}</span>
      </button>
      {open ? (
        <div id={menuId} className="menu user-menu-panel">
          <div className="menu-identity">
            <strong>{user.name}</strong>
            <span>{user.email ?? user.wallet_address}</span>
            <code className="muted">{user.id}</code>
          </div>
          <Link to="/settings" className="menu-item" onClick={() => setOpen(false)}>
            {NAV.settings}
          </Link>
          <button type="button" className="menu-item" onClick={onSignOut}>
            {NAV.signOut}
          </button>
        </div>
      ) : null}
    </div>
  );
}
