import { useId, useState } from "react";
import { NavLink } from "react-router-dom";
import { NAV } from "./messages.ts";
import type { NavItem } from "./nav-items.ts";

/** The tabs that do not fit while setup is incomplete. */
export function MoreMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the menu when focus or the pointer leaves
    <div
      className="more-menu"
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
    >
      <button
        type="button"
        className="tab"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {NAV.more} ▾
      </button>
      {open ? (
        <div id={id} className="menu">
          {items.map((item) => (
            <NavLink key={item.path} to={item.path} className="menu-item" onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          ))}
        </div>
      ) : null}
    </div>
  );
}
