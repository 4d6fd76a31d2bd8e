/** The texts of the header, navigation and command palette (SPEC.md quoted texts kept exactly); shared texts are in ../messages.ts. */

export const NAV = {
  gettingStarted: "Get Started",
  dashboard: "Dashboard",
  payments: "Payments",
  products: "Products",
  customers: "Customers",
  integrations: "Integrations & Tools",
  /** The same tab in the phone's bottom bar. */
  integrationsBar: "Integrations",
  mail: "Mail",
  team: "Team",
  settings: "Settings",
  more: "More",
  /** The phone header's one button: the switchers, search, theme and account under it. */
  menu: "Menu",
  mainNavigation: "Main navigation",
  mobileNavigation: "Mobile navigation",
  search: "Search",
  userMenu: "Account menu",
  signOut: "Sign Out",
  skipToContent: "Skip to content",
} as const;

export const PALETTE = {
  title: "Command palette",
  placeholder: "Type a command or search...",
  empty: "No commands found",
  count: (n: number) => `${n} ${n === 1 ? "command" : "commands"}`,
  groups: { navigation: "Navigation", quickActions: "Quick Actions", settings: "Settings", help: "Help" },
} as const;
