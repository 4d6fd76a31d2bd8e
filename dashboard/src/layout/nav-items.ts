import { Bitcoin, CircleDot, LayoutDashboard, type LucideIcon, Package, Plug, Settings } from "lucide-react";
import { NAV } from "./messages.ts";

export interface NavItem {
  path: string;
  label: string;
  /** From lucide (tree-shaken): Unicode glyphs rendered as empty boxes on some phones. */
  icon: LucideIcon;
}

/** The signed-in tabs of SPEC.md §2, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: "/getting-started", label: NAV.gettingStarted, icon: CircleDot },
  { path: "/dashboard", label: NAV.dashboard, icon: LayoutDashboard },
  { path: "/payments", label: NAV.payments, icon: Bitcoin },
  { path: "/products", label: NAV.products, icon: Package },
  { path: "/integrations", label: NAV.integrations, icon: Plug },
  { path: "/settings", label: NAV.settings, icon: Settings },
];

/**
 * Which tabs show and which go under 'More': the Get Started tab is hidden once setup is
 * complete; while it is incomplete the first five show and the rest go under 'More'.
 */
export function tabLayout(setupComplete: boolean): { tabs: NavItem[]; more: NavItem[] } {
  if (setupComplete) return { tabs: NAV_ITEMS.filter((i) => i.path !== "/getting-started"), more: [] };
  return { tabs: NAV_ITEMS.slice(0, 5), more: NAV_ITEMS.slice(5) };
}

/** Mobile uses a bottom bar with the first four tabs. */
export function bottomBarItems(setupComplete: boolean): NavItem[] {
  return tabLayout(setupComplete).tabs.slice(0, 4);
}
