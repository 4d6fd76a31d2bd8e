import {
  Bitcoin,
  CircleDot,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Package,
  Plug,
  Settings,
  Users,
  UsersRound,
} from "lucide-react";
import { NAV } from "./messages.ts";

export interface NavItem {
  path: string;
  label: string;
  /** The bottom bar's label, where a quarter of a phone's width is all a tab has. */
  barLabel?: string;
  /** From lucide (tree-shaken): Unicode glyphs rendered as empty boxes on some phones. */
  icon: LucideIcon;
}

/** The signed-in tabs of SPEC.md §2, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: "/getting-started", label: NAV.gettingStarted, icon: CircleDot },
  { path: "/dashboard", label: NAV.dashboard, icon: LayoutDashboard },
  { path: "/payments", label: NAV.payments, icon: Bitcoin },
  { path: "/products", label: NAV.products, icon: Package },
  { path: "/customers", label: NAV.customers, icon: Users },
  { path: "/integrations", label: NAV.integrations, barLabel: NAV.integrationsBar, icon: Plug },
  { path: "/mail", label: NAV.mail, icon: Mail },
  { path: "/team", label: NAV.team, icon: UsersRound },
  { path: "/settings", label: NAV.settings, icon: Settings },
];

/** The mail inbox is looked at now and then: once setup is complete it sits under 'More'. */
const UNDER_MORE = "/mail";

/**
 * Which tabs show and which go under 'More': the Get Started tab is hidden once setup is
 * complete, and Mail then sits under 'More'; while setup is incomplete the first five show and the
 * rest go under 'More'.
 */
export function tabLayout(setupComplete: boolean): { tabs: NavItem[]; more: NavItem[] } {
  if (setupComplete) {
    const shown = NAV_ITEMS.filter((i) => i.path !== "/getting-started");
    return {
      tabs: shown.filter((i) => i.path !== UNDER_MORE),
      more: shown.filter((i) => i.path === UNDER_MORE),
    };
  }
  return { tabs: NAV_ITEMS.slice(0, 5), more: NAV_ITEMS.slice(5) };
}

/** Mobile uses a bottom bar with the first four tabs. */
export function bottomBarItems(setupComplete: boolean): NavItem[] {
  return tabLayout(setupComplete).tabs.slice(0, 4);
}
