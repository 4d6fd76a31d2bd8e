import { Search } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router-dom";
import { isSetupComplete } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useSession } from "../state/session.tsx";
import { useTheme } from "../state/theme.tsx";
import { TenancyBar } from "../tenancy/TenancyBar.tsx";
import { Logo } from "../ui/Logo.tsx";
import { ThemeToggle } from "../ui/ThemeToggle.tsx";
import { CommandPalette } from "./CommandPalette.tsx";
import type { Command } from "./commands.ts";
import { HeaderMenu } from "./HeaderMenu.tsx";
import { MoreMenu } from "./MoreMenu.tsx";
import { NAV } from "./messages.ts";
import { bottomBarItems, tabLayout } from "./nav-items.ts";
import { UserMenu } from "./UserMenu.tsx";

/** The signed-in frame: tabs (with 'More'), tenancy controls, search, theme, user menu, mobile bottom bar. */
export function AppLayout() {
  const { user, signOut } = useSession();
  const { state } = useMerchant();
  const { toggle } = useTheme();
  const navigate = useNavigate();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const complete = isSetupComplete(state);
  const { tabs, more } = tabLayout(complete);

  const doSignOut = useCallback(async () => {
    await signOut();
    navigate("/", { replace: true });
  }, [signOut, navigate]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setPaletteOpen((o) => !o);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const run = (command: Command) => {
    setPaletteOpen(false);
    if (command.action === "toggle-theme") toggle();
    else if (command.action === "sign-out") void doSignOut();
    else if (command.to) navigate(command.to);
    else if (command.href) window.location.assign(command.href);
  };

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {NAV.skipToContent}
      </a>
      <header className="app-header">
        <div className="app-header-row">
          <NavLink to="/" className="brand">
            <Logo />
          </NavLink>
          <HeaderMenu>
            <TenancyBar />
            <div className="header-actions">
              <button
                type="button"
                className="button button-small search-button"
                onClick={() => setPaletteOpen(true)}
              >
                <Search aria-hidden="true" size={16} /> {NAV.search}{" "}
                <span className="kbd" aria-hidden="true">
                  Ctrl K
                </span>
              </button>
              <ThemeToggle />
              {user ? <UserMenu user={user} onSignOut={() => void doSignOut()} /> : null}
            </div>
          </HeaderMenu>
        </div>
        <nav aria-label={NAV.mainNavigation} className="tabs">
          {tabs.map((item) => (
            <NavLink
              key={item.path}
              to={item.path}
              className={({ isActive }) => (isActive ? "tab tab-active" : "tab")}
            >
              {item.label}
            </NavLink>
          ))}
          {more.length > 0 ? <MoreMenu items={more} /> : null}
        </nav>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <nav aria-label={NAV.mobileNavigation} className="bottom-bar">
        {bottomBarItems(complete).map((item) => (
          <NavLink
            key={item.path}
            to={item.path}
            className={({ isActive }) => (isActive ? "bottom-item active" : "bottom-item")}
          >
            <item.icon aria-hidden="true" size={20} />
            <span className="bottom-label">{item.barLabel ?? item.label}</span>
          </NavLink>
        ))}
      </nav>
      {paletteOpen ? <CommandPalette onRun={run} onClose={() => setPaletteOpen(false)} /> : null}
    </div>
  );
}
